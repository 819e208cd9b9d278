// Package runner chooses which rules run and runs them over a Snapshot,
// concurrently, producing issues in a deterministic order.
package runner

import (
	"fmt"
	"strings"

	"github.com/mcplint/mcplint/config"
	"github.com/mcplint/mcplint/sdk"
)

// Selection is what the user asked for, from the config and then the flags.
type Selection struct {
	// Preset is the config's [rules] preset; empty means recommended.
	Preset string
	// ConfigEnable and ConfigDisable come from [rules].
	ConfigEnable, ConfigDisable []string
	// FlagEnable and FlagDisable come from --enable and --disable and win
	// over the config.
	FlagEnable, FlagDisable []string
	// Only, from --only, replaces everything else when not empty.
	Only []string
}

// SelectionFrom builds a Selection from a config and the flags.
func SelectionFrom(r config.Rules, enable, disable, only []string) Selection {
	return Selection{
		Preset:       r.Preset,
		ConfigEnable: r.Enable, ConfigDisable: r.Disable,
		FlagEnable: enable, FlagDisable: disable,
		Only: only,
	}
}

// Check returns an error naming the first entry of the flag lists that is
// neither a rule nor a category. (Config entries are checked when the
// config is decoded.)
func (sel Selection) Check(metas []sdk.Meta) error {
	for _, list := range []struct {
		flag  string
		names []string
	}{{"--enable", sel.FlagEnable}, {"--disable", sel.FlagDisable}, {"--only", sel.Only}} {
		for _, n := range list.names {
			if !matchesAny(n, metas) {
				return fmt.Errorf("%s %s: no rule or category by that name%s (see 'mcplint rules')", list.flag, n, Suggest(n, metas))
			}
		}
	}
	return nil
}

// Enabled reports whether a rule runs under this selection.
//
// Layers apply in order, each overriding the one before: the preset, the
// config's enable, the config's disable, --enable, --disable. Within a
// layer a rule's own name and its category count alike. --only, when
// given, replaces all of it.
func (sel Selection) Enabled(m sdk.Meta) bool {
	if len(sel.Only) > 0 {
		return names(sel.Only, m)
	}
	on := false
	switch sel.Preset {
	case config.PresetAll:
		on = true
	case config.PresetNone:
		on = false
	default:
		on = m.Default
	}
	if names(sel.ConfigEnable, m) {
		on = true
	}
	if names(sel.ConfigDisable, m) {
		on = false
	}
	if names(sel.FlagEnable, m) {
		on = true
	}
	if names(sel.FlagDisable, m) {
		on = false
	}
	return on
}

// names reports whether list names the rule or its category. A plugin's
// name ("acme") also names all of its rules ("acme/no-foo").
func names(list []string, m sdk.Meta) bool {
	for _, n := range list {
		if n == m.Name || n == m.Category {
			return true
		}
		if plugin, _, ok := strings.Cut(m.Name, "/"); ok && n == plugin {
			return true
		}
	}
	return false
}

func matchesAny(n string, metas []sdk.Meta) bool {
	for _, m := range metas {
		if names([]string{n}, m) {
			return true
		}
	}
	return false
}

// Suggest returns ` (did you mean "x"?)` for the closest rule or category
// name, or "" when nothing is close.
func Suggest(n string, metas []sdk.Meta) string {
	candidates := append([]string(nil), sdk.Categories...)
	for _, m := range metas {
		candidates = append(candidates, m.Name)
	}
	best, bestDist := "", len(n)/3+2
	for _, c := range candidates {
		if d := editDistance(n, c); d < bestDist {
			best, bestDist = c, d
		}
	}
	if best == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean %q?)", best)
}

// editDistance is the Levenshtein distance between a and b.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// Configure hands each rule its [rules.settings.NAME] table. A table for a
// rule that takes no settings is an error, so no setting is silently
// ignored.
func Configure(rules []sdk.Rule, settings map[string]func(any) error) error {
	byName := make(map[string]sdk.Rule, len(rules))
	for _, r := range rules {
		byName[r.Meta().Name] = r
	}
	for name, decode := range settings {
		r, ok := byName[name]
		if !ok {
			// A disabled rule's settings are kept for when it is enabled.
			continue
		}
		c, ok := r.(sdk.Configurable)
		if !ok {
			return fmt.Errorf("rule %s takes no settings: remove [rules.settings.%s]", name, name)
		}
		if err := c.Configure(decode); err != nil {
			return fmt.Errorf("rule %s: settings: %w", name, err)
		}
	}
	return nil
}
