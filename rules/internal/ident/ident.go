// Package ident splits identifiers (tool and parameter names) into their
// words, for the rules that restyle a name and the classifier that reads
// what a name says a tool does.
package ident

import (
	"strings"
	"unicode"
)

// Words splits an identifier into its words: at every character that is
// neither a letter nor a digit, and at camel-case humps. An upper-case
// letter starts a word after a lower-case letter or a digit ("getV2User"
// is get, V2, User), and an acronym ends before its last capital when a
// lower-case letter follows ("getHTTPResponse" is get, HTTP, Response).
// Digits never start a word, so "base64Encode" is base64, Encode. The
// words keep their case.
func Words(s string) []string {
	var out []string
	for token := range strings.FieldsFuncSeq(s, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}) {
		out = append(out, splitHumps(token)...)
	}
	return out
}

func splitHumps(token string) []string {
	rs := []rune(token)
	var out []string
	start := 0
	for i := 1; i < len(rs); i++ {
		if !unicode.IsUpper(rs[i]) {
			continue
		}
		prev := rs[i-1]
		acronymEnd := unicode.IsUpper(prev) && i+1 < len(rs) && unicode.IsLower(rs[i+1])
		if unicode.IsLower(prev) || unicode.IsDigit(prev) || acronymEnd {
			out = append(out, string(rs[start:i]))
			start = i
		}
	}
	return append(out, string(rs[start:]))
}
