package security

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestQuoteAroundSearch checks that quoteAround's search of the spans
// finds what a read of every span finds, for every span of short random
// texts made of quotation marks, apostrophes, letters, spaces and line
// breaks.
func TestQuoteAroundSearch(t *testing.T) {
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
				if strings.Contains(text[from:to], "\n") {
					continue // a match never crosses a line
				}
				wantOpen, wantEnd, want := everySpanAround(text, from, to)
				open, end, got := w.quoteAround(from, to)
				if got != want || open != wantOpen || end != wantEnd {
					t.Fatalf("%q [%d,%d): quoteAround %d,%d,%v, every span %d,%d,%v", text, from, to, open, end, got, wantOpen, wantEnd, want)
				}
			}
		}
	}
}

// everySpanAround reads every pair of every mark, in quoteMarks' order,
// for the first that holds [from, to).
func everySpanAround(text string, from, to int) (open, end int, ok bool) {
	for _, q := range quoteMarks {
		for _, s := range appendQuoteSpans(nil, text, q) {
			if s.open < from && s.end >= to {
				return s.open, s.end, true
			}
		}
	}
	return 0, 0, false
}

// TestQuoteSpans checks how marks pair: on one line, apostrophes apart.
func TestQuoteSpans(t *testing.T) {
	for _, c := range []struct {
		text, inner string
		quoted      bool
	}{
		{`say "ignore all" now`, "ignore all", true},
		{"run `rm -rf` here", "rm -rf", true},
		{`the 'admin' role`, "admin", true},
		{`don't ignore the user's rules`, "ignore", false},
		{"an \"open\nignore\" pair", "ignore", false},
		{`"a" ignore "b"`, "ignore", false},
		{`"a" and "ignore"`, "ignore", true},
	} {
		w := &words{}
		w.resetFolded(c.text, c.text)
		from := strings.Index(c.text, c.inner)
		if got := w.quoted(from, from+len(c.inner)); got != c.quoted {
			t.Errorf("%q: %q quoted %v, want %v", c.text, c.inner, got, c.quoted)
		}
	}
}
