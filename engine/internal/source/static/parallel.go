package static

import (
	"bytes"
	"runtime"
	"sync"
	"sync/atomic"
	"unicode/utf8"

	"github.com/mcplint/mcplint/sdk"
)

// parallelMin is the size from which decoding is spread over the CPUs;
// below it, starting the goroutines costs more than it saves.
const parallelMin = 1 << 20

// span is the byte range of a value in a document.
type span struct{ start, end int }

// bigArray is the largest array found near the top of a document: its
// place, as the object keys leading to it, and its elements.
type bigArray struct {
	path  []string
	at    span
	elems []span
	// depthOK is false when an element nests so deeply that the whole
	// document might pass the decoder's nesting limit.
	depthOK bool
	// dup is set once decoding found an object giving a key twice.
	dup bool
}

// decodeParallel decodes data, a document without its byte order mark,
// into what json.Unmarshal into an any gives, decoding the elements of its
// largest array (the tool list, in the shapes mcplint reads) concurrently.
// ok is false when it did not: the document is small, has no such array,
// is malformed or holds anything unusual (a key spelled with an escape, a
// key given twice, nesting near the decoder's limit). The caller then
// decodes it whole, which also words any error. The strings share data's
// bytes unless copyStrings is set.
func decodeParallel(data []byte, copyStrings bool) (doc any, big bigArray, ok bool) {
	if len(data) < parallelMin {
		return nil, big, false
	}
	big, ok = findBigArray(data)
	if !ok || len(big.elems) < 2 || !big.depthOK {
		return nil, big, false
	}
	// The rest of the document, read with the array as an empty one, says
	// where the array belongs.
	d := decoder{hole: big.at, copyStrings: copyStrings}
	doc, ok = d.document(data)
	if !ok {
		return nil, big, false
	}
	elems, dup, ok := decodeElements(data, big.elems, copyStrings)
	if !ok {
		return nil, big, false
	}
	big.dup = d.dup || dup
	if len(big.path) == 0 {
		return elems, big, true
	}
	m, _ := doc.(map[string]any)
	for _, key := range big.path[:len(big.path)-1] {
		m, _ = m[key].(map[string]any)
	}
	last := big.path[len(big.path)-1]
	if empty, isList := m[last].([]any); !isList || len(empty) != 0 {
		return nil, big, false
	}
	m[last] = elems
	return doc, big, true
}

// layout is where the array lies in the file whose first off bytes (a
// byte order mark) were left out of what findBigArray read.
func (a *bigArray) layout(off int) *listLayout {
	l := &listLayout{pointer: sdk.Pointer("", a.path...), at: span{a.at.start + off, a.at.end + off}, elems: make([]span, len(a.elems))}
	for i, e := range a.elems {
		l.elems[i] = span{e.start + off, e.end + off}
	}
	return l
}

// decodeElements decodes each element on its own, on every CPU, keeping
// their order. Like decodeAny, it shares data's bytes with the strings it
// gives, unless copyStrings is set.
func decodeElements(data []byte, elems []span, copyStrings bool) (_ []any, dup, ok bool) {
	out := make([]any, len(elems))
	const batch = 16
	var next atomic.Int64
	var failed, dupSeen atomic.Bool
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			d := decoder{copyStrings: copyStrings}
			defer func() {
				if d.dup {
					dupSeen.Store(true)
				}
			}()
			for !failed.Load() {
				lo := int(next.Add(batch)) - batch
				if lo >= len(elems) {
					return
				}
				for i := lo; i < min(lo+batch, len(elems)); i++ {
					v, ok := d.document(data[elems[i].start:elems[i].end])
					if !ok {
						failed.Store(true)
						return
					}
					out[i] = v
				}
			}
		})
	}
	wg.Wait()
	return out, dupSeen.Load(), !failed.Load()
}

// findBigArray looks for the largest array at the root, as a member of the
// root object or as a member of an object member of the root. It checks
// the separators between the elements of what it returns; each element
// and the rest of the document are left for the decoder to check.
func findBigArray(data []byte) (bigArray, bool) {
	var best bigArray
	i := skipSpace(data, 0)
	if i >= len(data) {
		return best, false
	}
	// One array of a document is walked in pieces at most: its pieces
	// run on to the end of the document, as an array's end is not known
	// before it is found, and so cost up to one more read of it.
	pieces := runtime.GOMAXPROCS(0) > 1
	switch data[i] {
	case '[':
		return arrayAt(data, i, nil, &pieces)
	case '{':
	default:
		return best, false
	}
	keep := func(a *bigArray) {
		if a.at.end-a.at.start > best.at.end-best.at.start {
			best = *a
		}
	}
	ok := members(data, i, nil, &pieces, func(key string, v span, a *bigArray) bool {
		switch {
		case a != nil:
			keep(a)
		case data[v.start] == '{':
			return members(data, v.start, []string{key}, &pieces, func(_ string, _ span, a *bigArray) bool {
				if a != nil {
					keep(a)
				}
				return true
			})
		}
		return true
	})
	return best, ok && best.path != nil
}

// members calls member for each member of the object at data[i], whose
// keys from the root are path, in order; a member that is an array comes
// walked, as a. It reports whether the object is well formed as far as the walk
// can tell and every key is plain (no escapes, valid UTF-8) and unique, so
// that the raw key is the decoded key. member returning false stops the
// walk as a failure.
func members(data []byte, i int, path []string, pieces *bool, member func(key string, v span, a *bigArray) bool) bool {
	seen := map[string]bool{}
	i = skipSpace(data, i+1)
	if i < len(data) && data[i] == '}' {
		return true
	}
	for {
		if i >= len(data) || data[i] != '"' {
			return false
		}
		end := stringEnd(data, i)
		if end > len(data) || end-i < 2 || data[end-1] != '"' {
			return false
		}
		raw := data[i+1 : end-1]
		key := string(raw)
		if seen[key] || !utf8.Valid(raw) || containsByte(raw, '\\') {
			return false
		}
		seen[key] = true
		i = skipSpace(data, end)
		if i >= len(data) || data[i] != ':' {
			return false
		}
		i = skipSpace(data, i+1)
		if i >= len(data) {
			return false
		}
		var v span
		var a *bigArray
		if data[i] == '[' {
			arr, ok := arrayAt(data, i, append(path[:len(path):len(path)], key), pieces)
			if !ok {
				return false
			}
			a, v = &arr, arr.at
		} else {
			v = span{i, skipValue(data, i)}
		}
		if v.end <= v.start || !member(key, v, a) {
			return false
		}
		i = skipSpace(data, v.end)
		if i >= len(data) {
			return false
		}
		switch data[i] {
		case ',':
			i = skipSpace(data, i+1)
		case '}':
			return true
		default:
			return false
		}
	}
}

func containsByte(b []byte, c byte) bool {
	for _, x := range b {
		if x == c {
			return true
		}
	}
	return false
}

// arrayAt walks the array at data[i], whose keys from the root are path,
// finding its elements and checking the commas between them. An array
// found to hold more than scanPiecesMin bytes is walked on in pieces on
// every core (see scanPieces) while *pieces allows, once.
func arrayAt(data []byte, i int, path []string, pieces *bool) (bigArray, bool) {
	a := bigArray{path: path, depthOK: true}
	start := i
	// The array and the containers around it count towards the limit.
	room := maxDepth - len(path) - 1
	i = skipSpace(data, i+1)
	if i < len(data) && data[i] == ']' {
		a.at = span{start, i + 1}
		return a, true
	}
	stop := -1
	if *pieces {
		stop = i + scanPiecesMin
	}
	r := scanElements(data, i, stop, len(data), room)
	if r.state == stopped {
		*pieces = false
		rest := scanPieces(data, r.next, room, runtime.GOMAXPROCS(0))
		r.elems = append(r.elems, rest.elems...)
		r.depthOK = r.depthOK && rest.depthOK
		r.state, r.next = rest.state, rest.next
	}
	a.elems, a.depthOK = r.elems, r.depthOK
	if r.state != closed {
		return a, false
	}
	a.at = span{start, r.next + 1}
	return a, true
}

// scanPiecesMin is how far into an array its elements are walked on one
// core before the rest is walked in pieces on every core: most arrays end
// well before, and a smaller one is not worth the goroutines.
const scanPiecesMin = 4 << 20

// elementRun is what scanElements found of a run of an array's elements.
type elementRun struct {
	elems   []span
	depthOK bool
	// state says how the run ended; next is then the offset of the
	// array's "]" (closed) or of the element it stopped at (stopped).
	state runState
	next  int
}

type runState uint8

const (
	failed  runState = iota // malformed, or the data ended
	closed                  // at the array's "]"
	stopped                 // at an element starting at or past stop, or one that passes limit
)

// scanElements walks an array's elements from the one that starts at i,
// until its "]", or, when stop is not -1, until an element that starts at
// or past stop. It reads no byte of an element at or past limit: an
// element that does not end before it stops the run there (limit
// len(data) reads all).
func scanElements(data []byte, i, stop, limit, room int) elementRun {
	r := elementRun{depthOK: true}
	for i < len(data) {
		if stop >= 0 && i >= stop || i >= limit {
			r.state, r.next = stopped, i
			return r
		}
		end, nesting := skipNested(data[:limit], i)
		if end >= limit && limit < len(data) {
			r.state, r.next = stopped, i
			return r
		}
		if end <= i || end > len(data) {
			return r
		}
		if nesting >= room {
			r.depthOK = false
		}
		r.elems = append(r.elems, span{i, end})
		i = skipSpace(data, end)
		if i >= len(data) {
			return r
		}
		switch data[i] {
		case ',':
			i = skipSpace(data, i+1)
		case ']':
			r.state, r.next = closed, i
			return r
		default:
			return r
		}
	}
	return r
}

// onPiece, when set (by tests), is told the bytes each run of scanPieces
// may read.
var onPiece func(from, limit int)

// scanPieces is scanElements(data, first, -1, len(data), room) on n cores.
// The bytes from first on are cut in n pieces, and each piece after the
// first is walked from a guess at where an element starts in it: an
// opening brace after a comma after a closing brace, followed by the first
// element's first key. A guess can be wrong, inside a string or a nested
// value, so each piece's run counts only once the run before it, itself
// counted, stops exactly at its guess: from there the walk is the one the
// whole scan would make. When it does not, the walk goes on from where the
// run before stopped, on one core, which is what the whole scan does; so
// the result is always that of scanElements. A guessed run reads no
// further than the next guess, so all of them together read the rest of
// the data once at most.
func scanPieces(data []byte, first, room, n int) elementRun {
	key := firstKey(data, first)
	guesses := make([]int, 0, n)
	piece := (len(data) - first) / n
	for k := 1; k < n; k++ {
		from := first + k*piece
		if len(guesses) > 0 {
			from = max(from, guesses[len(guesses)-1]+1)
		}
		if g := guessElement(data[:min(len(data), first+(k+1)*piece)], from, key); g >= 0 {
			guesses = append(guesses, g)
		}
	}
	stopAt := func(k int) int {
		if k < len(guesses) {
			return guesses[k]
		}
		return -1
	}
	limitAt := func(k int) int {
		if k < len(guesses) {
			return guesses[k]
		}
		return len(data)
	}
	runs := make([]elementRun, len(guesses))
	var wg sync.WaitGroup
	for k, g := range guesses {
		limit := limitAt(k + 1)
		if onPiece != nil {
			onPiece(g, limit)
		}
		wg.Go(func() { runs[k] = scanElements(data, g, stopAt(k+1), limit, room) })
	}
	whole := scanElements(data, first, stopAt(0), len(data), room)
	wg.Wait()
	for k := 0; whole.state == stopped; k++ {
		run := runs[k]
		if whole.next != guesses[k] {
			// A wrong guess: walk its piece from where the scan is.
			run = scanElements(data, whole.next, stopAt(k+1), len(data), room)
		}
		whole.elems = append(whole.elems, run.elems...)
		whole.depthOK = whole.depthOK && run.depthOK
		whole.state, whole.next = run.state, run.next
	}
	return whole
}

// firstKey returns the bytes from the opening brace of the element at i
// through its first key's closing quote ('{"name"'), or nil when the
// element is not an object that starts with a key.
func firstKey(data []byte, i int) []byte {
	if data[i] != '{' {
		return nil
	}
	k := skipSpace(data, i+1)
	if k >= len(data) || data[k] != '"' {
		return nil
	}
	end := stringEnd(data, k)
	if end > len(data) || end-k > 64 {
		return nil
	}
	return data[i:end]
}

// guessElement returns the offset of the first place at or after from
// that looks like the start of an element whose object starts as key
// does, or -1; with key nil, of any object after "},". scanPieces looks
// only within each piece, so that all its guesses read the list once at
// most, however many pieces there are.
func guessElement(data []byte, from int, key []byte) int {
	for i := from; i < len(data); {
		k := bytes.IndexByte(data[i:], '}')
		if k < 0 {
			return -1
		}
		j := skipSpace(data, i+k+1)
		i += k + 1
		if j >= len(data) || data[j] != ',' {
			continue
		}
		j = skipSpace(data, j+1)
		if j >= len(data) || data[j] != '{' {
			continue
		}
		if key == nil || bytes.HasPrefix(data[j:], key) {
			return j
		}
	}
	return -1
}
