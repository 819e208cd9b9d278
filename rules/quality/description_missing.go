package quality

import (
	"context"
	"fmt"
	"strings"

	"github.com/mcplint/mcplint/sdk"
)

// descriptionMissing reports tools without a usable description: none, not
// a string, or only white space.
type descriptionMissing struct{}

func (descriptionMissing) Meta() sdk.Meta {
	return sdk.Meta{
		Name:     "description-missing",
		Category: sdk.CategoryQuality,
		Severity: sdk.Warning,
		Summary:  "Every tool has a description",
		Doc:      doc("description-missing"),
		Source:   "2025-11-25/server/tools.mdx#tool; schema/2025-11-25/schema.json ($defs/Tool/properties/description)",
		Default:  true,
	}
}

func (descriptionMissing) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	for i, t := range s.Tools {
		raw, present := field(t.Def, "description", t.Description)
		text, isString := raw.(string)
		fix := fmt.Sprintf("add a \"description\" saying what %q does, when to use it rather than the server's other tools, and what it returns", t.Name)
		switch {
		case !present:
			report(sdk.Issue{
				Tool:    t.Name,
				Pointer: sdk.ToolPointer(i),
				Message: fmt.Sprintf("tool %q has no description", t.Name),
				Fix:     fix,
			})
		case !isString:
			report(sdk.Issue{
				Tool:    t.Name,
				Pointer: sdk.ToolPointer(i, "description"),
				Message: fmt.Sprintf("description of tool %q is %s, not a string", t.Name, describeValue(raw)),
				Fix:     "make \"description\" a string saying what the tool does, when to use it and what it returns",
			})
		case strings.TrimSpace(text) == "":
			report(sdk.Issue{
				Tool:    t.Name,
				Pointer: sdk.ToolPointer(i, "description"),
				Message: fmt.Sprintf("description of tool %q is empty (%q)", t.Name, text),
				Fix:     fix,
			})
		}
	}
	return ctx.Err()
}
