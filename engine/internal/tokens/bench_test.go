package tokens

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/engine/internal/tokens/internal/table"
	"github.com/mcplint/mcplint/sdk"
)

const benchSize = 1 << 20

// BenchmarkCount counts a 1 MB tool list with this package and with the
// reference port in the same run; compare their MB/s.
func BenchmarkCount(b *testing.B) {
	text := string(toolListJSON(b, benchSize))
	b.Run("tokens", func(b *testing.B) {
		b.SetBytes(int64(len(text)))
		for b.Loop() {
			Count(text)
		}
	})
	b.Run("tiktoken-go", func(b *testing.B) {
		loadReference(b)
		b.SetBytes(int64(len(text)))
		for b.Loop() {
			if _, err := refCodec.Count(text); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkCountMultilingual is BenchmarkCount/tokens on text that is mostly
// not ASCII, where characters are classified through the unicode tables and
// CJK runs make long pieces that are seldom one token.
func BenchmarkCountMultilingual(b *testing.B) {
	benchmarkText(b, multilingual[:len(multilingual)-3])
}

// BenchmarkCountLongPieces is the worst case: pieces far longer than any
// token (runs of one character), merged through the heap.
func BenchmarkCountLongPieces(b *testing.B) {
	benchmarkText(b, multilingual[len(multilingual)-3:])
}

func benchmarkText(b *testing.B, texts []string) {
	var sb strings.Builder
	for sb.Len() < benchSize {
		for _, s := range texts {
			sb.WriteString(s)
			sb.WriteByte('\n')
		}
	}
	text := sb.String()
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		Count(text)
	}
}

// BenchmarkCountSnapshot counts the tools of a 1 MB tool list one by one,
// spread over GOMAXPROCS cores.
func BenchmarkCountSnapshot(b *testing.B) {
	list := toolListJSON(b, benchSize)
	var s sdk.Snapshot
	if err := json.Unmarshal(list, &s); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(list)))
	for b.Loop() {
		CountSnapshot(&s)
	}
}

// BenchmarkLoad is what readying the vocabulary costs.
func BenchmarkLoad(b *testing.B) {
	for b.Loop() {
		t, err := table.Open(o200kTable)
		if err != nil || t.Len() == 0 {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecodeJSON decodes the 1 MB tool list with encoding/json, the
// yardstick for BenchmarkLoad.
func BenchmarkDecodeJSON(b *testing.B) {
	list := toolListJSON(b, benchSize)
	b.SetBytes(int64(len(list)))
	for b.Loop() {
		var v any
		if err := json.Unmarshal(list, &v); err != nil {
			b.Fatal(err)
		}
	}
}
