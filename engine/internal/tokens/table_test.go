package tokens

import (
	"bytes"
	"testing"

	"github.com/mcplint/mcplint/engine/internal/tokens/internal/table"
	"github.com/mcplint/mcplint/engine/internal/tokens/internal/vocab"
)

// TestTableIsCurrent rebuilds the vocabulary table from the reference and
// compares it with the embedded one, so a stale o200k.table fails here.
func TestTableIsCurrent(t *testing.T) {
	tokens, err := vocab.O200kBase()
	if err != nil {
		t.Fatal(err)
	}
	want, err := table.Build(tokens)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal([]byte(o200kTable), want) {
		t.Fatal("o200k.table is not what the generator makes now; run go generate ./engine/internal/tokens")
	}
	tb := loadVocab()
	for r, tok := range tokens {
		if got := tb.Rank(tok); got != uint32(r) {
			t.Fatalf("Rank(%q) = %d, want %d", tok, got, r)
		}
	}
}
