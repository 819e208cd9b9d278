// Package rules is the registry of mcplint's built-in rules. Each category
// lives in its own package; this one only gathers them.
package rules

import (
	"sort"

	configrules "github.com/mcplint/mcplint/rules/config"
	"github.com/mcplint/mcplint/rules/conformance"
	"github.com/mcplint/mcplint/rules/naming"
	"github.com/mcplint/mcplint/rules/quality"
	"github.com/mcplint/mcplint/rules/reference"
	"github.com/mcplint/mcplint/rules/schema"
	"github.com/mcplint/mcplint/rules/security"
	"github.com/mcplint/mcplint/sdk"
)

// All returns a fresh instance of every built-in rule, sorted by name. Fresh
// instances matter: Configure stores settings in the rule value, and two runs
// in one process must not share them.
func All() []sdk.Rule {
	var all []sdk.Rule
	for _, family := range families {
		all = append(all, family()...)
	}
	sort.Slice(all, func(i, j int) bool { return all[i].Meta().Name < all[j].Meta().Name })
	return all
}

// families lists each category package's constructor.
var families = []func() []sdk.Rule{
	configrules.Rules,
	conformance.Rules,
	naming.Rules,
	quality.Rules,
	reference.Rules,
	schema.Rules,
	security.Rules,
}

// Named returns a fresh instance of the built-in rule called name, or nil
// when no built-in rule has that name.
func Named(name string) sdk.Rule {
	for _, family := range families {
		for _, r := range family() {
			if r.Meta().Name == name {
				return r
			}
		}
	}
	return nil
}
