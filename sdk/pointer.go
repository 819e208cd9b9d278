package sdk

import (
	"strconv"
	"strings"
)

var pointerEscaper = strings.NewReplacer("~", "~0", "/", "~1")

// Pointer appends reference tokens to a JSON pointer, escaping each as RFC
// 6901 requires: Pointer("/tools/0/inputSchema", "properties", "a/b") is
// "/tools/0/inputSchema/properties/a~1b".
func Pointer(base string, tokens ...string) string {
	var b strings.Builder
	b.WriteString(base)
	for _, t := range tokens {
		b.WriteByte('/')
		pointerEscaper.WriteString(&b, t)
	}
	return b.String()
}

// ToolPointer is the pointer of tool i, with optional further tokens.
func ToolPointer(i int, tokens ...string) string {
	return Pointer("/tools/"+strconv.Itoa(i), tokens...)
}

// SplitPointer returns the unescaped reference tokens of a JSON pointer.
func SplitPointer(p string) []string {
	if p == "" {
		return nil
	}
	parts := strings.Split(strings.TrimPrefix(p, "/"), "/")
	for i, s := range parts {
		if strings.Contains(s, "~") {
			parts[i] = strings.ReplaceAll(strings.ReplaceAll(s, "~1", "/"), "~0", "~")
		}
	}
	return parts
}
