// Package ident splits identifiers into the words they are written with,
// for the rules that read names (naming's style checks) and those that
// read words glued into one ("alwaysUseThisTool").
package ident

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Words splits an identifier into its words: at every character that is
// neither a letter nor a digit, and at camel-case humps (see Humps). The
// words keep their case. An ASCII identifier, as nearly every tool and
// parameter name is, is split in place: its words are slices of s.
func Words(s string) []string {
	if ascii(s) {
		return asciiWords(s)
	}
	var out []string
	for token := range strings.FieldsFuncSeq(s, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}) {
		out = append(out, Humps(token)...)
	}
	return out
}

// asciiWords is Words for an ASCII s, read on bytes: its one allocation
// is the slice of words, made at its final length.
func asciiWords(s string) []string {
	n := 0
	eachASCIIWord(s, func(string) { n++ })
	if n == 0 {
		return nil
	}
	out := make([]string, 0, n)
	eachASCIIWord(s, func(w string) { out = append(out, w) })
	return out
}

// eachASCIIWord calls f with each word of the ASCII identifier s, split
// where Words splits it: at bytes that are neither letters nor digits,
// and at the humps of Humps.
func eachASCIIWord(s string, f func(string)) {
	start := -1
	for i := 0; i <= len(s); i++ {
		if i == len(s) || !isLower(s[i]) && !isUpper(s[i]) && !isDigit(s[i]) {
			if start >= 0 {
				f(s[start:i])
				start = -1
			}
			continue
		}
		if start < 0 {
			start = i
			continue
		}
		if c, p := s[i], s[i-1]; isUpper(c) && (isLower(p) || isDigit(p) || isUpper(p) && i+1 < len(s) && isLower(s[i+1])) {
			f(s[start:i])
			start = i
		}
	}
}

// EachWord calls f with the bounds of each word of the identifier s, in
// order: runs of ASCII lower-case letters, digits and non-ASCII bytes,
// split at _, -, ., spaces and any other ASCII punctuation, and before a
// capital that follows a lower-case letter ("getUser" is get, User;
// "HTTPResponse" stays one word). It reads each byte once and allocates
// nothing, for the rules that split every parameter name of a large
// server; Words is the finer split for messages and style checks.
func EachWord(s string, f func(start, end int)) {
	start := -1
	flush := func(end int) {
		if start >= 0 && end > start {
			f(start, end)
		}
		start = -1
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case isLower(c) || isDigit(c) || c >= 0x80:
			if start < 0 {
				start = i
			}
		case isUpper(c):
			if start >= 0 && i > 0 && isLower(s[i-1]) {
				flush(i)
			}
			if start < 0 {
				start = i
			}
		default:
			flush(i)
		}
	}
	flush(len(s))
}

// Humps splits one token of letters and digits at its camel-case humps.
// An upper-case letter starts a word after a lower-case letter or a digit
// ("getV2User" is get, V2, User), and an acronym ends before its last
// capital when a lower-case letter follows ("getHTTPResponse" is get,
// HTTP, Response). Digits never start a word, so "base64Encode" is
// base64, Encode.
func Humps(token string) []string {
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

// Glued reports whether s holds a word of ASCII letters with at least
// humps camel-case humps (a lower-case letter, then a capital), the way
// "alwaysUseThisTool" glues four words into one. It reads each byte once.
func Glued(s string, humps int) bool {
	n := 0
	for i := 1; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'A' && c <= 'Z':
			if p := s[i-1]; p >= 'a' && p <= 'z' {
				if n++; n >= humps {
					return true
				}
			}
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9':
		default:
			n = 0
		}
	}
	return false
}

// Unglue returns s with a space at every camel-case hump of its words, as
// Humps splits them, so that "alwaysUseThisTool" reads "always Use This
// Tool"; other bytes are kept. ASCII words are split in place, with no
// allocation but the result's.
func Unglue(s string) string {
	out := make([]byte, 0, len(s)+8)
	start := -1
	flush := func(end int) {
		if start < 0 {
			return
		}
		word := s[start:end]
		start = -1
		if !ascii(word) {
			for k, w := range Humps(word) {
				if k > 0 {
					out = append(out, ' ')
				}
				out = append(out, w...)
			}
			return
		}
		for i := 0; i < len(word); i++ {
			c := word[i]
			if i > 0 && isUpper(c) {
				p := word[i-1]
				acronymEnd := isUpper(p) && i+1 < len(word) && isLower(word[i+1])
				if isLower(p) || isDigit(p) || acronymEnd {
					out = append(out, ' ')
				}
			}
			out = append(out, c)
		}
	}
	// Bytes below utf8.RuneSelf are read as they are, without decoding
	// a rune or asking package unicode: descriptions are mostly ASCII.
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if isLower(c) || isUpper(c) || isDigit(c) {
				if start < 0 {
					start = i
				}
			} else {
				flush(i)
				out = append(out, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if start < 0 {
				start = i
			}
		} else {
			flush(i)
			out = utf8.AppendRune(out, r)
		}
		i += size
	}
	flush(len(s))
	return string(out)
}

func ascii(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

func isUpper(c byte) bool { return c >= 'A' && c <= 'Z' }
func isLower(c byte) bool { return c >= 'a' && c <= 'z' }
func isDigit(c byte) bool { return c >= '0' && c <= '9' }
