package schema

import (
	"strings"
	"unicode/utf8"

	"github.com/mcplint/mcplint/sdk"
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
		d := sdk.EditDistance(lower, strings.ToLower(c))
		if d < bestDist || d == bestDist && c < best {
			best, bestDist = c, d
		}
	}
	if bestDist > limit {
		return ""
	}
	return best
}
