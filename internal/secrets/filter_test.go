package secrets

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// The filters skip ahead for speed; these check them against plain
// expressions of what they promise, over random text made of the bytes
// that matter.
var (
	denseRun   = regexp.MustCompile(`[A-Za-z0-9]{12,}`)
	longRun    = regexp.MustCompile(`[A-Za-z0-9]{12}`)
	secretName = regexp.MustCompile(`[A-Z0-9_]{3,}["' ]*[=:]`)
)

func plainCandidate(s string) bool {
	for _, run := range denseRun.FindAllString(s, -1) {
		if dense(run) {
			return true
		}
	}
	return false
}

func plainSecretName(s string) bool {
	for _, m := range secretName.FindAllString(s, -1) {
		name := strings.TrimRight(m, "\"' =:")
		for _, p := range secretNameParts {
			if strings.Contains(name, p) {
				return true
			}
		}
	}
	return false
}

func TestFiltersMatchPlainForms(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	alphabet := "aB3 _-.=:'\"xK9TOKENPASS\n"
	for n := 0; n < 20000; n++ {
		b := make([]byte, r.IntN(60))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		s := string(b)
		if got, want := nextCandidate(s, 0) >= 0, plainCandidate(s); got != want {
			t.Fatalf("nextCandidate(%q) found=%v, want %v", s, got, want)
		}
		// FindNamed's promise for candidate: a text without a long run holds no
		// dense part.
		if nextCandidate(s, 0) >= 0 && !longRun.MatchString(s) {
			t.Fatalf("nextCandidate(%q) found a dense part without a run of twelve letters and digits", s)
		}
		if got, want := hasSecretName(s), plainSecretName(s); got != want {
			t.Fatalf("hasSecretName(%q) = %v, want %v", s, got, want)
		}
	}
}

// hasURLPassword must hold wherever urlPassword matches, and rule out text
// with URLs but no user:password@ part.
func TestURLPasswordFilter(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	alphabet := "ab9:/@ .'\"`<>{}\t-+"
	matched := 0
	part := func(n int) string {
		b := make([]byte, r.IntN(n))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		return string(b)
	}
	for n := 0; n < 50000; n++ {
		// Pieces of a URL with a user part, each of them random text of
		// the bytes the expression and the filter care about.
		s := part(8) + "db://" + part(6) + ":" + part(6) + "@" + part(6)
		if r.IntN(3) == 0 {
			s = part(20) + "://" + part(20)
		}
		if urlPassword().MatchString(s) {
			matched++
			if !hasURLPassword(s) {
				t.Fatalf("hasURLPassword(%q) is false, but urlPassword matches", s)
			}
		}
	}
	if matched < 100 {
		t.Errorf("only %d random texts match urlPassword; the test no longer exercises the filter", matched)
	}
	for _, s := range []string{"See https://example.com/docs and ftp://host:21/x.", "Connects to postgres://localhost:5432/app", "mailto:a@b and https://x.y/@user"} {
		if hasURLPassword(s) {
			t.Errorf("hasURLPassword(%q) is true; it has no user:password@ part", s)
		}
	}
}
