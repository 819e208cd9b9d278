package static

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"math"
	"strconv"
	"strings"
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
// does: any syntax error, nesting past encoding/json's limit. The caller
// then decodes with encoding/json, which also words the error. A number
// out of float64's range, which encoding/json refuses, is kept as the
// json.Number of its text instead (see number).
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
	// shared holds the small objects and arrays read so far that are
	// made of scalars and of values shared before them, by their
	// contents, so that one given again ({"type": "string"}, in thousands
	// of schemas, or a whole property schema that many tools repeat) is
	// the same map or slice rather than one more: every map costs
	// hundreds of bytes whatever its size. scratch is space for the key
	// to look one up by. last tells whether the value just read is a
	// scalar or shared, and so may be part of a shared one.
	shared  map[string]any
	scratch []byte
	last    bool
	// keys and texts hold the object keys and string values read so far,
	// so that one given again is the same string (and, for a value, the
	// same interface, which costs an allocation of its own): a tool list
	// repeats a few hundred keys and a few thousand short texts
	// throughout.
	keys  map[string]string
	texts map[string]any
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

// value reads the value at d.i and sets d.last.
func (d *decoder) value() (any, bool) {
	if d.i >= len(d.data) {
		return nil, false
	}
	d.last = true
	switch c := d.data[d.i]; c {
	case '{':
		return d.object()
	case '[':
		if d.i == d.hole.start && d.hole.end > d.hole.start {
			d.i = d.hole.end
			// Filled in once its elements are decoded: neither it nor
			// what holds it may be shared.
			d.last = false
			return []any{}, true
		}
		return d.array()
	case '"':
		return d.text()
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
		return d.sharedObject(d.pairs[base:], true), true
	}
	// Whether every member so far is a scalar or shared: kept here rather
	// than with each member, as it matters only to small objects.
	shareable := true
	for {
		if d.i >= len(d.data) || d.data[d.i] != '"' {
			return nil, false
		}
		key, ok := d.key()
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
		shareable = shareable && d.last
		if done, ok := d.separator('}'); !ok {
			return nil, false
		} else if done {
			break
		}
	}
	m := d.sharedObject(d.pairs[base:], shareable)
	d.pairs = d.pairs[:base]
	d.depth--
	return m, true
}

// sharedObject returns the map of the members pairs, shared when it can
// be (shareable says whether each member is a scalar or shared), and sets
// d.last.
func (d *decoder) sharedObject(pairs []pair, shareable bool) map[string]any {
	var found any
	var key []byte
	if shareable && len(pairs) <= shareMaxPairs {
		k, ok := append(d.scratch[:0], 'O'), true
		for _, p := range pairs {
			if len(p.key) > shareMaxKey || identifying(p.key, p.value) {
				ok = false
				break
			}
			k = append(append(k, byte(len(p.key))), p.key...)
			if k, ok = appendShared(k, p.value); !ok {
				break
			}
		}
		if ok {
			found, key = d.share(k)
		}
	}
	d.last = found != nil || key != nil
	if found != nil {
		return found.(map[string]any)
	}
	m := make(map[string]any, len(pairs))
	// In order, so that a key given twice keeps its last value, as in
	// encoding/json.
	for _, p := range pairs {
		m[p.key] = p.value
	}
	if len(m) < len(pairs) {
		d.dup = true
	}
	if key != nil {
		d.shared[string(key)] = m
	}
	return m
}

// Bounds on what share shares: small objects and arrays, which are most
// of a list's, and a table that a file of only distinct ones does not
// grow past a few megabytes.
const (
	shareMaxPairs = 8
	shareMaxKey   = 256
	shareMaxCount = 1 << 15
)

// share returns the map or slice read earlier under k, the key of its
// members or elements (see appendShared). When there is none but the
// table has room, it returns the key to record the caller's new map or
// slice under; nil otherwise.
//
// Sharing is safe because nothing changes a decoded tree (rules must not
// change a Snapshot), and it is invisible to anything that reads one: the
// members are the same, and a key given twice gives the same map its last
// value either way. A value that holds a reference or an identifier (see
// identifying) is not shared, and so neither is anything that holds it.
func (d *decoder) share(k []byte) (any, []byte) {
	if len(k) > shareMaxKey {
		return nil, nil
	}
	d.scratch = k
	if v, ok := d.shared[string(k)]; ok {
		return v, nil
	}
	if d.shared == nil {
		d.shared = make(map[string]any)
	}
	if len(d.shared) >= shareMaxCount {
		return nil, nil
	}
	return nil, k
}

// appendShared appends v, a scalar or a shared value, to a key of share:
// false when it cannot be part of one.
func appendShared(k []byte, v any) ([]byte, bool) {
	switch v := v.(type) {
	case string:
		if len(v) > shareMaxKey {
			return k, false
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
	// A shared value is told by its address: the table keeps it, so no
	// other value can take that address while the key is in use.
	case map[string]any:
		k = binary.LittleEndian.AppendUint64(append(k, 'm'), uint64(uintptr(*(*unsafe.Pointer)(unsafe.Pointer(&v)))))
	case []any:
		k = binary.LittleEndian.AppendUint64(append(k, 'a', byte(len(v))), uint64(uintptr(unsafe.Pointer(unsafe.SliceData(v)))))
	default:
		return k, false
	}
	return k, len(k) <= shareMaxKey
}

// identifying reports whether the member key: value makes an object's
// place matter: a reference ("$ref", "$dynamicRef", "$recursiveRef")
// resolves against the base URI of the resource it sits in, and an "$id"
// (or draft-04's "id", when it is a string) or an anchor names its own
// place. Such objects are not shared, because the resolver (internal/jsonref)
// tells subschemas apart by their map: one map standing in two resources
// would resolve in only one of them. Other keywords, "$schema" and
// "$defs" among them, say nothing of a place.
func identifying(key string, value any) bool {
	switch key {
	case "$ref", "$dynamicRef", "$recursiveRef", "$id", "$anchor", "$dynamicAnchor", "$recursiveAnchor":
		return true
	case "id":
		_, ok := value.(string)
		return ok
	}
	return false
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
		// Empty but not nil, as encoding/json gives. It takes no memory,
		// so it need not be shared.
		d.last = true
		return []any{}, true
	}
	shareable := true
	for {
		v, ok := d.value()
		if !ok {
			return nil, false
		}
		d.elems = append(d.elems, v)
		shareable = shareable && d.last
		if done, ok := d.separator(']'); !ok {
			return nil, false
		} else if done {
			break
		}
	}
	elems := d.elems[base:]
	var found any
	var key []byte
	if shareable && len(elems) <= shareMaxPairs {
		k, ok := append(d.scratch[:0], 'A'), true
		for _, e := range elems {
			if k, ok = appendShared(k, e); !ok {
				break
			}
		}
		if ok {
			found, key = d.share(k)
		}
	}
	var a []any
	if found != nil {
		a = found.([]any)
	} else {
		a = make([]any, len(elems))
		copy(a, elems)
		if key != nil {
			d.shared[string(key)] = a
		}
	}
	d.last = found != nil || key != nil
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

// Bounds on the strings key and text keep: a tool list's keys and short
// texts, in a table that a file of only distinct ones does not grow past
// a few megabytes.
const (
	internMaxLen   = 1 << 12
	internMaxCount = 1 << 14
)

// key reads the object key at d.i.
func (d *decoder) key() (string, bool) {
	s, view, ok := d.str()
	if !ok || !view || !d.copyStrings {
		return s, ok
	}
	// A string too long to keep is not looked for: hashing it is wasted.
	if len(s) > internMaxLen {
		return strings.Clone(s), true
	}
	if k, ok := d.keys[s]; ok {
		return k, true
	}
	k := strings.Clone(s)
	if len(d.keys) < internMaxCount {
		if d.keys == nil {
			d.keys = make(map[string]string)
		}
		d.keys[k] = k
	}
	return k, true
}

// text reads the string value at d.i.
func (d *decoder) text() (any, bool) {
	s, view, ok := d.str()
	if !ok {
		return nil, false
	}
	long := len(s) > internMaxLen
	if !long {
		if v, ok := d.texts[s]; ok {
			return v, true
		}
	}
	if view && d.copyStrings {
		s = strings.Clone(s)
	}
	var v any = s
	if !long && len(d.texts) < internMaxCount {
		if d.texts == nil {
			d.texts = make(map[string]any)
		}
		d.texts[s] = v
	}
	return v, true
}

// str reads the string at d.i. A string that needs no decoding is a view
// of the document's bytes (view is true), to be copied if they are not to
// be kept; one with escapes or invalid UTF-8 is decoded into new memory,
// as encoding/json's unquote does.
func (d *decoder) str() (_ string, view, ok bool) {
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
			return "", false, false
		}
		switch c := data[i]; {
		case c == '"':
			raw := data[start:i]
			d.i = i + 1
			ascii = ascii && high&highBits == 0
			if !escaped && (ascii || utf8.Valid(raw)) {
				if len(raw) == 0 {
					return "", false, true
				}
				return unsafe.String(&raw[0], len(raw)), true, true
			}
			return unquote(raw), false, true
		case c == '\\':
			escaped = true
			if i+1 >= len(data) {
				return "", false, false
			}
			switch data[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				if i+6 > len(data) || hex4(data[i+2:i+6]) < 0 {
					return "", false, false
				}
				i += 6
			default:
				return "", false, false
			}
		case c < 0x20:
			return "", false, false
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
// float64's range, which encoding/json refuses, is a json.Number.
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
