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
		text := randomText(r, pieces, 16)
		w := split(text)
		for _, m := range handoffs(w, func(int) map[string]bool { return nil }) {
			if m.start < 0 || m.end > len(w.toks) || m.start >= m.end {
				t.Fatalf("%q: hand-off [%d,%d) outside %d words", text, m.start, m.end, len(w.toks))
			}
			if _, hi := w.sentenceOf(m.end - 1); m.end > hi {
				t.Fatalf("%q: hand-off [%d,%d) crosses a sentence's end", text, m.start, m.end)
			}
		}
	}
}

// TestSentenceOf checks, on random texts of words and sentence ends, that
// the sentence sentenceOf gives each token holds it, starts at a
// sentence's start and holds no other start.
func TestSentenceOf(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	pieces := []string{"word", "two", ".", "!", "\n\n", "- ", "x.y", "e.g."}
	for n := 0; n < 5000; n++ {
		text := randomText(r, pieces, 30)
		w := split(text)
		starts := map[int]bool{}
		for _, s := range w.sentences {
			starts[s] = true
		}
		for i := range w.toks {
			lo, hi := w.sentenceOf(i)
			if !(lo <= i && i < hi) || !starts[lo] || hi > len(w.toks) || hi < len(w.toks) && !starts[hi] {
				t.Fatalf("%q: token %d in [%d,%d), starts %v", text, i, lo, hi, w.sentences)
			}
			for k := lo + 1; k < hi; k++ {
				if starts[k] {
					t.Fatalf("%q: token %d in [%d,%d), which holds the start %d", text, i, lo, hi, k)
				}
			}
		}
	}
}

// randomText joins one to most of the pieces, each followed by a space.
func randomText(r *rand.Rand, pieces []string, most int) string {
	var b strings.Builder
	for range 1 + r.IntN(most) {
		b.WriteString(pieces[r.IntN(len(pieces))])
		b.WriteByte(' ')
	}
	return b.String()
}
