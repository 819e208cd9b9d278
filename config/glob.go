package config

import (
	"errors"
	"unicode/utf8"
)

// Globs in [[ignore]] match tool names, owners such as "<prompt NAME>" and
// server names. Unlike path.Match, "*" crosses "/" because owners like
// "<resource file:///x>" contain slashes.
//
//	*        any run of characters, including none
//	?        one character
//	[abc]    one of a, b, c; [a-z] a range; [!a-z] or [^a-z] negated
//	\x       the character x itself

// ValidGlob reports why pattern is not a glob, or nil.
func ValidGlob(pattern string) error {
	for i := 0; i < len(pattern); {
		switch pattern[i] {
		case '\\':
			if i+1 >= len(pattern) {
				return errors.New(`it ends with a lone "\"; write "\\" for a backslash`)
			}
			_, n := utf8.DecodeRuneInString(pattern[i+1:])
			i += 1 + n
		case '[':
			_, next, closed := matchClass(pattern[i:], 0)
			if !closed {
				return errors.New(`a "[" is never closed by "]"; write "\[" for a literal bracket`)
			}
			i += next
		default:
			i++
		}
	}
	return nil
}

// MatchGlob reports whether name matches pattern; an invalid pattern
// matches nothing.
func MatchGlob(pattern, name string) bool {
	if ValidGlob(pattern) != nil {
		return false
	}
	// Classic backtracking over the last star: linear for patterns with
	// one star, and never exponential.
	p, n := 0, 0
	starP, starN := -1, 0
	for n < len(name) {
		if p < len(pattern) {
			switch pattern[p] {
			case '*':
				starP, starN = p, n
				p++
				continue
			case '?':
				_, size := utf8.DecodeRuneInString(name[n:])
				p, n = p+1, n+size
				continue
			case '[':
				r, size := utf8.DecodeRuneInString(name[n:])
				if in, next, _ := matchClass(pattern[p:], r); in {
					p, n = p+next, n+size
					continue
				}
			default:
				lit, size := literal(pattern[p:])
				r, rsize := utf8.DecodeRuneInString(name[n:])
				if lit == r {
					p, n = p+size, n+rsize
					continue
				}
			}
		}
		if starP < 0 {
			return false
		}
		_, size := utf8.DecodeRuneInString(name[starN:])
		starN += size
		p, n = starP+1, starN
	}
	for p < len(pattern) && pattern[p] == '*' {
		p++
	}
	return p == len(pattern)
}

// literal reads one pattern character, unescaping "\x".
func literal(p string) (rune, int) {
	if p[0] == '\\' && len(p) > 1 {
		r, n := utf8.DecodeRuneInString(p[1:])
		return r, n + 1
	}
	return utf8.DecodeRuneInString(p)
}

// matchClass reads the class ("[...]") at the start of p. It returns
// whether r is in it, the class's length, and whether it is closed at all.
// A "]" right after the opening (or after "!"/"^") is a member, so "[]]"
// matches "]".
func matchClass(p string, r rune) (matched bool, next int, closed bool) {
	i := 1
	negate := false
	if i < len(p) && (p[i] == '!' || p[i] == '^') {
		negate = true
		i++
	}
	first := true
	for i < len(p) {
		if p[i] == ']' && !first {
			return matched != negate, i + 1, true
		}
		first = false
		lo, n := literal(p[i:])
		i += n
		hi := lo
		if i+1 < len(p) && p[i] == '-' && p[i+1] != ']' {
			hi, n = literal(p[i+1:])
			i += 1 + n
		}
		if lo <= r && r <= hi {
			matched = true
		}
	}
	return false, len(p), false
}
