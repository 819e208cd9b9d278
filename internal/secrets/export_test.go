package secrets

import (
	"sort"
	"strings"
	"sync"

	"github.com/spf13/viper"
	"github.com/zricethezav/gitleaks/v8/config"
	"github.com/zricethezav/gitleaks/v8/regexp"
)

// viperDecoded is gitleaks' default configuration decoded as gitleaks
// decodes it, through viper.
func viperDecoded() (config.ViperConfig, error) {
	var vc config.ViperConfig
	v := viper.New()
	v.SetConfigType("toml")
	if err := v.ReadConfig(strings.NewReader(config.DefaultConfig)); err != nil {
		return vc, err
	}
	err := v.Unmarshal(&vc)
	return vc, err
}

// translated is gitleaks' default configuration read as gitleaks reads
// it: through viper, then Translate, which compiles every expression.
var translated = sync.OnceValues(func() (config.Config, error) {
	vc, err := viperDecoded()
	if err != nil {
		return config.Config{}, err
	}
	return vc.Translate()
})

// eagerRules are the rules of translated, compiled, as this package read
// them before it compiled them on first use.
var eagerRules = sync.OnceValue(func() *leakRules {
	cfg, err := translated()
	if err != nil {
		panic(err)
	}
	ids := make([]string, 0, len(cfg.Rules))
	for id := range cfg.Rules {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	var rules []*leakRule
	for _, id := range ids {
		r := cfg.Rules[id]
		if r.Regex == nil || r.SkipReport {
			continue
		}
		rules = append(rules, &leakRule{
			id:          r.RuleID,
			keywords:    r.Keywords,
			secretGroup: r.SecretGroup,
			entropy:     r.Entropy,
			regex:       func() *regexp.Regexp { return r.Regex },
			allowlists:  func() []*config.Allowlist { return r.Allowlists },
		})
	}
	return indexRules(rules, func() []*config.Allowlist { return cfg.Allowlists })
})

// FindLeaksEagerly and FindLeaksLazily run gitleaks' rules over text,
// compiled by Translate and compiled on first use.
func FindLeaksEagerly(text string) []Match { return eagerRules().find(text) }
func FindLeaksLazily(text string) []Match  { return ruleset().find(text) }

// LeakRuleExpressions returns the expressions of the rules that report.
func LeakRuleExpressions() []string {
	var out []string
	for _, r := range eagerRules().rules {
		out = append(out, r.regex().String())
	}
	return out
}
