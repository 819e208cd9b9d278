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
	"sync"
	"sync/atomic"
	"unicode/utf8"

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
	t := loadVocab()
	if !utf8.ValidString(text) {
		text = string([]rune(text))
	}
	n := 0
	for p := 0; p < len(text); {
		e := pieceEnd(text, p)
		n += pieceCount(t, text[p:e])
		p = e
	}
	return n
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
	countTool := func(i int) {
		// MarshalJSON is what json.Marshal(s.Tools[i]) calls; its output
		// is compact already, so calling it directly spares json.Marshal's
		// second pass that would compact it again.
		b, err := s.Tools[i].MarshalJSON()
		if err == nil {
			tc.Tools[i] = Count(string(b))
		}
	}
	workers := min(runtime.GOMAXPROCS(0), len(s.Tools)/(parallelMin/2))
	if len(s.Tools) < parallelMin || workers < 2 {
		for i := range s.Tools {
			countTool(i)
		}
	} else {
		var next atomic.Int64
		var wg sync.WaitGroup
		for range workers {
			wg.Go(func() {
				for i := int(next.Add(1) - 1); i < len(s.Tools); i = int(next.Add(1) - 1) {
					countTool(i)
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
