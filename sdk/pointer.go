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
	// Rules make a pointer for nearly every node they look at: it is
	// allocated once, at its size when no token needs escaping, as few do.
	n := len(base)
	for _, t := range tokens {
		n += 1 + len(t)
	}
	var b strings.Builder
	b.Grow(n)
	b.WriteString(base)
	for _, t := range tokens {
		b.WriteByte('/')
		if strings.ContainsAny(t, "~/") {
			pointerEscaper.WriteString(&b, t)
		} else {
			b.WriteString(t)
		}
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
