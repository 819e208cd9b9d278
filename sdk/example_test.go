package sdk_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/mcplint/mcplint/sdk"
	"github.com/mcplint/mcplint/sdk/linttest"
)

// noShouting is the rule of the package documentation's walkthrough.
type noShouting struct{}

func (noShouting) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "no-shouting", Category: sdk.CategoryQuality, Severity: sdk.Warning,
		Summary: "Tool descriptions are not written in capitals",
		Doc:     "**Bad**\n\n    DELETES A FILE.\n\n**Good**\n\n    Deletes a file.\n", Source: "house style",
	}
}

func (noShouting) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	for i, t := range s.Tools {
		if d := t.Description; len(d) > 20 && d == strings.ToUpper(d) {
			report(sdk.Issue{
				Tool: t.Name, Pointer: sdk.ToolPointer(i, "description"),
				Message: "the description is all capitals",
				Fix:     "write it in sentence case",
			})
		}
	}
	return nil
}

// A rule from the package documentation, run the way the engine runs it.
func Example() {
	snap, _, err := sdk.DecodeSnapshot([]byte(`{"tools":[
		{"name":"rm","description":"DELETES A FILE, FOREVER, AT ONCE.","inputSchema":{"type":"object"}},
		{"name":"ls","description":"Lists the files of a folder.","inputSchema":{"type":"object"}}]}`))
	if err != nil {
		panic(err)
	}
	issues, err := linttest.Check(noShouting{}, snap)
	if err != nil {
		panic(err)
	}
	for _, is := range issues {
		fmt.Println(is.Severity, is.Tool, is.Pointer, is.Message)
	}
	// Output: warning rm /tools/0/description the description is all capitals
}
