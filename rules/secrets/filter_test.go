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
		if got, want := hasSecretName(s), plainSecretName(s); got != want {
			t.Fatalf("hasSecretName(%q) = %v, want %v", s, got, want)
		}
	}
}
