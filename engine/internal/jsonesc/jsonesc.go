// Package jsonesc writes the escapes encoding/json writes in strings, for
// the hand-written JSON writers that must match it byte for byte (the
// report formats, and the compact JSON whose tokens are counted).
package jsonesc

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
