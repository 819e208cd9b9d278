package secrets

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
	"github.com/zricethezav/gitleaks/v8/config"
)

// The rule set is decoded with BurntSushi/toml, not viper as gitleaks
// decodes it; the two must agree on every field.
func TestConfigDecodesAsViperDecodes(t *testing.T) {
	want, err := viperDecoded()
	if err != nil {
		t.Fatal(err)
	}
	var got config.ViperConfig
	if _, err := toml.Decode(config.DefaultConfig, &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Rules) != len(want.Rules) {
		t.Fatalf("toml decodes %d rules, viper %d", len(got.Rules), len(want.Rules))
	}
	for i := range want.Rules {
		if !reflect.DeepEqual(got.Rules[i], want.Rules[i]) {
			t.Errorf("rule %d: toml decodes\n%+v\nviper\n%+v", i, got.Rules[i], want.Rules[i])
		}
	}
	got.Rules, want.Rules = nil, nil
	if !reflect.DeepEqual(got, want) {
		t.Errorf("toml decodes\n%+v\nviper\n%+v", got, want)
	}
}

// The rules compiled on first use are the rules Translate compiles: same
// ids in the same order, keywords, secret groups, entropy floors,
// expressions and allowlists, but for allowlists that cannot allow a
// secret in text. Translate's own checks (every expression compiles, each
// secret group exists, each allowlist is well formed) hold too.
func TestLazyRulesAreTranslated(t *testing.T) {
	if _, err := translated(); err != nil {
		t.Fatalf("gitleaks' Translate rejects its default configuration: %v", err)
	}
	eager, lazy := eagerRules(), ruleset()
	if len(lazy.rules) != len(eager.rules) {
		t.Fatalf("%d rules compiled on first use, %d by Translate", len(lazy.rules), len(eager.rules))
	}
	if len(lazy.rules) < 200 {
		t.Errorf("only %d of gitleaks' rules report", len(lazy.rules))
	}
	for i, l := range lazy.rules {
		e := eager.rules[i]
		if l.id != e.id || !slices.Equal(l.keywords, e.keywords) || l.secretGroup != e.secretGroup || l.entropy != e.entropy {
			t.Errorf("rule %d is %s %q group %d entropy %v, Translate's %s %q group %d entropy %v", i, l.id, l.keywords, l.secretGroup, l.entropy, e.id, e.keywords, e.secretGroup, e.entropy)
			continue
		}
		if got, want := l.regex().String(), e.regex().String(); got != want {
			t.Errorf("%s: expression %q, Translate's %q", l.id, got, want)
		}
		if got, want := allowlistsOf(l.allowlists()), allowlistsOf(textual(e.allowlists())); !slices.Equal(got, want) {
			t.Errorf("%s: allowlists\n%q\nTranslate's\n%q", l.id, got, want)
		}
	}
	if got, want := allowlistsOf(lazy.global()), allowlistsOf(textual(eager.global())); !slices.Equal(got, want) {
		t.Errorf("global allowlists\n%q\nTranslate's\n%q", got, want)
	}
	if len(lazy.global()) == 0 {
		t.Errorf("no global allowlist applies to text")
	}
}

// textual returns the allowlists that can allow a secret in text, which
// has no path and no commit.
func textual(lists []*config.Allowlist) []*config.Allowlist {
	var out []*config.Allowlist
	for _, a := range lists {
		if a.MatchCondition == config.AllowlistMatchAnd && (len(a.Commits) > 0 || len(a.Paths) > 0) {
			continue
		}
		if len(a.Regexes) == 0 && len(a.StopWords) == 0 {
			continue
		}
		out = append(out, a)
	}
	return out
}

// allowlistsOf describes lists by what decides on a secret in text.
func allowlistsOf(lists []*config.Allowlist) []string {
	var out []string
	for _, a := range lists {
		var exprs []string
		for _, re := range a.Regexes {
			exprs = append(exprs, re.String())
		}
		words := slices.Clone(a.StopWords)
		slices.Sort(words)
		out = append(out, strings.Join([]string{a.MatchCondition.String(), a.RegexTarget, strings.Join(exprs, "\x00"), strings.Join(words, "\x00")}, "\x01"))
	}
	return out
}
