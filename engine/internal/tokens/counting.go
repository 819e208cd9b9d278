package tokens

import (
	"unicode/utf8"
	"unsafe"

	"github.com/mcplint/mcplint/engine/internal/tokens/internal/table"
)

// A tool list repeats its long strings: the same parameter descriptions
// and phrases recur from tool to tool (in the realistic 10,000-tool list,
// 72% of the bytes of strings of 16 bytes or more repeat one met before).
// Counting a tool therefore counts its compact JSON in stretches, and the
// body of a string's content once per worker, when the split of the text
// into pieces is certain to fall at both ends of the body whatever
// surrounds the string. The body is the content less a head and a tail of
// ASCII punctuation (as in "(optional) Path." or "-v"), and it must start
// and end with a letter or a number:
//
//   - the quote before the content follows one of {[,: in compact JSON,
//     and that run of punctuation, the head with it, is a piece of the
//     pattern's " ?[^\s\p{L}\p{N}]+[\r\n/]*" branch, which ends where
//     the body's first letter or number starts;
//   - no piece that ends with a letter or a number goes on into
//     punctuation after it (a contraction starts with an apostrophe, and
//     is letters after it), so the tail, the closing quote and what
//     follows start the next piece as the end of the text would.
//
// Within the body, the pieces are those of the body alone, since where a
// piece ends depends only on the text from its start on, and the last
// piece ends as it would at the end of the text.

// sharedMin is the length from which a string's count is remembered:
// shorter ones are cheaper to count again than to look up.
const sharedMin = 16

// sharedMax bounds the strings a worker remembers, so that a list of
// unique strings costs a bounded amount of memory.
const sharedMax = 1 << 17

// sharedObjectsMax bounds the objects a worker remembers.
const sharedObjectsMax = 1 << 16

// streamCount is the count so far of the text compact has written since
// the tool began, less what its buffer still holds.
type streamCount struct {
	vocab *table.Table
	m     *counter
	n     int
	// shared holds what is known of each long string met.
	shared map[string]sharedString
	// objects holds how each object of scalars met was written and
	// counted, by its map: the decoder gives one map for each such object
	// that repeats, so a map met again is a text met again.
	objects map[unsafe.Pointer]sharedObject
	// arena holds the bytes of objects' heads and tails.
	arena []byte
	// rec is the object of scalars being written for objects.
	rec recording
}

// sharedObject is an object of scalars as compact writes it in
// stretches: head, the bytes up to its first body, then mid tokens up to
// the end of its last body, then tail; with no body in it, head is the
// whole object and mid is -1.
type sharedObject struct {
	head, tail []byte
	mid        int
}

// recording is what is known of the object being written since it began:
// where it began in the buffer, and, once a body was cut out of it, its
// head and the count at the start of that body.
type recording struct {
	on, cut bool
	start   int
	head    []byte
	n       int
}

// sharedString is a long string's body: its escaped content from head to
// tail, and the body's count, or -1 when the string has no body cut off
// from its surroundings. plain is set when escaping leaves the string as
// it is, so that it may be written without escaping it again.
type sharedString struct {
	count      int32
	head, tail uint32
	plain      bool
}

func newStreamCount(m *counter) *streamCount {
	return &streamCount{vocab: loadVocab(), m: m, shared: make(map[string]sharedString),
		objects: make(map[unsafe.Pointer]sharedObject)}
}

// countText counts b, valid UTF-8 that countValid may read in place: it
// keeps nothing of its text but what it clones.
func (s *streamCount) countText(b []byte) int {
	return countValid(s.vocab, unsafe.String(unsafe.SliceData(b), len(b)), s.m)
}

// sharedString writes v as a JSON string, counting its body apart from
// the buffer.
func (c *compact) sharedString(v string) {
	s := c.counting
	e, ok := s.shared[v]
	if ok && e.plain {
		c.buf = append(c.buf, '"')
		if e.count < 0 {
			c.buf = append(append(c.buf, v...), '"')
			return
		}
		c.buf = append(c.buf, v[:e.head]...)
		c.cut(len(c.buf), int(e.count))
		c.buf = append(append(c.buf, v[e.tail:]...), '"')
		return
	}
	start := len(c.buf) + 1
	c.buf = appendString(c.buf, v)
	content := c.buf[start : len(c.buf)-1]
	if !ok {
		e = s.body(content)
		e.plain = len(content) == len(v)
		if len(s.shared) < sharedMax {
			s.shared[v] = e
		}
	}
	if e.count < 0 {
		return
	}
	c.cut(start+int(e.head), int(e.count))
	// The tail moves down in the buffer it is read from, which append's
	// copy allows.
	c.buf = append(append(c.buf, content[e.tail:]...), '"')
}

// cut counts the buffer up to at, where a body of n tokens starts, adds
// them, and empties the buffer for what follows the body.
func (c *compact) cut(at, n int) {
	s := c.counting
	s.n += s.countText(c.buf[:at])
	if s.rec.on && !s.rec.cut {
		s.rec.cut = true
		s.rec.head = s.keep(c.buf[s.rec.start:at])
		s.rec.n = s.n
	}
	s.n += n
	c.buf = c.buf[:0]
}

// keep copies b into the arena.
func (s *streamCount) keep(b []byte) []byte {
	n := len(s.arena)
	s.arena = append(s.arena, b...)
	return s.arena[n:len(s.arena):len(s.arena)]
}

// sharedObject writes v, a map that is not nil, from objects when it was
// written before; else it writes it and, when it is an object of
// scalars, remembers how.
func (c *compact) sharedObject(v map[string]any) bool {
	s := c.counting
	key := *(*unsafe.Pointer)(unsafe.Pointer(&v))
	if o, ok := s.objects[key]; ok {
		c.buf = append(c.buf, o.head...)
		if o.mid >= 0 {
			c.cut(len(c.buf), o.mid)
			c.buf = append(c.buf, o.tail...)
		}
		return true
	}
	start, scalars := c.gather(v)
	record := scalars && len(s.objects) < sharedObjectsMax
	if record {
		s.rec = recording{on: true, start: len(c.buf)}
	}
	if !c.writeMembers(start) {
		s.rec = recording{}
		return false
	}
	if record {
		o := sharedObject{head: s.rec.head, mid: s.n - s.rec.n, tail: s.keep(c.buf)}
		if !s.rec.cut {
			o = sharedObject{head: s.keep(c.buf[s.rec.start:]), mid: -1}
		}
		s.objects[key] = o
		s.rec = recording{}
	}
	return true
}

// body finds and counts the body of a string's escaped content.
func (s *streamCount) body(content []byte) sharedString {
	const word = kUpper | kLower | kLetter | kNumber
	h := 0
	for h < len(content) && byteKinds[content[h]] == kOther {
		h++
	}
	t := len(content)
	for t > h && byteKinds[content[t-1]] == kOther {
		t--
	}
	b := unsafe.String(unsafe.SliceData(content[h:t]), t-h)
	if b == "" {
		return sharedString{count: -1}
	}
	first, _ := utf8.DecodeRuneInString(b)
	last, _ := utf8.DecodeLastRuneInString(b)
	if runeKind(first)&word == 0 || runeKind(last)&word == 0 {
		return sharedString{count: -1}
	}
	return sharedString{count: int32(s.countText(content[h:t])), head: uint32(h), tail: uint32(t)}
}

// count is the number of tokens of v's compact JSON, which compact writes
// in stretches; ok is false as for encode.
func (c *compact) count(v any, s *streamCount) (n int, ok bool) {
	c.buf = c.buf[:0]
	s.n = 0
	s.rec = recording{}
	c.counting = s
	ok = c.value(v)
	c.counting = nil
	if !ok {
		c.members = c.members[:0]
		return 0, false
	}
	return s.n + s.countText(c.buf), true
}
