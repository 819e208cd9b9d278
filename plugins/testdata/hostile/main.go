// A plugin whose answers are hostile: a rule summary that holds terminal
// escapes, and issues with a pointer nested half a million levels deep.
package main

import (
	"context"
	"strings"

	"github.com/mcplint/mcplint/sdk"
	"github.com/mcplint/mcplint/sdk/plugin"
)

type deep struct{}

func (deep) Meta() sdk.Meta {
	return sdk.Meta{Name: "deep", Category: sdk.CategoryQuality, Severity: sdk.Warning, Default: true,
		Summary: "clears the screen \x1b[2J\x1b]0;pwned\x07 when printed raw"}
}

func (deep) Check(_ context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	pointer := strings.Repeat("/a", 500_000)
	for range 100 {
		report(sdk.Issue{Tool: s.Tools[0].Name, Pointer: pointer, Message: "deep"})
	}
	report(sdk.Issue{Tool: s.Tools[0].Name, Pointer: "/tools/0", Message: "shallow"})
	return nil
}

func main() {
	plugin.Serve(plugin.RuleSet{Name: "hostile", Version: "0.0.1", Rules: []sdk.Rule{deep{}}})
}
