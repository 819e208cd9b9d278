package schema

import (
	"context"
	"fmt"

	"github.com/mcplint/mcplint/internal/schemawalk"
	"github.com/mcplint/mcplint/sdk"
)

type inputSchemaMissing struct{}

func (inputSchemaMissing) Meta() sdk.Meta {
	return sdk.Meta{
		Name:     "input-schema-missing",
		Category: sdk.CategorySchema,
		Severity: sdk.Error,
		Summary:  "A tool has no inputSchema",
		Source:   "2025-11-25/server/tools.mdx#tool",
		Default:  true,
		Doc:      ruleDoc("input-schema-missing"),
		Uses:     []string{schemawalk.Flattened.Name},
	}
}

func (inputSchemaMissing) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	flat := schemawalk.Tools(ctx, s)
	for i := range s.Tools {
		t := &s.Tools[i]
		if hasField(t, &flat[i], schemawalk.DefInputSchema, t.InputSchema) {
			continue
		}
		report(sdk.Issue{
			Tool:    t.Name,
			Pointer: sdk.ToolPointer(i),
			Message: fmt.Sprintf("tool %s has no \"inputSchema\"", quoteShort(t.Name)),
			Fix:     "add an \"inputSchema\" that describes the arguments; for a tool without any, \"inputSchema\": {\"type\": \"object\", \"additionalProperties\": false}",
		})
	}
	return ctx.Err()
}
