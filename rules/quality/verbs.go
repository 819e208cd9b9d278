package quality

import (
	"strings"
	"unicode"
)

// What a tool's name says it does, judged by its first word. The guess only
// shapes a fix's wording, except for clearlyDestructive, which is strict
// enough to contradict a readOnlyHint.
type nameIntent int

const (
	intentUnknown nameIntent = iota
	intentReadOnly
	intentAdditive
	intentDestructive
)

var readOnlyVerbs = set("get", "list", "read", "search", "find", "fetch", "query", "describe",
	"show", "view", "lookup", "look", "check", "count", "inspect", "explain", "browse", "retrieve")

var additiveVerbs = set("create", "add", "insert", "append", "post", "send", "upload", "new",
	"register", "subscribe", "comment", "reply", "star")

// clearlyDestructiveVerbs name actions that delete or overwrite whatever
// they touch. Verbs that also name pure computations ("remove_background",
// "format_date", "truncate_text") are left out, so that a read-only tool
// named with them is never reported.
var clearlyDestructiveVerbs = set("delete", "destroy", "drop", "purge", "erase", "wipe", "kill",
	"terminate", "uninstall", "unlink", "overwrite", "rm", "del")

var destructiveVerbs = set("remove", "update", "set", "edit", "write", "put", "replace", "move",
	"rename", "reset", "clear", "cancel", "revoke", "modify", "patch")

func set(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// firstWord is the lower-cased first word of a tool name's last
// dot-separated segment: "github.deleteRepo" gives "delete".
func firstWord(name string) string {
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		name = name[i+1:]
	}
	var b strings.Builder
	prevLower := false
	for _, r := range name {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			if b.Len() > 0 {
				break
			}
			continue
		}
		if prevLower && unicode.IsUpper(r) {
			break
		}
		b.WriteRune(unicode.ToLower(r))
		prevLower = unicode.IsLower(r)
	}
	return b.String()
}

func intentOf(name string) nameIntent {
	w := firstWord(name)
	switch {
	case readOnlyVerbs[w]:
		return intentReadOnly
	case additiveVerbs[w]:
		return intentAdditive
	case clearlyDestructiveVerbs[w], destructiveVerbs[w]:
		return intentDestructive
	}
	return intentUnknown
}

func clearlyDestructive(name string) bool {
	return clearlyDestructiveVerbs[firstWord(name)]
}
