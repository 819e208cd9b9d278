package tokens

import (
	"math"
	"slices"
	"strconv"
	"strings"

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

// appendString writes s quoted as encoding/json does with HTML escaping
// on, its default.
func appendString(b []byte, s string) []byte { return jsonesc.AppendString(b, s, true) }
