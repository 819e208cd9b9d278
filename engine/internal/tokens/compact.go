package tokens

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/mcplint/mcplint/engine/internal/jsonesc"
)

// compact writes a generically decoded JSON value (map[string]any, []any,
// string, float64, bool, nil) exactly as json.Marshal writes it: keys in
// byte order, no spaces, strings escaped as encoding/json escapes them,
// HTML characters and U+2028/U+2029 included. json.Marshal goes through
// reflection and a fresh buffer per call; counting a large tool list
// spent more time there than in counting. One compact is reused for every
// tool a worker counts.
type compact struct {
	buf []byte
	// members is a stack of the members of the objects being written,
	// sorted in place, so that no object needs a slice of its own, and
	// held with their values, so that no value is looked up again.
	members []member
	// counting is set when the buffer is counted as it is written (see
	// counting.go); encode leaves it nil.
	counting *streamCount
}

type member struct {
	key   string
	value any
}

// encode returns v's compact JSON in c's buffer, valid until the next
// call; ok is false when v holds anything but the types above or a number
// JSON cannot write, for which the caller asks json.Marshal.
func (c *compact) encode(v any) (out []byte, ok bool) {
	c.buf = c.buf[:0]
	if !c.value(v) {
		return nil, false
	}
	return c.buf, true
}

func (c *compact) value(v any) bool {
	switch v := v.(type) {
	case nil:
		c.buf = append(c.buf, "null"...)
	case bool:
		c.buf = strconv.AppendBool(c.buf, v)
	case string:
		if c.counting != nil && len(v) >= sharedMin {
			c.sharedString(v)
			return true
		}
		c.buf = appendString(c.buf, v)
	case float64:
		return c.float(v)
	case []any:
		if v == nil {
			c.buf = append(c.buf, "null"...)
			return true
		}
		c.buf = append(c.buf, '[')
		for i, e := range v {
			if i > 0 {
				c.buf = append(c.buf, ',')
			}
			if !c.value(e) {
				return false
			}
		}
		c.buf = append(c.buf, ']')
	case map[string]any:
		if v == nil {
			c.buf = append(c.buf, "null"...)
			return true
		}
		if c.counting != nil {
			return c.sharedObject(v)
		}
		return c.object(v)
	default:
		return false
	}
	return true
}

// object writes v, a map that is not nil.
func (c *compact) object(v map[string]any) bool {
	start, _ := c.gather(v)
	return c.writeMembers(start)
}

// gather pushes v's members on c.members, sorted, and returns where they
// start and whether every value is a scalar.
func (c *compact) gather(v map[string]any) (start int, scalars bool) {
	start = len(c.members)
	scalars = true
	for k, e := range v {
		switch e.(type) {
		case map[string]any, []any:
			scalars = false
		}
		c.members = append(c.members, member{k, e})
	}
	sortMembers(c.members[start:])
	return start, scalars
}

// writeMembers writes the object of the members from start on, and pops them.
func (c *compact) writeMembers(start int) bool {
	c.buf = append(c.buf, '{')
	for i := start; i < len(c.members); i++ {
		if i > start {
			c.buf = append(c.buf, ',')
		}
		// Writing a member grows and shrinks c.members, which may move
		// it, so read the member afresh.
		m := c.members[i]
		c.buf = appendString(c.buf, m.key)
		c.buf = append(c.buf, ':')
		if !c.value(m.value) {
			c.members = c.members[:start]
			return false
		}
	}
	c.buf = append(c.buf, '}')
	c.members = c.members[:start]
	return true
}

// float writes f as encoding/json's float64 encoder does: like
// ECMAScript, with an exponent only below 1e-6 or from 1e21, and without
// a leading zero in the exponent.
func (c *compact) float(f float64) bool {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return false
	}
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b := strconv.AppendFloat(c.buf, f, format, -1, 64)
	if format == 'e' {
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	c.buf = b
	return true
}

// sortMembers sorts ms by key. An object of a schema has a handful of
// members, for which insertion sort beats the general sort's setup.
func sortMembers(ms []member) {
	if len(ms) > 12 {
		slices.SortFunc(ms, func(a, b member) int { return strings.Compare(a.key, b.key) })
		return
	}
	for i := 1; i < len(ms); i++ {
		for j := i; j > 0 && ms[j].key < ms[j-1].key; j-- {
			ms[j], ms[j-1] = ms[j-1], ms[j]
		}
	}
}

const hexDigits = "0123456789abcdef"

// plainASCII marks the ASCII bytes a string holds as they are: one lookup
// a byte instead of six comparisons, in the loop that reads every byte of
// every tool.
var plainASCII = func() (t [utf8.RuneSelf]bool) {
	for c := byte(0x20); c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
	}
	return t
}()

const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)

// plainWord reports whether none of the eight bytes of w needs the care
// of appendString's loop: each is ASCII from ' ' up and none is '"', '\\',
// '<', '>' or '&'. It may report false for a plain word, never true for
// one that is not. Text is mostly plain, and eight bytes a step beat one.
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

// appendString writes s quoted as encoding/json does with HTML escaping
// on, its default: invalid UTF-8 becomes \ufffd.
func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if i+8 <= len(s) && plainWord(le64(s, i)) {
			i += 8
			continue
		}
		if c := s[i]; c < utf8.RuneSelf {
			if plainASCII[c] {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			b = jsonesc.AppendASCII(b, c)
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
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
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
