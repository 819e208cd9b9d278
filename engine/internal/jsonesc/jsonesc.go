// Package jsonesc writes the escapes encoding/json writes in strings, for
// the hand-written JSON writers that must match it byte for byte (the
// report formats, the compact JSON whose tokens are counted, the tool
// lists of the benchmark corpora).
package jsonesc

import "unicode/utf8"

const hexDigits = "0123456789abcdef"

// AppendASCII appends encoding/json's escape for c, an ASCII byte that a
// string does not hold as it is: a quote, a backslash, a control character
// or, with HTML escaping, '<', '>' or '&'.
func AppendASCII(b []byte, c byte) []byte {
	switch c {
	case '\\', '"':
		return append(b, '\\', c)
	case '\b':
		return append(b, '\\', 'b')
	case '\f':
		return append(b, '\\', 'f')
	case '\n':
		return append(b, '\\', 'n')
	case '\r':
		return append(b, '\\', 'r')
	case '\t':
		return append(b, '\\', 't')
	}
	return append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
}

// AppendRune appends r as encoding/json's \uXXXX escape, a surrogate pair
// of them for a rune outside the Basic Multilingual Plane: for writers
// that keep a JSON text in ASCII, or escape characters a terminal or a
// reader must not meet raw.
func AppendRune(b []byte, r rune) []byte {
	if r > 0xFFFF {
		r -= 0x10000
		b = appendU(b, 0xD800+(r>>10))
		return appendU(b, 0xDC00+(r&0x3FF))
	}
	return appendU(b, r)
}

func appendU(b []byte, r rune) []byte {
	return append(b, '\\', 'u', hexDigits[r>>12&0xF], hexDigits[r>>8&0xF], hexDigits[r>>4&0xF], hexDigits[r&0xF])
}

// EscapeRunes returns the JSON text b with every rune for which escape is
// true written as AppendRune writes it; b itself when there is none.
// Outside strings a JSON text is ASCII, so this is safe rune by rune; an
// invalid byte is left as it is.
func EscapeRunes(b []byte, escape func(rune) bool) []byte {
	var out []byte
	last := 0
	for i := 0; i < len(b); {
		if b[i] < 0x80 {
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		if (r != utf8.RuneError || size > 1) && escape(r) {
			if out == nil {
				out = make([]byte, 0, len(b)+64)
			}
			out = AppendRune(append(out, b[last:i]...), r)
			last = i + size
		}
		i += size
	}
	if out == nil {
		return b
	}
	return append(out, b[last:]...)
}
