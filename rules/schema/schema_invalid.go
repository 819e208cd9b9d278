package schema

import (
	"context"
	"fmt"

	"github.com/mcplint/mcplint/sdk"
)

type schemaInvalid struct{}

func (schemaInvalid) Meta() sdk.Meta {
	return sdk.Meta{
		Name:     "schema-invalid",
		Category: sdk.CategorySchema,
		Severity: sdk.Error,
		Summary:  "A tool schema is not valid JSON Schema in its declared or default dialect",
		Source:   "2025-11-25/basic/index.mdx#schema-validation",
		Default:  true,
		Doc: "Validates every `inputSchema` and `outputSchema` against the metaschema of the " +
			"dialect its root `$schema` declares (draft-04, draft-06, draft-07, 2019-09 or " +
			"2020-12), or of JSON Schema 2020-12, MCP's default, when it declares none. Each " +
			"finding points at the offending keyword and names its place in the schema, for " +
			"example a `\"minLength\"` of `-1`, a `\"type\"` of `\"strng\"`, `\"required\": true` " +
			"on a property (draft-03 style), `\"properties\"` written as an array, a boolean " +
			"`\"exclusiveMinimum\"` outside draft-04, or the array form of `\"items\"` under " +
			"2020-12 (replaced by `\"prefixItems\"`). A `$schema` naming a dialect other than " +
			"those five is reported once and the schema is not checked further. A `\"pattern\"` " +
			"or `\"patternProperties\"` key that no ECMA-262 engine accepts (an unclosed group, " +
			"a reversed range) is reported too; lookarounds and backreferences are valid and are " +
			"not.\n\n" +
			"The JSON Schema usage section says schemas **MUST** be valid according to their " +
			"declared or default dialect, and clients **MUST** validate them, so an invalid " +
			"schema is an error: a strict client rejects the tool, a lenient one ignores the bad " +
			"keyword and validates arguments less than the author meant. A schema that is not an " +
			"object at all is left to `input-schema-not-object` and `output-schema-not-object`. " +
			"Nothing is fetched: `$ref`s are not followed here (see `unresolved-ref` and " +
			"`remote-ref`), and what sits under a keyword of another draft is not checked, as " +
			"the metaschema does not; `$defs` is checked in every draft, because `$ref`s point " +
			"into it whatever the draft.\n\n" +
			"**Bad**\n\n```json\n{\"type\": \"object\", \"properties\": {\n" +
			"  \"limit\": {\"type\": \"int\", \"minimum\": \"1\"},\n" +
			"  \"path\": {\"type\": \"string\", \"required\": true}}}\n```\n\n" +
			"**Good**\n\n```json\n{\"type\": \"object\", \"properties\": {\n" +
			"  \"limit\": {\"type\": \"integer\", \"minimum\": 1},\n" +
			"  \"path\": {\"type\": \"string\"}}, \"required\": [\"path\"]}\n```\n",
	}
}

func (schemaInvalid) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	return forDocs(ctx, s, func(d *doc) {
		if d.dialect == nil {
			_, declared, _ := dialectOf(d.root)
			msg := fmt.Sprintf("%s/$schema is %s, which names no JSON Schema dialect mcplint knows (%s); MCP clients must support only 2020-12",
				d.field, describe(declared), knownDialects)
			report(sdk.Issue{
				Tool: d.owner, Pointer: sdk.Pointer(d.base, "$schema"), Message: msg,
				Fix: "remove \"$schema\" to use JSON Schema 2020-12, or declare \"https://json-schema.org/draft/2020-12/schema\" or \"http://json-schema.org/draft-07/schema#\"",
			})
			return
		}
		if len(d.violations) == 0 {
			return
		}
		dialect := dialectLabel(d)
		for _, v := range d.violations {
			report(sdk.Issue{
				Tool:    d.owner,
				Pointer: d.pointer(v.node, v.path...),
				Message: fmt.Sprintf("%s: %s (%s)", d.location(v.node, v.path...), v.msg, dialect),
				Fix:     v.fix,
			})
		}
	})
}
