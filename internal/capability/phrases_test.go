package capability

import (
	"strings"
	"testing"
)

// FuzzFindPhrases holds the one-pass phrase search to a search for each
// phrase of the lowered description, with a word boundary on each side.
func FuzzFindPhrases(f *testing.F) {
	for _, s := range []string{
		"Returns the contents of a file.", "EXECUTE CODE in a sandbox", "reads Private Repositories",
		"private repositor", "search the web, then Search The Web again", "webpage-scraper",
		"Knowledge graph", "the Kelvin sign lowers to k: \u212anowledge graph", "İstanbul run code", "a_run code",
		"runs code9", "the internet.", "", "x", "send an email and sends a message",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, desc string) {
		want := searchEach(strings.ToLower(desc))
		if got := findPhrases(desc); got != want {
			t.Errorf("findPhrases(%q) = %b, want %b", desc, got, want)
		}
	})
}

// searchEach finds each phrase of phraseLists in desc (lowercase) at word
// boundaries, one strings.Index search per phrase.
func searchEach(desc string) (found [len(phraseLists)]uint64) {
	for l, list := range phraseLists {
		for k, p := range list {
			for from := 0; ; {
				i := strings.Index(desc[from:], p)
				if i < 0 {
					break
				}
				i += from
				end := i + len(p)
				if (i == 0 || !isWordByte(desc[i-1])) && (end == len(desc) || !isWordByte(desc[end])) {
					found[l] |= 1 << k
					break
				}
				from = i + 1
			}
		}
	}
	return found
}
