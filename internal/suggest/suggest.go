// Package suggest finds the "did you mean" of a name that is not one of a
// set of known names: a rule or category name in a config, a property in
// "required", a "$ref" target, a tool a description refers to. Every
// suggestion mcplint makes follows one policy:
//
//   - Distance is the optimal string alignment distance over runes
//     (Distance), with case folded: an insertion, a deletion, a
//     substitution or a swap of two neighbouring characters is one typo.
//   - A candidate is near enough when it is at most Limit(name) typos away,
//     a third of the name's runes: "b" is no typo of "a", "hiden" is one
//     of "hidden", and longer names may hold more typos. A name that
//     differs only in case is always near enough.
//   - The nearest candidate wins; among equally near ones, the first in
//     byte order, so that a suggestion does not depend on the order
//     candidates came in. The name itself (byte for byte) is never
//     suggested.
//
// Closest scans the candidates; an Index answers many questions about one
// large set (the tools of a server with a hundred thousand) at a cost that
// does not grow with the set for names one typo from a candidate.
package suggest

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// maxRunes is the longest name that gets a suggestion: Distance
// gives longer names a distance larger than either.
const maxRunes = 256

// Limit is the most typos a candidate may be away from name and still be
// suggested: a third of its runes.
func Limit(name string) int { return utf8.RuneCountInString(name) / 3 }

// Closest returns the candidate nearest to name within Limit(name), or "".
func Closest(name string, candidates []string) string {
	lower := []rune(strings.ToLower(name))
	if len(lower) > maxRunes {
		return ""
	}
	limit := len(lower) / 3
	best, bestD := "", limit+1
	var scratch distScratch
	for _, c := range candidates {
		if c == name {
			continue
		}
		cl := []rune(strings.ToLower(c))
		if d := scratch.distance(lower, cl, min(bestD, limit)); better(d, c, bestD, best) {
			best, bestD = c, d
		}
	}
	return best
}

// Guess is Closest, or else, for a name of three runes or more, the one
// candidate that starts with it, case folded: the short forms users type
// for settings ("warn" for "warning", "snake" for "snake_case").
func Guess(name string, candidates []string) string {
	if best := Closest(name, candidates); best != "" || utf8.RuneCountInString(name) < 3 {
		return best
	}
	lower := strings.ToLower(name)
	best := ""
	for _, c := range candidates {
		if c != name && strings.HasPrefix(strings.ToLower(c), lower) {
			if best != "" {
				return ""
			}
			best = c
		}
	}
	return best
}

// better reports whether a candidate at distance d beats the best so far.
func better(d int, c string, bestD int, best string) bool {
	return d < bestD || d == bestD && best != "" && c < best
}

// Index holds a set of candidates for many Closest questions. Names one
// typo (or only case) away from a candidate are answered by looking up
// their one-typo variants, without visiting the candidates; farther ones
// visit only the candidates whose length is within the limit, with a
// distance that stops as soon as it exceeds the best so far. Answers are
// remembered. An Index is not safe for concurrent use.
type Index struct {
	// byLower maps each case-folded candidate to the candidates that fold
	// to it, in byte order.
	byLower map[string][]string
	// byLen holds the case-folded candidates by rune count.
	byLen    map[int][]folded
	alphabet []rune // the runes of the folded candidates, for variants
	memo     map[string]string
	scratch  distScratch
	buf      []byte
}

type folded struct {
	name  string
	lower []rune
}

// alphabetCap is the most distinct runes for which variants are looked
// up; beyond it (names in many scripts) every question visits candidates.
const alphabetCap = 96

// NewIndex indexes candidates.
func NewIndex(candidates []string) *Index {
	ix := &Index{byLower: make(map[string][]string, len(candidates)), byLen: map[int][]folded{}, memo: map[string]string{}}
	seen := map[rune]bool{}
	for _, c := range candidates {
		l := strings.ToLower(c)
		prev, dup := ix.byLower[l]
		if dup && slices.Contains(prev, c) {
			continue
		}
		ix.byLower[l] = append(prev, c)
		rs := []rune(l)
		if len(rs) > maxRunes {
			continue
		}
		ix.byLen[len(rs)] = append(ix.byLen[len(rs)], folded{c, rs})
		for _, r := range rs {
			if !seen[r] && len(seen) <= alphabetCap {
				seen[r] = true
				ix.alphabet = append(ix.alphabet, r)
			}
		}
	}
	for _, names := range ix.byLower {
		slices.Sort(names)
	}
	return ix
}

// Closest returns the candidate nearest to name within Limit(name), or "",
// as the package function does over the same candidates.
func (ix *Index) Closest(name string) string {
	if s, ok := ix.memo[name]; ok {
		return s
	}
	s := ix.closest(name)
	ix.memo[name] = s
	return s
}

func (ix *Index) closest(name string) string {
	lowerStr := strings.ToLower(name)
	lower := []rune(lowerStr)
	if len(lower) > maxRunes {
		return ""
	}
	// Distance 0: the same name in another case.
	for _, c := range ix.byLower[lowerStr] {
		if c != name {
			return c
		}
	}
	limit := len(lower) / 3
	if limit == 0 {
		return ""
	}
	if len(ix.alphabet) <= alphabetCap {
		if best := ix.oneTypo(lower); best != "" || limit == 1 {
			return best
		}
	}
	// Two typos or more: visit the candidates of a near length, nearest
	// lengths first so that the bound tightens early.
	best, bestD := "", limit+1
	for delta := 0; delta <= limit && delta <= bestD; delta++ {
		for _, n := range []int{len(lower) - delta, len(lower) + delta} {
			for _, f := range ix.byLen[n] {
				if f.name == name {
					continue
				}
				if d := ix.scratch.distance(lower, f.lower, min(bestD, limit)); better(d, f.name, bestD, best) {
					best, bestD = f.name, d
				}
			}
			if delta == 0 {
				break
			}
		}
	}
	return best
}

// oneTypo returns the first in byte order of the candidates exactly one
// typo from the folded name, by looking up each of its variants: every
// deletion, swap of neighbours, substitution and insertion of a rune some
// candidate has.
func (ix *Index) oneTypo(lower []rune) string {
	best := ""
	look := func() {
		for _, c := range ix.byLower[string(ix.buf)] {
			if best == "" || c < best {
				best = c
			}
		}
	}
	for i := range lower {
		ix.buf = appendRunes(appendRunes(ix.buf[:0], lower[:i]), lower[i+1:])
		look()
		if i+1 < len(lower) && lower[i] != lower[i+1] {
			ix.buf = appendRunes(ix.buf[:0], lower[:i])
			ix.buf = utf8.AppendRune(ix.buf, lower[i+1])
			ix.buf = utf8.AppendRune(ix.buf, lower[i])
			ix.buf = appendRunes(ix.buf, lower[i+2:])
			look()
		}
		for _, r := range ix.alphabet {
			if r != lower[i] {
				ix.buf = appendRunes(ix.buf[:0], lower[:i])
				ix.buf = utf8.AppendRune(ix.buf, r)
				ix.buf = appendRunes(ix.buf, lower[i+1:])
				look()
			}
		}
	}
	for i := 0; i <= len(lower); i++ {
		for _, r := range ix.alphabet {
			ix.buf = appendRunes(ix.buf[:0], lower[:i])
			ix.buf = utf8.AppendRune(ix.buf, r)
			ix.buf = appendRunes(ix.buf, lower[i:])
			look()
		}
	}
	return best
}

func appendRunes(b []byte, rs []rune) []byte {
	for _, r := range rs {
		b = utf8.AppendRune(b, r)
	}
	return b
}

// distScratch holds the rows of a distance computation between calls.
type distScratch struct{ rows [3][]int }

// distance is the optimal string alignment distance of a and b when it is
// at most bound, else bound+1. It fills only the cells within bound of the
// diagonal and stops at the first row whose every cell exceeds bound.
func (s *distScratch) distance(a, b []rune, bound int) int {
	la, lb := len(a), len(b)
	if la-lb > bound || lb-la > bound {
		return bound + 1
	}
	inf := bound + 1
	for i := range s.rows {
		if cap(s.rows[i]) < lb+1 {
			s.rows[i] = make([]int, lb+1)
		}
		s.rows[i] = s.rows[i][:lb+1]
	}
	prev2, prev, cur := s.rows[0], s.rows[1], s.rows[2]
	for j := range prev {
		prev[j] = min(j, inf)
	}
	for i := 1; i <= la; i++ {
		lo, hi := max(1, i-bound), min(lb, i+bound)
		// Only the band is computed; the cells just outside it, which
		// this row's and the next rows' cells read, are "too far".
		cur[0] = min(i, inf)
		if lo > 1 {
			cur[lo-1] = inf
		}
		if hi < lb {
			cur[hi+1] = inf
		}
		rowMin := cur[0]
		for j := lo; j <= hi; j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			v := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				v = min(v, prev2[j-2]+1)
			}
			v = min(v, inf)
			cur[j] = v
			rowMin = min(rowMin, v)
		}
		if rowMin > bound {
			return inf
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[lb]
}
