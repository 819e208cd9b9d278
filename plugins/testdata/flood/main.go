// A plugin that answers Check with a million issues of one rule.
package main

import (
	"context"

	"github.com/mcplint/mcplint/sdk"
	"github.com/mcplint/mcplint/sdk/plugin"
)

// count is the issues one Check reports.
const count = 1_000_000

type flood struct{}

func (flood) Meta() sdk.Meta {
	return sdk.Meta{Name: "everything", Category: sdk.CategoryQuality, Severity: sdk.Warning, Default: true, Summary: "reports without end"}
}

func (flood) Check(_ context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	for range count {
		report(sdk.Issue{Tool: s.Tools[0].Name, Pointer: "/tools/0", Message: "again"})
	}
	return nil
}

func main() {
	plugin.Serve(plugin.RuleSet{Name: "flood", Version: "0.0.1", Rules: []sdk.Rule{flood{}}})
}
