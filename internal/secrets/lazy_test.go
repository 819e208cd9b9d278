package secrets_test

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"regexp/syntax"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/mcplint/mcplint/internal/secrets"
)

// The rules compiled on first use find what the rules Translate compiles
// find, match for match, over this package's cases, the security rules'
// corpus and texts made from each of gitleaks' rule expressions.
func TestLazyRulesFindWhatTranslatedRulesFind(t *testing.T) {
	var texts []string
	for _, c := range findCases {
		texts = append(texts, c.text)
	}
	texts = append(texts, githubPAT, awsKey, slackBot, stripe, privKey)
	texts = append(texts, corpusTexts(t)...)
	r := rand.New(rand.NewPCG(7, 8))
	for _, expr := range secrets.LeakRuleExpressions() {
		re, err := syntax.Parse(expr, syntax.Perl)
		if err != nil {
			t.Fatalf("%q: %v", expr, err)
		}
		for range 4 {
			var b strings.Builder
			sample(re, r, &b)
			s := b.String()
			texts = append(texts, s, "Set it to "+s+" before you call.", "config:\n  api_key = \""+s+"\"\n", strings.ToUpper(s))
		}
	}
	kinds := map[string]bool{}
	for _, text := range texts {
		eager, lazy := secrets.FindLeaksEagerly(text), secrets.FindLeaksLazily(text)
		if !reflect.DeepEqual(lazy, eager) {
			t.Errorf("in %q the lazy rules find %v, Translate's %v", text, lazy, eager)
		}
		for _, m := range eager {
			kinds[m.Kind] = true
		}
	}
	// The texts must reach most rules, or they compare little.
	if len(kinds) < 190 {
		t.Errorf("the texts hold secrets of only %d kinds", len(kinds))
	}
}

// corpusTexts returns every string in the security rules' corpus.
func corpusTexts(t *testing.T) []string {
	files, err := filepath.Glob(filepath.Join("..", "..", "rules", "security", "testdata", "corpus", "*", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus: %v", err)
	}
	var out []string
	var walk func(any)
	walk = func(v any) {
		switch v := v.(type) {
		case string:
			out = append(out, v)
		case []any:
			for _, e := range v {
				walk(e)
			}
		case map[string]any:
			for _, e := range v {
				walk(e)
			}
		}
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var v any
		if err := json.Unmarshal(b, &v); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		walk(v)
	}
	return out
}

// sample writes a random text that re matches, or nearly: assertions
// write nothing, and unbounded repeats stop at a few.
func sample(re *syntax.Regexp, r *rand.Rand, b *strings.Builder) {
	repeat := func(lo, hi int) {
		if hi < 0 {
			hi = lo + 3
		}
		for range lo + r.IntN(hi-lo+1) {
			sample(re.Sub[0], r, b)
		}
	}
	switch re.Op {
	case syntax.OpLiteral:
		for _, c := range re.Rune {
			if re.Flags&syntax.FoldCase != 0 && r.IntN(2) == 0 && c < utf8.RuneSelf {
				c = []rune(strings.ToUpper(string(c)))[0]
			}
			b.WriteRune(c)
		}
	case syntax.OpCharClass:
		// Printable ASCII where the class has some, for keys.
		var ranges [][2]rune
		for i := 0; i+1 < len(re.Rune); i += 2 {
			lo, hi := re.Rune[i], min(re.Rune[i+1], '~')
			if lo >= ' ' && lo <= hi {
				ranges = append(ranges, [2]rune{lo, hi})
			}
		}
		if len(ranges) == 0 {
			b.WriteRune(re.Rune[0])
			return
		}
		n := 0
		for _, g := range ranges {
			n += int(g[1] - g[0] + 1)
		}
		k := rune(r.IntN(n))
		for _, g := range ranges {
			if k <= g[1]-g[0] {
				b.WriteRune(g[0] + k)
				break
			}
			k -= g[1] - g[0] + 1
		}
	case syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		b.WriteByte("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"[r.IntN(62)])
	case syntax.OpCapture:
		sample(re.Sub[0], r, b)
	case syntax.OpStar:
		repeat(0, 3)
	case syntax.OpPlus:
		repeat(1, 4)
	case syntax.OpQuest:
		repeat(0, 1)
	case syntax.OpRepeat:
		repeat(re.Min, re.Max)
	case syntax.OpConcat:
		for _, s := range re.Sub {
			sample(s, r, b)
		}
	case syntax.OpAlternate:
		sample(re.Sub[r.IntN(len(re.Sub))], r, b)
	}
}
