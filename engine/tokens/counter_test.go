package tokens

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/sdk"
)

// checkCounter fails where counting texts in turn with one counter, as
// CountSnapshot does, differs from counting each alone without one.
func checkCounter(t *testing.T, texts []string) {
	t.Helper()
	tb := loadVocab()
	c := newCounter()
	for _, s := range texts {
		if got, want := countValid(tb, s, c), countPieces(tb, s); got != want {
			t.Fatalf("count of %q with a counter = %d, without = %d", s, got, want)
		}
	}
}

func TestCounterMatchesPlain(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var texts []string
	for range 5000 {
		texts = append(texts, randomFastText(rng, 1+rng.IntN(40)))
	}
	// Pieces of every length around recentMaxLen, at the end of a text
	// and inside it, where their words are read differently.
	for n := 1; n <= 2*recentMaxLen; n++ {
		w := strings.Repeat("ab", n)[:n]
		texts = append(texts, w, " "+w, w+" x", strings.Repeat(" ", n), strings.Repeat(" ", n)+"x", strings.Repeat("中", n))
	}
	texts = append(texts, multilingual...)
	checkCounter(t, texts)
	// The same texts again find their pieces in the counter.
	checkCounter(t, texts)
}

func FuzzCounter(f *testing.F) {
	for _, s := range multilingual {
		f.Add(s, "")
	}
	f.Add(`{"type":"string"}`, `{"type":"str`)
	f.Fuzz(func(t *testing.T, a, b string) {
		checkCounter(t, []string{validUTF8(a), validUTF8(b), validUTF8(a + b)})
	})
}

// TestCountSnapshotMatchesPlain counts a large generated tool list, whose
// tools repeat pieces enough to fill a counter and push pieces out of it,
// with CountSnapshot and with countPieces of each tool's json.Marshal.
func TestCountSnapshotMatchesPlain(t *testing.T) {
	list := toolListJSON(t, 1<<18)
	var s sdk.Snapshot
	if err := json.Unmarshal(list, &s); err != nil {
		t.Fatal(err)
	}
	got := CountSnapshot(&s)
	for i, tool := range s.Tools {
		b, err := json.Marshal(tool)
		if err != nil {
			t.Fatal(err)
		}
		if want := countPieces(loadVocab(), string(b)); got.Tools[i] != want {
			t.Errorf("tool %d (%s): CountSnapshot = %d, countPieces = %d", i, tool.Name, got.Tools[i], want)
		}
	}
}
