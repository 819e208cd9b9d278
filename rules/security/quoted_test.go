package security

import (
	"math/rand/v2"
	"testing"
)

// TestQuotedAgreesWithQuoteAround checks that the quoted spans found once
// per text say what quoteAround says of every span of short random texts
// made of quotation marks, apostrophes, letters, spaces and line breaks.
func TestQuotedAgreesWithQuoteAround(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	const alphabet = "ab '\"`\n"
	w := &words{}
	for n := 0; n < 3000; n++ {
		b := make([]byte, 1+r.IntN(24))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		text := string(b)
		w.resetFolded(text, text)
		for from := 0; from < len(text); from++ {
			for to := from + 1; to <= len(text); to++ {
				if text[from:to] != "" && containsNewline(text[from:to]) {
					continue // a match never crosses a line
				}
				_, _, want := quoteAround(text, from, to)
				if got := w.quoted(from, to); got != want {
					t.Fatalf("%q [%d,%d): quoted %v, quoteAround %v", text, from, to, got, want)
				}
			}
		}
	}
}

func containsNewline(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			return true
		}
	}
	return false
}
