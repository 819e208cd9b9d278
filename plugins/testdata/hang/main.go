// A plugin that never answers Check. When MCPLINT_TEST_IN_CHECK names a
// file, it creates it on entering Check, for tests that act while it hangs.
package main

import (
	"context"
	"os"

	"github.com/mcplint/mcplint/sdk"
	"github.com/mcplint/mcplint/sdk/plugin"
)

type stuck struct{}

func (stuck) Meta() sdk.Meta {
	return sdk.Meta{Name: "stuck", Category: sdk.CategoryQuality, Severity: sdk.Warning, Default: true, Summary: "hangs"}
}

func (stuck) Check(context.Context, *sdk.Snapshot, func(sdk.Issue)) error {
	if f := os.Getenv("MCPLINT_TEST_IN_CHECK"); f != "" {
		os.WriteFile(f, nil, 0o600)
	}
	select {}
}

func main() { plugin.Serve(plugin.RuleSet{Name: "hang", Version: "0.0.1", Rules: []sdk.Rule{stuck{}}}) }
