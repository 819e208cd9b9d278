package schema

import (
	"context"
	"fmt"
	"strings"

	"github.com/mcplint/mcplint/internal/schemawalk"
	"github.com/mcplint/mcplint/sdk"
)

type inputSchemaNotObject struct{}

func (inputSchemaNotObject) Meta() sdk.Meta {
	return sdk.Meta{
		Name:     "input-schema-not-object",
		Category: sdk.CategorySchema,
		Severity: sdk.Error,
		Summary:  "A tool's inputSchema is not an object schema with \"type\": \"object\"",
		Source:   "2025-11-25/server/tools.mdx#tool",
		Default:  true,
		Doc:      ruleDoc("input-schema-not-object"),
		Uses:     []string{schemawalk.Flattened.Name},
	}
}

func (inputSchemaNotObject) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	flat := schemawalk.Tools(ctx, s)
	for i := range s.Tools {
		t := &s.Tools[i]
		if !hasField(t, &flat[i], schemawalk.DefInputSchema, t.InputSchema) {
			continue
		}
		if f, bad := notObjectSchema(t.InputSchema, "inputSchema"); bad {
			report(f.issue(t.Name, sdk.ToolPointer(i, "inputSchema")))
		}
	}
	return ctx.Err()
}

// rootFinding is how a root schema falls short of an object schema.
type rootFinding struct {
	msg, fix string
	// atType is true when the finding is about the "type" keyword rather
	// than the schema as a whole.
	atType bool
}

func (f rootFinding) issue(tool, base string) sdk.Issue {
	p := base
	if f.atType {
		p = sdk.Pointer(base, "type")
	}
	return sdk.Issue{Tool: tool, Pointer: p, Message: f.msg, Fix: f.fix}
}

// notObjectSchema says how a root schema falls short of an object schema
// with "type": "object".
func notObjectSchema(v any, field string) (rootFinding, bool) {
	obj, ok := v.(map[string]any)
	if !ok {
		what := describe(v)
		if b, isBool := v.(bool); isBool {
			what = fmt.Sprintf("the boolean schema %v", b)
		}
		return rootFinding{
			msg: fmt.Sprintf("%q is %s, not a JSON Schema object", field, what),
			fix: fmt.Sprintf("make %q an object schema: {\"type\": \"object\", \"properties\": {…}}", field),
		}, true
	}
	typ, has := obj["type"]
	if !has {
		return rootFinding{
			msg: fmt.Sprintf("%q has no \"type\"; MCP requires \"type\": \"object\" at its root", field),
			fix: fmt.Sprintf("add \"type\": \"object\" to %q", field),
		}, true
	}
	if typ == "object" {
		return rootFinding{}, false
	}
	fix := "wrap the value in a property: {\"type\": \"object\", \"properties\": {\"value\": <this schema>}, \"required\": [\"value\"]}"
	if str, isString := typ.(string); isString && strings.EqualFold(str, "object") {
		fix = "write \"type\": \"object\" in lower case"
	}
	if list, isList := typ.([]any); isList {
		for _, item := range list {
			if item == "object" {
				fix = "write \"type\": \"object\" (one string, not a list)"
			}
		}
	}
	return rootFinding{
		msg:    fmt.Sprintf("%q has \"type\": %s; MCP requires exactly \"type\": \"object\" at its root", field, compactJSON(typ)),
		fix:    fix,
		atType: true,
	}, true
}
