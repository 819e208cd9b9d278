package schema

import (
	"context"

	"github.com/mcplint/mcplint/internal/schemawalk"
	"github.com/mcplint/mcplint/sdk"
)

type outputSchemaNotObject struct{}

// anySchemaVersion is the first protocol version whose structuredContent
// may be any JSON value, so whose outputSchema may describe one.
const anySchemaVersion = "2026-07-28"

func (outputSchemaNotObject) Meta() sdk.Meta {
	return sdk.Meta{
		Name:     "output-schema-not-object",
		Category: sdk.CategorySchema,
		Severity: sdk.Warning,
		Summary:  "A tool's outputSchema is not an object schema",
		Source:   "2025-11-25/server/tools.mdx#output-schema",
		Default:  true,
		Doc:      ruleDoc("output-schema-not-object"),
		Uses:     []string{schemawalk.Flattened.Name},
	}
}

func (outputSchemaNotObject) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	dated := isProtocolVersion(s.ProtocolVersion)
	modern := s.Era == sdk.EraModern || dated && s.ProtocolVersion >= anySchemaVersion
	unknown := !modern && s.Era == "" && !dated
	flat := schemawalk.Tools(ctx, s)
	for i := range s.Tools {
		t := &s.Tools[i]
		if !hasField(t, &flat[i], schemawalk.DefOutputSchema, t.OutputSchema) {
			continue
		}
		f, bad := notObjectSchema(t.OutputSchema, "outputSchema")
		if !bad {
			continue
		}
		is := f.issue(t.Name, sdk.ToolPointer(i, "outputSchema"))
		is.Severity = sdk.Error
		if _, isObject := t.OutputSchema.(map[string]any); isObject {
			switch {
			case modern:
				continue
			case unknown:
				is.Severity = 0
				is.Message += " up to protocol version 2025-11-25 (2026-07-28 allows any schema)"
			case dated:
				is.Message += " in protocol version " + s.ProtocolVersion
			default:
				is.Message += " before protocol version " + anySchemaVersion
			}
			if f.atType {
				is.Fix = "return an object: {\"type\": \"object\", \"properties\": {\"result\": <this schema>}, \"required\": [\"result\"]}, and put the value under \"result\" in structuredContent"
			}
		}
		report(is)
	}
	return ctx.Err()
}

// isProtocolVersion reports whether v looks like an MCP protocol version
// (a date, "2025-06-18"), so that it can be compared as a string.
func isProtocolVersion(v string) bool {
	if len(v) != len("2006-01-02") || v[4] != '-' || v[7] != '-' {
		return false
	}
	for i, c := range v {
		if i != 4 && i != 7 && (c < '0' || c > '9') {
			return false
		}
	}
	return true
}
