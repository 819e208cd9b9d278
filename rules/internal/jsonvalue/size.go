package jsonvalue

import (
	"encoding/json"
	"math"
	"strconv"
	"unicode/utf8"
)

// Size is the length of json.Marshal(v), or 0 when v does not marshal,
// counted without writing the JSON: a rule that weighs the parts of
// thousands of large definitions should not build each of them as text.
// The generic tree's types are counted here; any other value is
// marshalled.
func Size(v any) int {
	var scratch [32]byte
	n, ok := size(v, scratch[:0])
	if !ok {
		return 0
	}
	return n
}

func size(v any, scratch []byte) (int, bool) {
	switch v := v.(type) {
	case nil:
		return len("null"), true
	case bool:
		if v {
			return len("true"), true
		}
		return len("false"), true
	case string:
		return stringSize(v), true
	case float64:
		return floatSize(v, scratch)
	case map[string]any:
		if v == nil {
			return len("null"), true
		}
		return objectSize(v, scratch, nil)
	case []any:
		if v == nil {
			return len("null"), true
		}
		n := len("[]") + max(0, len(v)-1)
		for _, e := range v {
			m, ok := size(e, scratch)
			if !ok {
				return 0, false
			}
			n += m
		}
		return n, true
	}
	b, err := json.Marshal(v)
	return len(b), err == nil
}

// ObjectSize is Size(m) for an object, which it weighs member by member,
// telling member (when not nil) each key and the size of its value: a
// caller that wants the weight of the parts as well as of the whole
// weighs each once. It is 0 when a value does not marshal, and member
// may have been told of other members by then.
func ObjectSize(m map[string]any, member func(key string, size int)) int {
	if m == nil {
		return len("null")
	}
	var scratch [32]byte
	n, ok := objectSize(m, scratch[:0], member)
	if !ok {
		return 0
	}
	return n
}

func objectSize(m map[string]any, scratch []byte, member func(key string, size int)) (int, bool) {
	n := len("{}") + max(0, len(m)-1) // the commas
	for k, e := range m {
		v, ok := size(e, scratch)
		if !ok {
			return 0, false
		}
		if member != nil {
			member(k, v)
		}
		n += stringSize(k) + len(":") + v
	}
	return n, true
}

// stringSize is the length of s as encoding/json writes it: quoted, with
// the HTML characters, control characters, bytes that are not UTF-8 and
// the line and paragraph separators escaped as \uXXXX.
func stringSize(s string) int {
	n := len(`""`)
	for i := 0; i < len(s); {
		if i+8 <= len(s) && plainWord(s[i:i+8]) {
			n += 8
			i += 8
			continue
		}
		b := s[i]
		if b < utf8.RuneSelf {
			switch {
			case b == '\\' || b == '"' || b == '\b' || b == '\f' || b == '\n' || b == '\r' || b == '\t':
				n += 2
			case b < 0x20 || b == '<' || b == '>' || b == '&':
				n += len(`\u0000`)
			default:
				n++
			}
			i++
			continue
		}
		r, width := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && width == 1 || r == '\u2028' || r == '\u2029' {
			n += len(`\u0000`)
		} else {
			n += width
		}
		i += width
	}
	return n
}

// floatSize is the length of f as encoding/json writes a float64: the
// shortest form, in exponent notation below 1e-6 and from 1e21, with a
// one-digit exponent not padded. NaN and the infinities do not marshal.
func floatSize(f float64, scratch []byte) (int, bool) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, false
	}
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b := strconv.AppendFloat(scratch, f, format, -1, 64)
	n := len(b)
	if format == 'e' && n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
		n--
	}
	return n, true
}

const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)

// plainWord reports whether none of the eight bytes of w, a string of
// eight, is escaped or starts a multi-byte character: each is ASCII from
// ' ' up and none is '"', '\\', '<', '>' or '&'. It may report false for a
// plain word, never true for one that is not. Descriptions are mostly
// plain, and eight bytes a step beat one.
func plainWord(w string) bool {
	x := uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
		uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
	// A byte b is in {'"', '&'} when (b^'"')&^4 is zero, and in
	// {'<', '>'} when (b^'<')&^2 is; hasZero finds a zero byte exactly.
	special := hasZero(x^'\\'*ones) | hasZero((x^'"'*ones)&^(4*ones)) | hasZero((x^'<'*ones)&^(2*ones))
	// Bytes under ' ' borrow in the subtraction, which may also flag the
	// byte above one that did: false alarms only.
	control := (x - ' '*ones) & ^x
	return (special|control|x)&highs == 0
}

// hasZero has the high bit of some byte set when a byte of x is zero.
func hasZero(x uint64) uint64 {
	return (x - ones) & ^x & highs
}
