package jsonesc

import "unicode/utf8"

// AppendString appends s quoted as encoding/json writes a string: '"',
// '\\' and control characters escaped, and '<', '>' and '&' too when html
// (encoding/json's default; json.Encoder.SetEscapeHTML(false) leaves them);
// invalid UTF-8 as \ufffd; U+2028 and U+2029 escaped. The compact JSON
// whose tokens are counted and the tool lists of the benchmark corpora
// (orderedjson) write their strings with it. (The report formats' JSON
// escapes more, hidden characters and C1 controls too, in a loop of its
// own, which a table of 256 bytes makes faster on report text than this
// one's eight bytes a step.)
func AppendString(b []byte, s string, html bool) []byte {
	plain := &plainText
	if html {
		plain = &plainHTML
	}
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if i+8 <= len(s) && plainWord(le64(s, i)) {
			i += 8
			continue
		}
		if c := s[i]; c < utf8.RuneSelf {
			if plain[c] {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			b = AppendASCII(b, c)
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = AppendRune(b, r)
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// plainText and plainHTML mark the ASCII bytes a string holds as they
// are, without and with HTML escaping: one lookup a byte instead of six
// comparisons, in the loop that reads every byte of every tool.
var plainText, plainHTML = func() (text, html [utf8.RuneSelf]bool) {
	for c := byte(0x20); c < utf8.RuneSelf; c++ {
		text[c] = c != '"' && c != '\\'
		html[c] = text[c] && c != '<' && c != '>' && c != '&'
	}
	return text, html
}()

const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)

// plainWord reports whether none of the eight bytes of w needs the care
// of AppendString's byte loop: each is ASCII from ' ' up and none is '"',
// '\\', '<', '>' or '&'. It may report false for a plain word, never true
// for one that is not; without HTML escaping '<', '>' and '&' are such
// false alarms, which the byte loop then passes. Text is mostly plain,
// and eight bytes a step beat one.
func plainWord(w uint64) bool {
	// A byte b is in {'"', '&'} when (b^'"')&^4 is zero, and in
	// {'<', '>'} when (b^'<')&^2 is; hasZero finds a zero byte exactly.
	special := hasZero(w^'\\'*ones) | hasZero((w^'"'*ones)&^(4*ones)) | hasZero((w^'<'*ones)&^(2*ones))
	// Bytes under ' ' borrow in the subtraction, which may also flag the
	// byte above one that did: false alarms only.
	control := (w - ' '*ones) & ^w
	return (special|control|w)&highs == 0
}

// hasZero has the high bit of some byte set when a byte of w is zero.
func hasZero(w uint64) uint64 {
	return (w - ones) & ^w & highs
}

// le64 is the eight bytes of s from i as a little-endian word.
func le64(s string, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}
