package schema

import (
	"context"
	"fmt"

	"github.com/mcplint/mcplint/rules/jsonref"
	"github.com/mcplint/mcplint/sdk"
)

type remoteRef struct{}

func (remoteRef) Meta() sdk.Meta {
	return sdk.Meta{
		Name:     "remote-ref",
		Category: sdk.CategorySchema,
		Severity: sdk.Warning,
		Summary:  "A $ref points at another document, which clients do not fetch",
		Source:   "2026-07-28/basic/index.mdx#ref-resolution",
		Default:  true,
		Doc: "Reports a `$ref` (and `$dynamicRef` in 2020-12, `$recursiveRef` in 2019-09) that, " +
			"resolved against the `$id`s in effect, names a document other than the tool's " +
			"schema: an `http(s)` URL, a `urn:`, a relative file such as `address.json`. mcplint " +
			"never fetches it. The JSON Schema metaschemas " +
			"(`https://json-schema.org/draft/2020-12/schema`, `http://json-schema.org/draft-07/schema#`, …) " +
			"are not reported: validators carry them, and a parameter that takes a JSON Schema " +
			"may well reference one.\n\n" +
			"The MCP 2026-07-28 JSON Schema section says implementations **MUST NOT** fetch " +
			"network references by default and **SHOULD** reject schemas that fail to validate " +
			"because of one, and a relative file has no meaning at all once the schema travels " +
			"in a `tools/list` result. So the model never sees that part of the contract, and a " +
			"strict client rejects the tool. It is a warning rather than an error because the " +
			"schema itself is valid JSON Schema, and a client may bundle the document. Inline " +
			"the definition under `$defs` instead.\n\n" +
			"**Bad**\n\n```json\n{\"type\": \"object\", \"properties\": {\n" +
			"  \"to\": {\"$ref\": \"https://schemas.example.com/address.json\"}}}\n```\n\n" +
			"**Good**\n\n```json\n{\"type\": \"object\", \"properties\": {\"to\": {\"$ref\": \"#/$defs/Address\"}},\n" +
			" \"$defs\": {\"Address\": {\"type\": \"object\", \"properties\": {\"city\": {\"type\": \"string\"}}}}}\n```\n",
	}
}

func (remoteRef) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	return forDocs(ctx, s, func(d *doc) {
		eachRef(d, func(i int, kw, ref string, res jsonref.Result) {
			if res.Kind != jsonref.Remote || isMetaschemaURI(res.Doc) {
				return
			}
			target := ""
			if res.Doc != ref {
				target = fmt.Sprintf(" (to %s)", quoteShort(res.Doc))
			}
			report(sdk.Issue{
				Tool:    d.owner,
				Pointer: d.pointer(i, kw),
				Message: fmt.Sprintf("%s %s at %s points outside the tool's schema%s; MCP clients do not fetch it, so that part of the schema is unknown to them", kw, quoteShort(ref), d.location(i), target),
				Fix:     "copy the referenced schema under \"$defs\" and point at it with \"#/$defs/…\"",
			})
		})
	})
}
