// Package snip cuts a text for a message, so that a hostile or huge
// value does not flood a report, and every excerpt mcplint writes counts
// and marks its cut the same way.
package snip

import "unicode/utf8"

// Ellipsis marks where Runes cut a text.
const Ellipsis = "…"

// Runes keeps at most n characters (runes) of s for a message, so that
// a hostile or huge value does not flood a report: s itself when it is no
// longer, else its first n runes and Ellipsis. It never splits a UTF-8
// sequence; a byte that is not UTF-8 counts as one character. Every
// excerpt in rule messages, errors and reports is cut by it, so they all
// count the same way and mark the cut the same way.
func Runes(s string, n int) string {
	if len(s) <= n {
		// n bytes are at most n runes.
		return s
	}
	i := 0
	for k := 0; k < n && i < len(s); k++ {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	if i >= len(s) {
		return s
	}
	return s[:i] + Ellipsis
}
