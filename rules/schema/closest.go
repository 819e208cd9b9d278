package schema

import (
	"strings"
	"unicode/utf8"
)

// closest returns the candidate nearest to name (edit distance, case
// folded) when it is near enough to be a likely typo, else "". Short names
// only match when they differ in case: "b" is not a typo of "a".
func closest(name string, candidates []string) string {
	limit := utf8.RuneCountInString(name) / 3
	best, bestDist := "", limit+1
	lower := strings.ToLower(name)
	for _, c := range candidates {
		if c == name {
			continue
		}
		d := editDistance(lower, strings.ToLower(c))
		if d < bestDist || d == bestDist && c < best {
			best, bestDist = c, d
		}
	}
	if bestDist > limit {
		return ""
	}
	return best
}

// editDistance is the Levenshtein distance between a and b in runes,
// giving up (returning a large number) on very long inputs.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	if len(ra) > 64 || len(rb) > 64 {
		return 1 << 20
	}
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
