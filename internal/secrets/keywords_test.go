package secrets

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	ahocorasick "github.com/BobuSumisu/aho-corasick"
)

// The keyword index selects the rules a trie of the keywords, as gitleaks
// uses, selects, over texts made of keywords cut, joined and overlapped.
func TestKeywordIndexSelectsAsATrie(t *testing.T) {
	lr := ruleset()
	selects := map[string][]int{}
	var words []string
	for k, r := range lr.rules {
		for _, kw := range r.keywords {
			if _, ok := selects[kw]; !ok {
				words = append(words, kw)
			}
			selects[kw] = append(selects[kw], k)
		}
	}
	trie := ahocorasick.NewTrieBuilder().AddStrings(words).Build()
	bySet := func(text string) []int {
		var out []int
		for _, m := range trie.MatchString(text) {
			out = append(out, selects[m.MatchString()]...)
		}
		out = append(out, lr.keywords.always...)
		slices.Sort(out)
		return slices.Compact(out)
	}
	r := rand.New(rand.NewPCG(5, 6))
	reached := map[int]bool{}
	for range 20000 {
		var b strings.Builder
		for range 1 + r.IntN(6) {
			w := words[r.IntN(len(words))]
			lo, hi := 0, len(w)
			if r.IntN(3) == 0 {
				lo = r.IntN(len(w))
			}
			if r.IntN(3) == 0 {
				hi = lo + r.IntN(len(w)-lo+1)
			}
			b.WriteString(w[lo:hi])
			if r.IntN(2) == 0 {
				b.WriteByte(" _.-=:\"x9"[r.IntN(9)])
			}
		}
		text := b.String()
		got, want := lr.keywords.selected(text), bySet(text)
		if !slices.Equal(got, want) {
			t.Fatalf("in %q the index selects %v, the trie %v", text, got, want)
		}
		for _, k := range got {
			reached[k] = true
		}
	}
	if len(reached) < len(lr.rules)*9/10 {
		t.Errorf("the texts select only %d of %d rules", len(reached), len(lr.rules))
	}
}
