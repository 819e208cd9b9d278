// Package tokens counts what text costs a model in o200k_base tokens, the
// encoding of OpenAI's GPT-4o and later models, exactly as tiktoken's
// encode_ordinary would, without tiktoken: the vocabulary is a hash table
// built at generate time and embedded in the binary, read in place, and the
// pre-tokenizer is the o200k pattern written out by hand instead of a
// backtracking regex.
//
// Where the Go port github.com/tiktoken-go/tokenizer differs from tiktoken,
// this package follows tiktoken: the port cuts a run of spaces that holds
// two newlines apart ("\n \n") into two pieces, and skips DEL (U+007F).
package tokens

//go:generate go run ./internal/gen -o o200k.table

import (
	_ "embed"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"

	"github.com/mcplint/mcplint/engine/internal/tokens/internal/table"
	"github.com/mcplint/mcplint/sdk"
)

//go:embed o200k.table
var o200kTable string

var (
	o200kOnce sync.Once
	o200k     table.Table
)

// loadVocab readies the embedded table. A table that does not open is a
// build defect, not an input error, so it panics.
func loadVocab() *table.Table {
	o200kOnce.Do(func() {
		t, err := table.Open(o200kTable)
		if err != nil {
			panic("tokens: " + err.Error())
		}
		o200k = t
	})
	return &o200k
}

// Count is the number of o200k_base tokens in text. Special tokens such as
// "<|endoftext|>" count as the plain text they are spelled with. tiktoken
// takes only valid text; invalid UTF-8 counts as if each invalid byte were
// U+FFFD, as the Go port counts it. Count is safe for concurrent use.
func Count(text string) int {
	return count(loadVocab(), text, nil)
}

// counter is what one worker of CountSnapshot keeps from tool to tool:
// every tool of a list repeats the same JSON punctuation and schema words.
type counter struct {
	// recent answers the pieces seen lately from 128 KB that stay in the
	// CPU's cache; the vocabulary's table is megabytes, and probing it
	// cost more than splitting and merging together. Of sizes from 16 KB
	// to 256 KB, 128 KB counted a large generated tool list fastest: a
	// miss costs far more than a hit, so fewer collisions beat a smaller
	// cache.
	recent [recentSize]recentPiece
	// memo holds the counts of pieces that took merging and were pushed
	// out of recent, or are too long for it: a lookup costs a fraction of
	// a merge.
	memo map[string]int
}

// memoMax bounds a memo, so that a list of unique pieces costs a bounded
// amount of memory.
const memoMax = 1 << 16

const (
	recentBits = 13
	recentSize = 1 << recentBits
	// recentMaxLen is the longest piece recent holds: two words but for
	// the two bytes that hold its length and count. Longer pieces are few
	// in English and JSON.
	recentMaxLen = 14
)

// recentPiece is a piece of up to recentMaxLen bytes, as two little-endian
// words padded with zeros, the second topped by the piece's length and
// count (at most its length) in a byte each: 16 bytes, so that recent
// stays small. An empty entry has length zero, which no piece has.
type recentPiece struct {
	w0, w1 uint64
}

const (
	recentLenShift   = 56
	recentCountShift = 48
	recentCountMask  = 0xff << recentCountShift
)

func newCounter() *counter {
	return &counter{memo: make(map[string]int)}
}

// counters keeps counters from one CountSnapshot to the next: a run over
// thousands of small servers made (and zeroed) a 128 KB counter per
// server, and started each cold, though every tool list repeats the same
// JSON punctuation and schema words. A counter holds counts of pieces,
// the same whoever asks, and its memo is bounded (memoMax).
var counters = sync.Pool{New: func() any { return newCounter() }}

// pieceWords is piece s[p:e], e-p <= recentMaxLen, as recentPiece holds it.
func pieceWords(s string, p, e int) (w0, w1 uint64) {
	if p+16 <= len(s) {
		return le64(s, p) & wordMasks[e-p], le64(s, p+8) & wordMasks[max(e-p-8, 0)]
	}
	// Near the end of s the words are read a byte at a time.
	var b [16]byte
	copy(b[:], s[p:e])
	return le64(string(b[:8]), 0), le64(string(b[8:]), 0)
}

// wordMasks[n] keeps the first n bytes of a little-endian word.
var wordMasks = func() (m [recentMaxLen + 1]uint64) {
	for n := range m {
		m[n] = ^uint64(0) >> (64 - 8*min(n, 8))
	}
	return m
}()

// le64 is the little-endian word at s[i:]. Slicing first leaves the
// compiler one bounds check instead of eight before its single load.
func le64(s string, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// count is Count with a counter; c may be nil.
func count(t *table.Table, text string, c *counter) int {
	if !utf8.ValidString(text) {
		text = string([]rune(text))
	}
	return countValid(t, text, c)
}

// countValid is count of text that is valid UTF-8.
func countValid(t *table.Table, text string, c *counter) int {
	if c == nil {
		return countPieces(t, text)
	}
	n := 0
	for p := 0; p < len(text); {
		e := pieceEnd(text, p)
		if e-p > recentMaxLen {
			n += c.pieceCount(t, text[p:e])
			p = e
			continue
		}
		w0, w1 := pieceWords(text, p, e)
		w1 |= uint64(e-p) << recentLenShift
		// Multiplying by 2⁶⁴/φ and keeping the top bits spreads the
		// words of similar pieces over the whole cache.
		r := &c.recent[(w0^w1)*0x9e3779b97f4a7c15>>(64-recentBits)]
		if r.w0 != w0 || r.w1&^recentCountMask != w1 {
			*r = recentPiece{w0, w1 | uint64(c.pieceCount(t, text[p:e]))<<recentCountShift}
		}
		n += int(r.w1 >> recentCountShift & 0xff)
		p = e
	}
	return n
}

// countPieces counts text piece by piece, with neither recent nor a memo.
func countPieces(t *table.Table, text string) int {
	n := 0
	for p := 0; p < len(text); {
		e := pieceEnd(text, p)
		n += pieceCount(t, text[p:e])
		p = e
	}
	return n
}

// pieceCount is the count of one piece through c's memo.
func (c *counter) pieceCount(t *table.Table, piece string) int {
	if len(piece) == 1 || t.Rank(piece) != noRank {
		return 1
	}
	k, ok := c.memo[piece]
	if !ok {
		k = pieceCount(t, piece)
		if len(c.memo) < memoMax {
			// The text may be a buffer that is written again.
			c.memo[strings.Clone(piece)] = k
		}
	}
	return k
}

// countTool counts a tool's compact JSON, the output of json.Marshal,
// written by c when the tool has its definition as decoded.
func countTool(c *compact, s *streamCount, t sdk.Tool) int {
	if t.Def != nil {
		if n, ok := c.count(t.Def, s); ok {
			return n
		}
	}
	// MarshalJSON is what json.Marshal(t) calls; its output is compact
	// already, so calling it directly spares json.Marshal's second pass.
	b, err := t.MarshalJSON()
	if err != nil {
		return 0
	}
	return Count(string(b))
}

// parallelMin is the number of tools from which CountSnapshot spreads the
// work over cores; below it, starting goroutines costs more than it saves.
const parallelMin = 64

// CountSnapshot counts what s's tool list and instructions cost: each tool
// as its compact JSON (json.Marshal of the sdk.Tool), the instructions as
// text, and their sum. A tool that cannot be marshaled counts zero; tools
// decoded from JSON always can be.
func CountSnapshot(s *sdk.Snapshot) *sdk.TokenCounts {
	tc := &sdk.TokenCounts{
		Tools:        make([]int, len(s.Tools)),
		Instructions: Count(s.Instructions),
	}
	workers := min(runtime.GOMAXPROCS(0), len(s.Tools)/(parallelMin/2))
	if len(s.Tools) < parallelMin || workers < 2 {
		var c compact
		m := counters.Get().(*counter)
		sc := newStreamCount(m)
		for i := range s.Tools {
			tc.Tools[i] = countTool(&c, sc, s.Tools[i])
		}
		counters.Put(m)
	} else {
		var next atomic.Int64
		var wg sync.WaitGroup
		for range workers {
			wg.Go(func() {
				var c compact
				m := counters.Get().(*counter)
				sc := newStreamCount(m)
				for i := int(next.Add(1) - 1); i < len(s.Tools); i = int(next.Add(1) - 1) {
					tc.Tools[i] = countTool(&c, sc, s.Tools[i])
				}
				counters.Put(m)
			})
		}
		wg.Wait()
	}
	tc.Total = tc.Instructions
	for _, n := range tc.Tools {
		tc.Total += n
	}
	return tc
}
