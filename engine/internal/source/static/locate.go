package static

import (
	"bytes"
	"encoding/json"
	"hash/maphash"
	"math"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"
	"unsafe"
	"weak"

	"github.com/mcplint/mcplint/internal/inputfile"
	"github.com/mcplint/mcplint/sdk"
)

// Locator places pointers into a Snapshot decoded from a file at the
// file's line and column. It is safe for concurrent use.
type Locator struct {
	file string
	// data is the file, or nil when again reads it when asked.
	data   []byte
	again  *reread
	layout sdk.Layout
	// list is the document's large array (the tool list) when it was
	// decoded a piece at a time; nil otherwise.
	list *listLayout
}

// reread is a file a Locator did not keep (see DecodeFile): its path, and
// its size and hash when it was decoded, which what is read again must
// match. The bytes read are held weakly, so that the pointers of one lint
// (all its issues at once, then each unused suppression) read the file
// once, and no longer than they are used.
type reread struct {
	path string
	size int
	seed maphash.Seed
	sum  uint64

	mu   sync.Mutex
	held weak.Pointer[byte]
	// gone is set once the file could not be read again as it was: each
	// later call would read and hash it for nothing.
	gone bool
}

// bytes returns the file as it was decoded, or nil when it can no longer
// be read or is not the same.
func (r *reread) bytes() []byte {
	r.mu.Lock()
	defer r.mu.Unlock()
	if p := r.held.Value(); p != nil {
		return unsafe.Slice(p, r.size)
	}
	if r.gone {
		return nil
	}
	makeRoom(r.size)
	data, err := inputfile.ReadFile(r.path, int64(r.size))
	if err != nil || len(data) != r.size || maphash.Bytes(r.seed, data) != r.sum {
		r.gone = true
		return nil
	}
	r.held = weak.Make(&data[0])
	return data
}

// changed reports whether the file was found not to be as it was decoded.
func (r *reread) changed() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.gone
}

// Changed reports whether Locate has left every pointer out because the
// file, which the Locator no longer holds (see DecodeFile), was found
// changed since it was decoded: the caller can say why its issues have
// no line and column.
func (l *Locator) Changed() bool { return l.again != nil && l.again.changed() }

// listLayout is where the large array of a document and its elements are,
// so that pointers into different elements can be placed concurrently.
type listLayout struct {
	// pointer is the array's document pointer.
	pointer string
	at      span
	elems   []span
}

// makeRoom collects garbage before a file of size bytes is read back
// when the rest of the lint would take memory in use past its limit
// (debug.SetMemoryLimit): the file itself, then placing the issues and
// writing the report, which allocate about 0.7 times the file more (the
// realistic 10,000-tool list: 46 MB for a file of 27 MiB), so twice the
// file is counted. The file is read back once the rules are done, when
// what they kept is garbage not yet collected (the analyses of
// internal/analysis): left to the limit, the collection would come only
// once the heap has reached it, on top of that garbage, and that would
// be the lint's peak.
func makeRoom(size int) {
	limit := debug.SetMemoryLimit(-1)
	if limit == math.MaxInt64 {
		return
	}
	sample := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	metrics.Read(sample)
	if sample[0].Value.Kind() != metrics.KindUint64 || sample[1].Value.Kind() != metrics.KindUint64 {
		return
	}
	if used := sample[0].Value.Uint64() - sample[1].Value.Uint64(); used+2*uint64(size) > uint64(limit) {
		runtime.GC()
	}
}

// Locate resolves every pointer in one pass over the file, skipping the
// parts no pointer leads into. A pointer is placed at the first character
// of its value (for an object member, the value, not the key). A pointer to
// something the file does not hold, such as the inputSchema of a tool that
// has none, is placed at its nearest ancestor the file holds, so every
// pointer gets a location. Strings that are not JSON pointers are left out.
// So is every pointer when the Locator no longer has the file (see
// DecodeFile) and it has changed since it was decoded.
func (l *Locator) Locate(pointers []string) map[string]sdk.Location {
	data := l.data
	if data == nil && l.again != nil {
		if data = l.again.bytes(); data == nil {
			return map[string]sdk.Location{}
		}
	}
	docs := make([]string, len(pointers))
	for i, p := range pointers {
		docs[i] = l.layout.DocumentPointer(p)
	}
	offs := l.offsets(data, docs)
	pos := positions(data, offs)
	out := make(map[string]sdk.Location, len(pointers))
	for i, p := range pointers {
		if offs[i] >= 0 {
			out[p] = sdk.Location{File: l.file, Line: pos[i].line, Column: pos[i].column}
		}
	}
	return out
}

// locateApartMin is the number of pointers from which those into the
// elements of the large array are placed element by element, on every
// CPU; below it, one walk over the file costs less than starting them.
const locateApartMin = 256

// offsets is locate(data, docs), with the pointers into each element of
// the large array placed by a walk over that element alone, concurrently,
// and the walk for the others stepping over the array.
func (l *Locator) offsets(data []byte, docs []string) []int {
	if l.list == nil || len(docs) < locateApartMin {
		return locate(data, docs, span{})
	}
	type member struct {
		doc  int    // index into docs
		rest string // the pointer inside the element
	}
	byElem := map[int][]member{}
	var others []int
	for i, p := range docs {
		if e, rest, ok := l.list.element(p); ok {
			byElem[e] = append(byElem[e], member{i, rest})
		} else {
			others = append(others, i)
		}
	}
	offs := make([]int, len(docs))
	elems := make([]int, 0, len(byElem))
	for e := range byElem {
		elems = append(elems, e)
	}
	slices.Sort(elems)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			var rest []string
			for k := int(next.Add(1) - 1); k < len(elems); k = int(next.Add(1) - 1) {
				at := l.list.elems[elems[k]]
				members := byElem[elems[k]]
				rest = rest[:0]
				for _, m := range members {
					rest = append(rest, m.rest)
				}
				for j, off := range locate(data[at.start:at.end], rest, span{}) {
					if off >= 0 {
						off += at.start
					}
					offs[members[j].doc] = off
				}
			}
		})
	}
	if len(others) > 0 {
		ps := make([]string, len(others))
		for j, i := range others {
			ps[j] = docs[i]
		}
		for j, off := range locate(data, ps, l.list.at) {
			offs[others[j]] = off
		}
	}
	wg.Wait()
	return offs
}

// element splits a document pointer into a large array element's index
// and the pointer inside that element.
func (a *listLayout) element(p string) (elem int, rest string, ok bool) {
	if len(p) <= len(a.pointer)+1 || p[:len(a.pointer)] != a.pointer || p[len(a.pointer)] != '/' {
		return 0, "", false
	}
	tok := p[len(a.pointer)+1:]
	if i := strings.IndexByte(tok, '/'); i >= 0 {
		tok, rest = tok[:i], tok[i:]
	}
	n, err := strconv.Atoi(tok)
	if err != nil || n < 0 || n >= len(a.elems) || strconv.Itoa(n) != tok {
		return 0, "", false
	}
	return n, rest, true
}

// locate returns, for each document pointer, the offset in data of the
// value it names or of its nearest existing ancestor; -1 for a string that
// is not a pointer. data must be valid JSON (it was decoded already), so
// the walk does not check the grammar. The value at jump.start, when jump
// is not empty, is known to end at jump.end and is not read through
// unless a pointer leads into it.
func locate(data []byte, pointers []string, jump span) []int {
	// Every ancestor is wanted too, for the fallback; the set is small
	// because pointers share most of their ancestors.
	index := map[string]int{}
	for _, p := range pointers {
		if p != "" && p[0] != '/' {
			continue
		}
		for q := p; ; q = q[:strings.LastIndexByte(q, '/')] {
			if _, ok := index[q]; ok {
				break
			}
			index[q] = 0
			if q == "" {
				break
			}
		}
	}
	keys := make([]string, 0, len(index))
	for q := range index {
		keys = append(keys, q)
	}
	want := make([][]string, len(keys))
	for i, q := range keys {
		want[i] = sdk.SplitPointer(q)
	}
	// Sorted token by token, the pointers under any one value are a
	// contiguous run that starts with that value's own pointer.
	order := make([]int, len(keys))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return slices.Compare(want[a], want[b]) })
	w := &walker{data: data, want: make([][]string, len(order)), found: make([]int, len(order)), jump: jump}
	for k, i := range order {
		w.want[k] = want[i]
		index[keys[i]] = k
	}
	if len(w.want) > 0 {
		w.value(skipSpace(data, bomLen(data)), 0, 0, len(w.want))
	}

	offs := make([]int, len(pointers))
	for i, p := range pointers {
		offs[i] = -1
		if p != "" && p[0] != '/' {
			continue
		}
		for q := p; ; q = q[:strings.LastIndexByte(q, '/')] {
			if off := w.found[index[q]]; off >= 0 {
				offs[i] = off
				break
			}
			if q == "" {
				break
			}
		}
	}
	return offs
}

// walker walks a document along the wanted pointers.
type walker struct {
	data []byte
	// want are the wanted pointers as tokens, sorted token by token.
	want [][]string
	// found[k] is the offset of want[k]'s value; -1 when the file has none.
	found []int
	index []byte
	jump  span
}

// skip returns the offset just past the value at i.
func (w *walker) skip(i int) int {
	if i == w.jump.start && w.jump.end > w.jump.start {
		return w.jump.end
	}
	return skipValue(w.data, i)
}

// value walks the value at data[i], whose pointer has d tokens and under
// which (itself included) lie want[lo:hi]. It returns the offset just past
// the value.
func (w *walker) value(i, d, lo, hi int) int {
	// A key given twice keeps its last value, as decoding does, so what
	// an earlier one held is forgotten.
	for k := lo; k < hi; k++ {
		w.found[k] = -1
	}
	if len(w.want[lo]) == d {
		w.found[lo] = i
		lo++
	}
	if lo < hi {
		switch w.data[i] {
		case '{':
			return w.object(i, d, lo, hi)
		case '[':
			return w.array(i, d, lo, hi)
		}
	}
	return w.skip(i)
}

func (w *walker) object(i, d, lo, hi int) int {
	i = skipSpace(w.data, i+1)
	if w.data[i] == '}' {
		return i + 1
	}
	for {
		end := stringEnd(w.data, i)
		raw := w.data[i+1 : end-1]
		if bytes.IndexByte(raw, '\\') >= 0 || !utf8.Valid(raw) {
			// Decoding unescapes the key and replaces bytes that are not
			// UTF-8; the pointer was made from the decoded key.
			var key string
			if json.Unmarshal(w.data[i:end], &key) == nil {
				raw = []byte(key)
			}
		}
		a, b := w.children(d, lo, hi, raw)
		i = skipSpace(w.data, end)
		i = skipSpace(w.data, i+1)
		if a < b {
			i = w.value(i, d+1, a, b)
		} else {
			i = w.skip(i)
		}
		i = skipSpace(w.data, i)
		if w.data[i] == '}' {
			return i + 1
		}
		i = skipSpace(w.data, i+1)
	}
}

func (w *walker) array(i, d, lo, hi int) int {
	i = skipSpace(w.data, i+1)
	if w.data[i] == ']' {
		return i + 1
	}
	for n := 0; ; n++ {
		w.index = strconv.AppendInt(w.index[:0], int64(n), 10)
		a, b := w.children(d, lo, hi, w.index)
		if a < b {
			i = w.value(i, d+1, a, b)
		} else {
			i = w.skip(i)
		}
		i = skipSpace(w.data, i)
		if w.data[i] == ']' {
			return i + 1
		}
		i = skipSpace(w.data, i+1)
	}
}

// children returns the run of want[lo:hi] whose token d is tok; every
// pointer there has more than d tokens.
func (w *walker) children(d, lo, hi int, tok []byte) (int, int) {
	a := lo + sort.Search(hi-lo, func(k int) bool { return w.want[lo+k][d] >= string(tok) })
	b := a
	for b < hi && w.want[b][d] == string(tok) {
		b++
	}
	return a, b
}

func skipSpace(data []byte, i int) int {
	for i < len(data) {
		switch data[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

// stringEnd returns the offset just past the string that opens at i.
func stringEnd(data []byte, i int) int {
	j := i + 1
	for {
		k := bytes.IndexByte(data[j:], '"')
		if k < 0 {
			return len(data)
		}
		q := j + k
		escaped := false
		for p := q - 1; p > i && data[p] == '\\'; p-- {
			escaped = !escaped
		}
		if !escaped {
			return q + 1
		}
		j = q + 1
	}
}

// structural marks the bytes a container skip must look at.
var structural = [256]bool{'"': true, '{': true, '[': true, '}': true, ']': true}

// skipValue returns the offset just past the value at i.
func skipValue(data []byte, i int) int {
	end, _ := skipNested(data, i)
	return end
}

// skipNested returns the offset just past the value at i and how deeply
// containers nest in it (0 for a string, number or literal).
func skipNested(data []byte, i int) (end, nesting int) {
	switch data[i] {
	case '"':
		return stringEnd(data, i), 0
	case '{', '[':
		depth := 0
		for i < len(data) {
			switch data[i] {
			case '"':
				i = stringEnd(data, i)
				continue
			case '{', '[':
				depth++
				nesting = max(nesting, depth)
			case '}', ']':
				depth--
				if depth == 0 {
					return i + 1, nesting
				}
			}
			i++
			for i < len(data) && !structural[data[i]] {
				i++
			}
		}
		return i, nesting
	}
	for i < len(data) {
		switch data[i] {
		case ',', '}', ']', ' ', '\t', '\n', '\r':
			return i, 0
		}
		i++
	}
	return i, 0
}

// position is a 1-based line and a column in code points.
type position struct{ line, column int }

// positions turns offsets into lines and columns in one pass over data,
// however many offsets there are; a negative offset gives the zero
// position. A line ends at '\n' (so "\r\n" files count the same lines), and
// a byte order mark is not a column.
func positions(data []byte, offs []int) []position {
	order := make([]int, 0, len(offs))
	for i, off := range offs {
		if off >= 0 {
			order = append(order, i)
		}
	}
	slices.SortFunc(order, func(a, b int) int { return offs[a] - offs[b] })
	out := make([]position, len(offs))
	start := bomLen(data)
	cur, line, col := start, 1, 1
	for _, i := range order {
		off := min(max(offs[i], start), len(data))
		seg := data[cur:off]
		if n := bytes.Count(seg, []byte{'\n'}); n > 0 {
			line += n
			col = 1 + utf8.RuneCount(seg[bytes.LastIndexByte(seg, '\n')+1:])
		} else {
			col += utf8.RuneCount(seg)
		}
		cur = off
		out[i] = position{line, col}
	}
	return out
}

// LocateIn places pointers in data, a valid JSON document read from file,
// the way a Locator places a Snapshot's: at the first character of each
// value, or of its nearest ancestor the document holds. For documents
// that are not tool lists (a registry server.json), whose pointers are
// their own.
func LocateIn(file string, data []byte, pointers []string) map[string]sdk.Location {
	offs := locate(data, pointers, span{})
	pos := positions(data, offs)
	out := make(map[string]sdk.Location, len(pointers))
	for i, p := range pointers {
		if offs[i] >= 0 {
			out[p] = sdk.Location{File: file, Line: pos[i].line, Column: pos[i].column}
		}
	}
	return out
}
