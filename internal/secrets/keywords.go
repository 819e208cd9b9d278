package secrets

import (
	"math/bits"
	"strings"
)

// keywordIndex finds the rules whose keywords a lower-case text holds, as
// gitleaks finds them with an Aho-Corasick trie. A trie of the default
// rules' 244 keywords takes 2.7 MB for as long as the process lives; this
// takes a set of the pairs of bytes keywords start with, 8 KB, and the
// keywords by that pair, found by the pair's rank in the set. The few
// windows a run reads cost it a bit test per byte.
type keywordIndex struct {
	pairs  [1 << 16 / 64]uint64
	before [1 << 16 / 64]uint16 // the pairs in the words of pairs before each
	byPair [][]keyword          // by rank of the pair in pairs
	short  []keyword            // the keywords of fewer than two bytes
	always []int                // the rules without keywords
	rules  int
}

// keyword is one keyword and the rules, by index, that it selects.
type keyword struct {
	word  string
	rules []int
}

func pair(s string) uint16 { return uint16(s[0])<<8 | uint16(s[1]) }

// newKeywordIndex indexes rules' keywords.
func newKeywordIndex(rules []*leakRule) *keywordIndex {
	x := &keywordIndex{rules: len(rules)}
	selects := map[string][]int{}
	var words []string
	for k, r := range rules {
		for _, kw := range r.keywords {
			if _, ok := selects[kw]; !ok {
				words = append(words, kw)
			}
			selects[kw] = append(selects[kw], k)
		}
		if len(r.keywords) == 0 {
			x.always = append(x.always, k)
		}
	}
	for _, w := range words {
		if len(w) >= 2 {
			p := pair(w)
			x.pairs[p/64] |= 1 << (p % 64)
		}
	}
	n := 0
	for i, set := range x.pairs {
		x.before[i] = uint16(n)
		n += bits.OnesCount64(set)
	}
	x.byPair = make([][]keyword, n)
	for _, w := range words {
		kw := keyword{w, selects[w]}
		if len(w) < 2 {
			x.short = append(x.short, kw)
			continue
		}
		r := x.rank(pair(w))
		x.byPair[r] = append(x.byPair[r], kw)
	}
	return x
}

// rank returns the number of pairs in the set before p.
func (x *keywordIndex) rank(p uint16) int {
	return int(x.before[p/64]) + bits.OnesCount64(x.pairs[p/64]&(1<<(p%64)-1))
}

// selected returns, in order, the rules without keywords and those with
// a keyword in lower.
func (x *keywordIndex) selected(lower string) []int {
	seen := make([]uint64, (x.rules+63)/64)
	mark := func(rules []int) {
		for _, k := range rules {
			seen[k/64] |= 1 << (k % 64)
		}
	}
	mark(x.always)
	for _, kw := range x.short {
		if strings.Contains(lower, kw.word) {
			mark(kw.rules)
		}
	}
	for i := 0; i+1 < len(lower); i++ {
		p := pair(lower[i:])
		if x.pairs[p/64]&(1<<(p%64)) == 0 {
			continue
		}
		for _, kw := range x.byPair[x.rank(p)] {
			if strings.HasPrefix(lower[i:], kw.word) {
				mark(kw.rules)
			}
		}
	}
	var out []int
	for w, set := range seen {
		for ; set != 0; set &= set - 1 {
			out = append(out, w*64+bits.TrailingZeros64(set))
		}
	}
	return out
}
