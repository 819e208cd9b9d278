// A plugin that never answers Check.
package main

import (
	"context"

	"github.com/mcplint/mcplint/sdk"
	"github.com/mcplint/mcplint/sdk/plugin"
)

type stuck struct{}

func (stuck) Meta() sdk.Meta {
	return sdk.Meta{Name: "stuck", Category: sdk.CategoryQuality, Severity: sdk.Warning, Default: true, Summary: "hangs"}
}

func (stuck) Check(context.Context, *sdk.Snapshot, func(sdk.Issue)) error { select {} }

func main() { plugin.Serve(plugin.RuleSet{Name: "hang", Version: "0.0.1", Rules: []sdk.Rule{stuck{}}}) }
