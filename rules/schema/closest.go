package schema

import "github.com/mcplint/mcplint/internal/suggest"

// closest returns the candidate nearest to name when it is near enough to
// be a likely typo, else "", by mcplint's one did-you-mean policy (package
// suggest): short names only match when they differ in case, "b" is not a
// typo of "a".
func closest(name string, candidates []string) string {
	return suggest.Closest(name, candidates)
}
