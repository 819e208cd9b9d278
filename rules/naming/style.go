package naming

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mcplint/mcplint/internal/ident"
)

// style is a way of writing a multi-word identifier.
type style int

// The styles tool-name-style recognizes. Only the first three can be chosen
// in settings; PascalCase and SCREAMING_SNAKE_CASE are recognized so that a
// server written wholly in one of them counts as consistent.
const (
	snakeCase style = iota
	camelCase
	kebabCase
	pascalCase
	screamingSnakeCase
	styleCount
)

var styleNames = [styleCount]string{
	snakeCase:          "snake_case",
	camelCase:          "camelCase",
	kebabCase:          "kebab-case",
	pascalCase:         "PascalCase",
	screamingSnakeCase: "SCREAMING_SNAKE_CASE",
}

func (s style) String() string { return styleNames[s] }

// fits reports whether name is written in style s. Dots separate namespace
// segments ("admin.list_users"), so a dotted name fits when every segment
// does.
func (s style) fits(name string) bool {
	if name == "" {
		return false
	}
	for seg := range strings.SplitSeq(name, ".") {
		if !s.fitsSegment(seg) {
			return false
		}
	}
	return true
}

func (s style) fitsSegment(seg string) bool {
	if seg == "" {
		return false
	}
	switch s {
	case snakeCase:
		return separatedWords(seg, '_', isLowerOrDigit)
	case kebabCase:
		return separatedWords(seg, '-', isLowerOrDigit)
	case screamingSnakeCase:
		return separatedWords(seg, '_', isUpperOrDigit) && strings.IndexFunc(seg, isASCIIUpper) >= 0
	case camelCase:
		return isASCIILower(rune(seg[0])) && allASCIIAlnum(seg)
	case pascalCase:
		return isASCIIUpper(rune(seg[0])) && allASCIIAlnum(seg)
	}
	return false
}

// separatedWords reports whether seg is non-empty words of runes accepted by
// ok, joined by single sep characters.
func separatedWords(seg string, sep byte, ok func(rune) bool) bool {
	for word := range strings.SplitSeq(seg, string(sep)) {
		if word == "" {
			return false
		}
		for _, r := range word {
			if !ok(r) {
				return false
			}
		}
	}
	return true
}

// convert rewrites name in style s, keeping its dot-separated namespace
// segments: convert("admin.getUser", snakeCase) is "admin.get_user".
func convert(name string, s style) string {
	var segs []string
	for seg := range strings.SplitSeq(name, ".") {
		w := ident.Words(seg)
		if len(w) == 0 {
			continue
		}
		segs = append(segs, joinWords(w, s))
	}
	return strings.Join(segs, ".")
}

func joinWords(w []string, s style) string {
	out := make([]string, len(w))
	for i, word := range w {
		switch s {
		case snakeCase, kebabCase:
			out[i] = strings.ToLower(word)
		case screamingSnakeCase:
			out[i] = strings.ToUpper(word)
		case camelCase:
			if i == 0 {
				out[i] = strings.ToLower(word)
			} else {
				out[i] = capitalize(word)
			}
		case pascalCase:
			out[i] = capitalize(word)
		}
	}
	switch s {
	case snakeCase, screamingSnakeCase:
		return strings.Join(out, "_")
	case kebabCase:
		return strings.Join(out, "-")
	}
	return strings.Join(out, "")
}

func capitalize(word string) string {
	r, n := utf8.DecodeRuneInString(word)
	return string(unicode.ToUpper(r)) + strings.ToLower(word[n:])
}

func isASCIILower(r rune) bool   { return r >= 'a' && r <= 'z' }
func isASCIIUpper(r rune) bool   { return r >= 'A' && r <= 'Z' }
func isASCIIDigit(r rune) bool   { return r >= '0' && r <= '9' }
func isLowerOrDigit(r rune) bool { return isASCIILower(r) || isASCIIDigit(r) }
func isUpperOrDigit(r rune) bool { return isASCIIUpper(r) || isASCIIDigit(r) }

func allASCIIAlnum(s string) bool {
	for _, r := range s {
		if !isASCIILower(r) && !isASCIIUpper(r) && !isASCIIDigit(r) {
			return false
		}
	}
	return true
}
