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
	"unsafe"

	"github.com/mcplint/mcplint/engine/tokens/internal/table"
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

// memo holds the counts of pieces that took merging, for one worker of
// CountSnapshot: every tool of a list repeats the same JSON punctuation
// and schema words, and a lookup costs a fraction of a merge.
type memo map[string]int

// memoMax bounds a memo, so that a list of unique pieces costs a bounded
// amount of memory.
const memoMax = 1 << 16

// count is Count with a memo; m may be nil.
func count(t *table.Table, text string, m memo) int {
	if !utf8.ValidString(text) {
		text = string([]rune(text))
	}
	return countValid(t, text, m)
}

// countValid is count of text that is valid UTF-8.
func countValid(t *table.Table, text string, m memo) int {
	n := 0
	for p := 0; p < len(text); {
		e := pieceEnd(text, p)
		piece := text[p:e]
		p = e
		if len(piece) == 1 || t.Rank(piece) != noRank {
			n++
			continue
		}
		if m == nil {
			n += pieceCount(t, piece)
			continue
		}
		k, ok := m[piece]
		if !ok {
			k = pieceCount(t, piece)
			if len(m) < memoMax {
				// The text may be a buffer that is written again.
				m[strings.Clone(piece)] = k
			}
		}
		n += k
	}
	return n
}

// countTool counts a tool's compact JSON, the output of json.Marshal,
// written by c when the tool has its definition as decoded.
func countTool(c *compact, m memo, t sdk.Tool) int {
	if t.Def != nil {
		if b, ok := c.encode(t.Def); ok {
			// countValid keeps nothing of its text but what it clones, so
			// it may read the buffer in place; the buffer is not written
			// again until it returns. compact writes valid UTF-8 only.
			return countValid(loadVocab(), unsafe.String(unsafe.SliceData(b), len(b)), m)
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
		m := memo{}
		for i := range s.Tools {
			tc.Tools[i] = countTool(&c, m, s.Tools[i])
		}
	} else {
		var next atomic.Int64
		var wg sync.WaitGroup
		for range workers {
			wg.Go(func() {
				var c compact
				m := memo{}
				for i := int(next.Add(1) - 1); i < len(s.Tools); i = int(next.Add(1) - 1) {
					tc.Tools[i] = countTool(&c, m, s.Tools[i])
				}
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
