// A plugin whose RuleSet has no Configure: it takes no [plugin.settings].
package main

import (
	"context"

	"github.com/mcplint/mcplint/sdk"
	"github.com/mcplint/mcplint/sdk/plugin"
)

type quiet struct{}

func (quiet) Meta() sdk.Meta {
	return sdk.Meta{Name: "quiet", Category: sdk.CategoryQuality, Severity: sdk.Info, Summary: "Reports nothing", Source: "none", Default: true}
}

func (quiet) Check(context.Context, *sdk.Snapshot, func(sdk.Issue)) error { return nil }

func main() {
	plugin.Serve(plugin.RuleSet{Name: "nosettings", Version: "0.0.1", Rules: []sdk.Rule{quiet{}}})
}
