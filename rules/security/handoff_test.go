package security

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestHandoffsAnyText reads random texts made of the words a hand-off is
// read by, the marks around them and sentence ends, and checks that each
// hand-off found lies within the text's words and ends on the sentence
// it was read in.
func TestHandoffsAnyText(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	pieces := []string{"your", "context", "context's", "(context)", "context.key", "key", "the", "this", "it",
		"They", "helper", "tool", "passed", "never", "to", "->", ".", "\n- ", " ", "api_token"}
	for n := 0; n < 20000; n++ {
		var b strings.Builder
		for range 1 + r.IntN(16) {
			b.WriteString(pieces[r.IntN(len(pieces))])
			b.WriteByte(' ')
		}
		w := split(b.String())
		for _, m := range handoffs(w, func(int) map[string]bool { return nil }) {
			if m.start < 0 || m.end > len(w.toks) || m.start >= m.end {
				t.Fatalf("%q: hand-off [%d,%d) outside %d words", b.String(), m.start, m.end, len(w.toks))
			}
			if _, hi := w.sentenceOf(m.end - 1); m.end > hi {
				t.Fatalf("%q: hand-off [%d,%d) crosses a sentence's end", b.String(), m.start, m.end)
			}
		}
	}
}
