package static

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"math"
	"strconv"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"
)

// decoder reads JSON into the tree json.Unmarshal into an any gives
// (map[string]any, []any, string, float64, bool, nil), in one pass that
// checks the grammar as it goes. encoding/json scans every document twice
// (once to check it, once to decode it), copies every key and string and
// grows its maps one member at a time; on a large tool list, that made
// decoding cost three times what this does.
//
// It gives up on anything it is not sure to read exactly as encoding/json
// does: any syntax error, a number out of float64's range, nesting past
// encoding/json's limit. The caller then decodes with encoding/json, which
// also words the error.
//
// Strings without escapes and with valid UTF-8 are not copied, unless
// copyStrings is set: they point into the bytes being decoded, which must
// therefore be kept as they are for as long as the tree lives (see
// Decode).
type decoder struct {
	data        []byte
	copyStrings bool
	i           int
	depth       int
	// pairs and elems hold the members and elements of the objects and
	// arrays being read, innermost last, so that each map and slice is
	// made once at its final size instead of growing. Slots past the end
	// keep values that are in the tree anyway, so they are not cleared.
	pairs []pair
	elems []any
	// hole, when not empty, is an array that decodes as an empty one
	// without being read: the tool list that decodeElements reads apart.
	hole span
	// dup is set once an object gave a key twice.
	dup bool
	// leaves holds the objects read so far whose members are all scalars,
	// by their members, so that an object given again ({"type":
	// "string"}, in thousands of schemas) is the same map rather than one
	// more: every map costs hundreds of bytes whatever its size, and
	// these are half of a tool list's objects. key is scratch space for
	// looking one up.
	leaves map[string]map[string]any
	key    []byte
}

type pair struct {
	key   string
	value any
}

// decodeAny decodes data, which must stay unmodified while the result is
// in use, as json.Unmarshal into an any would. ok is false when it did
// not, and then the caller decodes data with encoding/json.
func decodeAny(data []byte) (v any, ok bool) {
	d := decoder{data: data}
	return d.document(data)
}

// document decodes data, a whole JSON text, reusing the decoder's scratch
// space from earlier documents.
func (d *decoder) document(data []byte) (any, bool) {
	d.data, d.i, d.depth = data, 0, 0
	d.space()
	v, ok := d.value()
	if !ok {
		return nil, false
	}
	d.space()
	return v, d.i == len(d.data)
}

// space skips the white space RFC 8259 allows: nothing else counts. Tool
// lists are mostly saved indented, so runs of eight spaces go at once.
func (d *decoder) space() {
	i := d.i
	for i < len(d.data) {
		switch d.data[i] {
		case ' ':
			i++
			for i+8 <= len(d.data) && binary.LittleEndian.Uint64(d.data[i:]) == 0x2020202020202020 {
				i += 8
			}
		case '\n', '\t', '\r':
			i++
		default:
			d.i = i
			return
		}
	}
	d.i = i
}

func (d *decoder) value() (any, bool) {
	if d.i >= len(d.data) {
		return nil, false
	}
	switch c := d.data[d.i]; c {
	case '{':
		return d.object()
	case '[':
		if d.i == d.hole.start && d.hole.end > d.hole.start {
			d.i = d.hole.end
			return []any{}, true
		}
		return d.array()
	case '"':
		s, ok := d.str()
		if !ok {
			return nil, false
		}
		return s, true
	case 't':
		return true, d.literal("true")
	case 'f':
		return false, d.literal("false")
	case 'n':
		return nil, d.literal("null")
	default:
		if c == '-' || '0' <= c && c <= '9' {
			return d.number()
		}
		return nil, false
	}
}

// literal consumes word. What follows is the caller's to check, as in
// encoding/json, where "truex" fails on the x, not on the word.
func (d *decoder) literal(word string) bool {
	if len(d.data)-d.i < len(word) || string(d.data[d.i:d.i+len(word)]) != word {
		return false
	}
	d.i += len(word)
	return true
}

// enter counts a container opening, refusing to nest deeper than
// encoding/json allows.
func (d *decoder) enter() bool {
	d.depth++
	d.i++
	d.space()
	return d.depth <= maxDepth
}

func (d *decoder) object() (any, bool) {
	if !d.enter() {
		return nil, false
	}
	base := len(d.pairs)
	if d.i < len(d.data) && d.data[d.i] == '}' {
		d.i++
		d.depth--
		return map[string]any{}, true
	}
	for {
		if d.i >= len(d.data) || d.data[d.i] != '"' {
			return nil, false
		}
		key, ok := d.str()
		if !ok {
			return nil, false
		}
		d.space()
		if d.i >= len(d.data) || d.data[d.i] != ':' {
			return nil, false
		}
		d.i++
		d.space()
		v, ok := d.value()
		if !ok {
			return nil, false
		}
		d.pairs = append(d.pairs, pair{key, v})
		if done, ok := d.separator('}'); !ok {
			return nil, false
		} else if done {
			break
		}
	}
	m, key := d.leaf(d.pairs[base:])
	if m == nil {
		m = make(map[string]any, len(d.pairs)-base)
		// In order, so that a key given twice keeps its last value, as in
		// encoding/json.
		for _, p := range d.pairs[base:] {
			m[p.key] = p.value
		}
		if len(m) < len(d.pairs)-base {
			d.dup = true
		}
		if key != nil {
			d.leaves[string(key)] = m
		}
	}
	d.pairs = d.pairs[:base]
	d.depth--
	return m, true
}

// Bounds on the objects leaf shares: small ones, which are most of a
// list's objects, and a table that a file of only distinct objects does
// not grow past a few megabytes.
const (
	leafMaxPairs = 8
	leafMaxKey   = 256
	leafMaxCount = 1 << 15
)

// leaf returns the map of an earlier object with the same members as
// pairs, when all of them are scalars. When there is none but the object
// is one to share, it returns the key to record the caller's new map
// under; nil otherwise.
//
// Sharing is safe because nothing changes a decoded tree (rules must not
// change a Snapshot), and it is invisible to anything that reads one: the
// members are the same, and a key given twice gives the same map its last
// value either way.
func (d *decoder) leaf(pairs []pair) (map[string]any, []byte) {
	if len(pairs) > leafMaxPairs {
		return nil, nil
	}
	k := d.key[:0]
	for _, p := range pairs {
		if len(p.key) > leafMaxKey || identifying(p.key) {
			return nil, nil
		}
		k = append(k, byte(len(p.key)))
		k = append(k, p.key...)
		switch v := p.value.(type) {
		case string:
			if len(v) > leafMaxKey {
				return nil, nil
			}
			k = append(k, 's', byte(len(v)))
			k = append(k, v...)
		case float64:
			k = binary.LittleEndian.AppendUint64(append(k, 'f'), math.Float64bits(v))
		case bool:
			if v {
				k = append(k, 't')
			} else {
				k = append(k, 'F')
			}
		case nil:
			k = append(k, 'n')
		default:
			return nil, nil
		}
		if len(k) > leafMaxKey {
			return nil, nil
		}
	}
	d.key = k
	if m, ok := d.leaves[string(k)]; ok {
		return m, nil
	}
	if d.leaves == nil {
		d.leaves = make(map[string]map[string]any)
	}
	if len(d.leaves) >= leafMaxCount {
		return nil, nil
	}
	return nil, k
}

// identifying reports whether key is a JSON Schema keyword that makes an
// object's place matter: a reference ("$ref", "$dynamicRef") resolves
// against the base URI of the resource it sits in, and an "$id", "id" or
// "$anchor" names its own place. Such objects are not shared, because the
// resolver (rules/jsonref) tells subschemas apart by their map: one map
// standing in two resources would resolve in only one of them.
func identifying(key string) bool {
	return key == "id" || (key != "" && key[0] == '$')
}

// separator reads what follows a member or an element: the container's
// closing bracket, when done, or a comma and the space after it.
func (d *decoder) separator(closing byte) (done, ok bool) {
	d.space()
	if d.i >= len(d.data) {
		return false, false
	}
	switch d.data[d.i] {
	case closing:
		d.i++
		return true, true
	case ',':
		d.i++
		d.space()
		return false, true
	}
	return false, false
}

func (d *decoder) array() (any, bool) {
	if !d.enter() {
		return nil, false
	}
	base := len(d.elems)
	if d.i < len(d.data) && d.data[d.i] == ']' {
		d.i++
		d.depth--
		// Empty but not nil, as encoding/json gives.
		return []any{}, true
	}
	for {
		v, ok := d.value()
		if !ok {
			return nil, false
		}
		d.elems = append(d.elems, v)
		if done, ok := d.separator(']'); !ok {
			return nil, false
		} else if done {
			break
		}
	}
	a := make([]any, len(d.elems)-base)
	copy(a, d.elems[base:])
	d.elems = d.elems[:base]
	d.depth--
	return a, true
}

// plainByte tells the bytes a string holds as they are: printable ASCII
// other than the quote and the backslash.
var plainByte = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// str reads the string at d.i. A string that needs no decoding shares the
// document's bytes; one with escapes or invalid UTF-8 is decoded into new
// memory, as encoding/json's unquote does.
func (d *decoder) str() (string, bool) {
	data := d.data
	start := d.i + 1
	i := start
	escaped, ascii := false, true
	var high uint64
	for {
		// Descriptions run to thousands of bytes: eight at a time, while
		// none of them needs a look. Bytes past ASCII are only noted here
		// and checked as UTF-8 once the string ends.
		for i+8 <= len(data) {
			w := binary.LittleEndian.Uint64(data[i:])
			if needsLook(w) {
				break
			}
			high |= w
			i += 8
		}
		for i < len(data) && plainByte[data[i]] {
			i++
		}
		if i >= len(data) {
			return "", false
		}
		switch c := data[i]; {
		case c == '"':
			raw := data[start:i]
			d.i = i + 1
			ascii = ascii && high&highBits == 0
			if !escaped && (ascii || utf8.Valid(raw)) {
				if len(raw) == 0 {
					return "", true
				}
				if d.copyStrings {
					return string(raw), true
				}
				return unsafe.String(&raw[0], len(raw)), true
			}
			return unquote(raw), true
		case c == '\\':
			escaped = true
			if i+1 >= len(data) {
				return "", false
			}
			switch data[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				if i+6 > len(data) || hex4(data[i+2:i+6]) < 0 {
					return "", false
				}
				i += 6
			default:
				return "", false
			}
		case c < 0x20:
			return "", false
		default:
			// Not ASCII: checked as UTF-8 once the string ends.
			ascii = false
			i++
		}
	}
}

const (
	ones     = 0x0101010101010101
	highBits = 0x8080808080808080
)

// needsLook tells whether any of the eight bytes in w is a quote, a
// backslash or a control character. It may say so wrongly of a byte
// next to one that is (a borrow runs into it), never the other way round.
func needsLook(w uint64) bool {
	quote := w ^ ones*'"'
	backslash := w ^ ones*'\\'
	return ((quote-ones)&^quote|(backslash-ones)&^backslash|(w-ones*0x20)&^w)&highBits != 0
}

// hex4 is the value of four hexadecimal digits, or -1.
func hex4(b []byte) rune {
	var r rune
	for _, c := range b[:4] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c = c - 'a' + 10
		case 'A' <= c && c <= 'F':
			c = c - 'A' + 10
		default:
			return -1
		}
		r = r<<4 | rune(c)
	}
	return r
}

// unquote decodes raw, the inside of a string whose escapes str checked,
// exactly as encoding/json's unquote does: a \u escape of a surrogate that
// does not pair with the next escape, and each byte that does not start
// valid UTF-8, become U+FFFD.
func unquote(raw []byte) string {
	b := make([]byte, 0, len(raw)+utf8.UTFMax)
	for r := 0; r < len(raw); {
		c := raw[r]
		switch {
		case c == '\\':
			e := raw[r+1]
			r += 2
			switch e {
			case 'b':
				b = append(b, '\b')
			case 'f':
				b = append(b, '\f')
			case 'n':
				b = append(b, '\n')
			case 'r':
				b = append(b, '\r')
			case 't':
				b = append(b, '\t')
			case 'u':
				rr := hex4(raw[r:])
				r += 4
				if utf16.IsSurrogate(rr) {
					next := rune(-1)
					if r+6 <= len(raw) && raw[r] == '\\' && raw[r+1] == 'u' {
						next = hex4(raw[r+2:])
					}
					if dec := utf16.DecodeRune(rr, next); dec != unicode.ReplacementChar {
						r += 6
						b = utf8.AppendRune(b, dec)
						break
					}
					rr = unicode.ReplacementChar
				}
				b = utf8.AppendRune(b, rr)
			default: // '"', '\\', '/'
				b = append(b, e)
			}
		case c < utf8.RuneSelf:
			j := r + 1
			for j < len(raw) && raw[j] != '\\' && raw[j] < utf8.RuneSelf {
				j++
			}
			b = append(b, raw[r:j]...)
			r = j
		default:
			rr, size := utf8.DecodeRune(raw[r:])
			r += size
			b = utf8.AppendRune(b, rr)
		}
	}
	// b is new and never written again, so the string may share it.
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// number reads the number at d.i with RFC 8259's grammar. Integers of up
// to 15 digits convert exactly without strconv; everything else goes
// through strconv.ParseFloat as in encoding/json, and a number out of
// float64's range is refused, as encoding/json refuses it.
func (d *decoder) number() (any, bool) {
	data := d.data
	start := d.i
	i := start
	neg := i < len(data) && data[i] == '-'
	if neg {
		i++
	}
	if i >= len(data) {
		return nil, false
	}
	var n uint64
	digits := 0
	switch c := data[i]; {
	case c == '0':
		i++
	case '1' <= c && c <= '9':
		for i < len(data) && '0' <= data[i] && data[i] <= '9' {
			n = n*10 + uint64(data[i]-'0')
			digits++
			i++
		}
	default:
		return nil, false
	}
	integer := true
	if i < len(data) && data[i] == '.' {
		integer = false
		if i++; !d.digits(&i) {
			return nil, false
		}
	}
	if i < len(data) && (data[i] == 'e' || data[i] == 'E') {
		integer = false
		i++
		if i < len(data) && (data[i] == '+' || data[i] == '-') {
			i++
		}
		if !d.digits(&i) {
			return nil, false
		}
	}
	d.i = i
	// 15 digits stay below 2^53, where every integer is a float64.
	if integer && digits <= 15 {
		f := float64(n)
		if neg {
			f = -f // -0 stays negative, as strconv gives it
		}
		return f, true
	}
	f, err := strconv.ParseFloat(unsafe.String(&data[start], i-start), 64)
	if errors.Is(err, strconv.ErrRange) {
		// Valid JSON past float64's range (1e400): kept as written, where
		// encoding/json would fail the whole file.
		return json.Number(string(data[start:i])), true
	}
	if err != nil {
		return nil, false
	}
	return f, true
}

// digits consumes one or more digits from *i.
func (d *decoder) digits(i *int) bool {
	j := *i
	for j < len(d.data) && '0' <= d.data[j] && d.data[j] <= '9' {
		j++
	}
	ok := j > *i
	*i = j
	return ok
}
