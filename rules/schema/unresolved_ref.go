package schema

import (
	"context"
	"fmt"

	"github.com/mcplint/mcplint/rules/jsonref"
	"github.com/mcplint/mcplint/sdk"
)

type unresolvedRef struct{}

func (unresolvedRef) Meta() sdk.Meta {
	return sdk.Meta{
		Name:     "unresolved-ref",
		Category: sdk.CategorySchema,
		Severity: sdk.Error,
		Summary:  "A local $ref points at nothing in the tool's schema",
		Source:   "2026-07-28/basic/index.mdx#ref-resolution",
		Default:  true,
		Doc: "Reports a `$ref` (and `$dynamicRef` in 2020-12, `$recursiveRef` in 2019-09) meant " +
			"for the tool's own schema that resolves to nothing there. A reference is local when " +
			"it is only a fragment (`#/$defs/Address`, `#address`, `#`) or when, resolved against " +
			"the `$id`s in effect, it names the schema itself or a subschema with its own `$id`. " +
			"A fragment starting with `/` is a JSON pointer, read after percent-decoding and with " +
			"`~1`/`~0` unescaped; it must reach a schema (an object or a boolean), not a string " +
			"or a number. Any other fragment is an anchor, which some subschema must declare " +
			"with `$anchor`, `$dynamicAnchor` or (draft-06/07) `$id: \"#name\"`. References to " +
			"other documents are `remote-ref`.\n\n" +
			"A validator cannot compile a schema whose reference leads nowhere: the MCP 2026-07-28 " +
			"JSON Schema section says such schemas **SHOULD** be rejected rather than treated as " +
			"permissive, and every schema **MUST** be valid in its dialect. So the tool is " +
			"unusable with a strict client, and a lenient one validates nothing for that part; " +
			"an error. The message says which step of the path is missing and suggests the " +
			"nearest name.\n\n" +
			"**Bad**\n\n```json\n{\"type\": \"object\", \"properties\": {\"to\": {\"$ref\": \"#/$defs/Adress\"}},\n" +
			" \"$defs\": {\"Address\": {\"type\": \"string\"}}}\n```\n\n" +
			"**Good**\n\n```json\n{\"type\": \"object\", \"properties\": {\"to\": {\"$ref\": \"#/$defs/Address\"}},\n" +
			" \"$defs\": {\"Address\": {\"type\": \"string\"}}}\n```\n",
	}
}

func (unresolvedRef) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	return forDocs(ctx, s, func(d *doc) {
		eachRef(d, func(i int, kw, ref string, res jsonref.Result) {
			if res.Kind != jsonref.Unresolved {
				return
			}
			is := sdk.Issue{
				Tool:    d.owner,
				Pointer: d.pointer(i, kw),
				Message: fmt.Sprintf("%s %s at %s resolves to nothing in this schema: %s", kw, quoteShort(ref), d.location(i), missWhy(res.Miss)),
				Fix:     fmt.Sprintf("point %s at a schema that exists, or add the missing definition under \"$defs\"", kw),
			}
			if res.Hint != "" {
				is.Message += fmt.Sprintf(" (did you mean %s?)", quoteShort(res.Hint))
				is.Fix = fmt.Sprintf("correct the reference to use %s, or add the missing definition", quoteShort(res.Hint))
			}
			report(is)
		})
	})
}
