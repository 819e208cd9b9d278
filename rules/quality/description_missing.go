package quality

import (
	"context"
	"fmt"
	"strings"

	"github.com/mcplint/mcplint/internal/schemawalk"
	"github.com/mcplint/mcplint/rules/internal/jsonvalue"
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
		Uses:     []string{schemawalk.Flattened.Name},
	}
}

func (descriptionMissing) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	flat := schemawalk.Tools(ctx, s)
	for i := range s.Tools {
		t := &s.Tools[i]
		raw, present := description(t, &flat[i])
		text, isString := raw.(string)
		const fix = "add a \"description\" saying what the tool does, when to use it rather than the server's other tools, and what it returns"
		switch {
		case !present:
			report(sdk.Issue{
				Tool:    t.Name,
				Pointer: sdk.ToolPointer(i),
				Message: fmt.Sprintf("%s has no description", toolLabel(i, t.Name)),
				Fix:     fix,
			})
		case !isString:
			report(sdk.Issue{
				Tool:    t.Name,
				Pointer: sdk.ToolPointer(i, "description"),
				Message: fmt.Sprintf("description of %s is %s, not a string", toolLabel(i, t.Name), jsonvalue.Describe(raw)),
				Fix:     "make \"description\" a string saying what the tool does, when to use it and what it returns",
			})
		case strings.TrimSpace(text) == "":
			report(sdk.Issue{
				Tool:    t.Name,
				Pointer: sdk.ToolPointer(i, "description"),
				Message: fmt.Sprintf("description of %s is empty (%q)", toolLabel(i, t.Name), text),
				Fix:     fix,
			})
		}
	}
	return ctx.Err()
}
