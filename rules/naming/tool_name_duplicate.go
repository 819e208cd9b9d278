package naming

import (
	"context"
	"fmt"
	"reflect"

	"github.com/mcplint/mcplint/sdk"
)

// toolNameDuplicate reports a tool whose name an earlier tool of the same
// server already has: a client calls tools by name, so only one of them can
// ever be reached.
type toolNameDuplicate struct{}

func (toolNameDuplicate) Meta() sdk.Meta {
	return sdk.Meta{
		Name:     "tool-name-duplicate",
		Category: sdk.CategoryNaming,
		Severity: sdk.Error,
		Summary:  "Every tool of a server has its own name",
		Doc:      doc("tool-name-duplicate"),
		Source:   "2025-11-25/server/tools.mdx#tool-names",
		Default:  true,
	}
}

func (toolNameDuplicate) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	first := map[string]int{}
	for i, t := range s.Tools {
		if t.Name == "" {
			continue
		}
		j, seen := first[t.Name]
		if !seen {
			first[t.Name] = i
			continue
		}
		fix := fmt.Sprintf("give this tool a name of its own, or remove it if it is the same tool as %s", sdk.ToolPointer(j))
		if t.Def != nil && reflect.DeepEqual(t.Def, s.Tools[j].Def) {
			fix = fmt.Sprintf("remove this definition: it is identical to %s", sdk.ToolPointer(j))
		}
		report(sdk.Issue{
			Tool:    t.Name,
			Pointer: sdk.ToolPointer(i, "name"),
			Message: fmt.Sprintf("tool name %q is already used by the tool at %s", t.Name, sdk.ToolPointer(j)),
			Fix:     fix,
		})
	}
	return ctx.Err()
}
