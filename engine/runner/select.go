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
				return fmt.Errorf("%s %s: no rule or category by that name%s (see 'mcplint rules')", list.flag, n, DidYouMean(n, metas))
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

// DidYouMean returns ` (did you mean "x"?)` for the rule or category name
// closest to n, or "" when nothing is close.
func DidYouMean(n string, metas []sdk.Meta) string {
	candidates := append([]string(nil), sdk.Categories...)
	for _, m := range metas {
		candidates = append(candidates, m.Name)
	}
	if best := config.Suggest(n, candidates); best != "" {
		return fmt.Sprintf(" (did you mean %q?)", best)
	}
	return ""
}
