package conformance

import (
	"context"
	"fmt"

	"github.com/mcplint/mcplint/internal/toolanswer"
	"github.com/mcplint/mcplint/rules/internal/wire"
	"github.com/mcplint/mcplint/sdk"
)

// inputSchemaLooserThanTool reports tools that refuse, as invalid,
// arguments their own inputSchema accepts ("Cannot specify both head and
// tail"): a model builds its calls from the schema, so every constraint
// the schema leaves out is a failed call it cannot foresee. The refusal is
// read from the answer's wording (toolanswer.Rejection); failures of the
// machine (no network, no database) are not refusals.
type inputSchemaLooserThanTool struct{}

func (inputSchemaLooserThanTool) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "input-schema-looser-than-tool", Category: sdk.CategoryConformance, Severity: sdk.Warning, Default: true,
		Summary: "A tool accepts every argument set its inputSchema accepts",
		Doc:     doc("input-schema-looser-than-tool"),
		Source:  "2025-11-25/server/tools.mdx#tool",
		Uses:    []string{parsedSession.Name},
	}
}

func (inputSchemaLooserThanTool) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(ctx, s)
	if ss == nil {
		return nil
	}
	inputs := newSchemas(s.Tools, func(t sdk.Tool) any { return t.InputSchema })
	var found firstPerTool
	calls := toolCalls(s, ss)
	for k := range calls {
		c := &calls[k]
		text, isError, ok := answerText(c)
		if !ok || !(isError || hidesError(c, text, isError)) {
			continue
		}
		if code, _ := errorOf(c.resp); envelopeCodes[code] && c.resp.HasError() {
			continue
		}
		schema := inputs.get(c.tool)
		if schema == nil || schema.Validate(c.args) != nil {
			continue // arguments the schema rejects: refusing them is right
		}
		if _, env := toolanswer.EnvironmentOf(text); env {
			continue
		}
		if _, refused := toolanswer.Rejection(text); !refused {
			continue
		}
		found.add(c, text)
	}
	found.each(func(f *toolFinding) {
		c := f.first
		report(sdk.Issue{Tool: c.name, Pointer: sdk.ToolPointer(c.tool, "inputSchema"),
			Message: fmt.Sprintf("%q refused arguments its inputSchema accepts (%s) with %s%s; a model that follows the schema makes calls that fail",
				c.name, wire.Quote(c.args, 80), quoteCut(toolanswer.Redact(firstLine(f.text)), 120), times(f.n)),
			Fix: `state the constraint in inputSchema so that it rejects these arguments too: "not": {"required": ["a", "b"]} for options that exclude each other, "required" for a value the tool needs, "dependentRequired", "enum", "minimum"; or make the tool accept them`})
	})
	return nil
}
