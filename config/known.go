package config

import (
	"sort"

	"github.com/mcplint/mcplint/sdk"
)

// Known is what a config's names are checked against.
type Known struct {
	// Rules are the metas of every built-in rule (and of plugin rules
	// already known, by their "plugin/rule" names).
	Rules []sdk.Meta
	// Plugins names plugins found by discovery (./.mcplint/plugins,
	// ~/.mcplint/plugins) rather than by a [[plugin]] entry. A
	// "plugin/rule" name is accepted when its plugin is one of these or a
	// [[plugin]] entry: plugin rules are known only once the plugin runs.
	Plugins []string
}

// names returns the sorted rule names.
func (k Known) names() []string {
	out := make([]string, 0, len(k.Rules))
	for _, m := range k.Rules {
		out = append(out, m.Name)
	}
	sort.Strings(out)
	return out
}
