package reliteral

import (
	"math/rand/v2"
	"regexp"
	"slices"
	"testing"
)

func TestRequired(t *testing.T) {
	for _, tc := range []struct {
		re   string
		want []string
	}{
		{`\brm\s+-rf`, []string{"-rf"}},
		{`\b(?:rmdir|rd|del)\s+/[sq]`, []string{"rmdir", "rd", "del"}},
		{`\bdd\s+if=/dev/(?:zero|u?random)`, []string{"if=/dev/"}},
		{`abc|x*`, nil},
		{`(?:foo)+bar?`, []string{"foo"}},
		{`a{0,3}`, nil},
		{`\d+`, nil},
		{`(?i)Hello`, []string{"hello"}},
		{`x(?:ab|cd)y`, []string{"xaby", "xcdy"}},
	} {
		got := Required(regexp.MustCompile(tc.re))
		slices.Sort(got)
		want := slices.Clone(tc.want)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("Required(%q) = %q, want %q", tc.re, got, want)
		}
	}
}

// TestNoMatchWithoutALiteral holds Required to its promise on random
// texts: whenever an expression matches, the text holds a literal.
func TestNoMatchWithoutALiteral(t *testing.T) {
	exprs := []string{
		`\brm\s+(?:-[a-z]*\s+)*-[a-z]*(?:r[a-z]*f|f[a-z]*r)`, `\b(?:curl|wget)\b[^|]{0,20}\|\s*sh\b`,
		`:\(\)\s*\{`, `\bdrop\s+(?:table|schema)\s+\w+`, `(?:ab|a)+c`, `x?yz|q+r`,
	}
	r := rand.New(rand.NewPCG(5, 6))
	alphabet := []byte("abcdfghlmnopqrstuwxyz -|:(){}/\n")
	for _, e := range exprs {
		re := regexp.MustCompile(e)
		set := Required(re)
		for range 20000 {
			b := make([]byte, r.IntN(30))
			for i := range b {
				b[i] = alphabet[r.IntN(len(alphabet))]
			}
			if re.Match(b) && !ContainsAny(string(b), set) {
				t.Fatalf("%q matches %q, which holds none of %q", e, b, set)
			}
		}
	}
}
