package schema

import (
	"context"
	"fmt"

	"github.com/mcplint/mcplint/rules/internal/schemawalk"
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
		Doc: "Reports a tool whose definition has no `inputSchema` key at all. " +
			"An `inputSchema` that is present but `null` or not an object schema is " +
			"`input-schema-not-object` instead; a tool gets one or the other, never both.\n\n" +
			"`inputSchema` is one of the two fields the MCP schema requires of every `Tool` " +
			"(in every protocol version), and the tools page says it **MUST** be a valid JSON " +
			"Schema object, so this is an error. Clients that validate `tools/list` drop or " +
			"reject the tool, and a model is left to guess what arguments it takes. A tool " +
			"without parameters still needs a schema that says so.\n\n" +
			"**Bad**\n\n```json\n{\"name\": \"get_time\", \"description\": \"Returns the current server time\"}\n```\n\n" +
			"**Good**\n\n```json\n{\"name\": \"get_time\", \"description\": \"Returns the current server time\",\n" +
			" \"inputSchema\": {\"type\": \"object\", \"additionalProperties\": false}}\n```\n",
	}
}

func (inputSchemaMissing) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	flat := schemawalk.Tools(s)
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
