package schema

import (
	"context"
	"fmt"

	"github.com/mcplint/mcplint/internal/schemawalk"
	"github.com/mcplint/mcplint/sdk"
)

type propertyMissingType struct{}

func (propertyMissingType) Meta() sdk.Meta {
	return sdk.Meta{
		Name:     "property-missing-type",
		Category: sdk.CategorySchema,
		Severity: sdk.Warning,
		Summary:  "A parameter's schema does not say what type of value it takes",
		Source:   "2025-11-25/server/tools.mdx#tool",
		Default:  true,
		Doc:      ruleDoc("property-missing-type"),
		Uses:     []string{schemaIndex.Name},
	}
}

// typing is the keywords that say (or delegate) what type a schema takes.
var typing = schemawalk.KeysOf("type", "enum", "const", "$ref", "$dynamicRef", "$recursiveRef", "anyOf", "oneOf", "allOf")

// impliedTypes maps keywords that only make sense for one type to it, in
// the order the fix prefers them.
var impliedTypes = []struct{ keyword, typ string }{
	{"properties", "object"}, {"additionalProperties", "object"}, {"required", "object"}, {"patternProperties", "object"},
	{"items", "array"}, {"prefixItems", "array"}, {"minItems", "array"}, {"maxItems", "array"},
	{"pattern", "string"}, {"format", "string"}, {"minLength", "string"}, {"maxLength", "string"},
	{"minimum", "number"}, {"maximum", "number"}, {"multipleOf", "number"},
}

func (propertyMissingType) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	return forDocs(ctx, s, func(d *doc) {
		if d.field != "inputSchema" {
			return
		}
		for i := range d.nodes {
			n := &d.nodes[i]
			if n.Keyword() != "properties" {
				continue
			}
			obj := n.Object()
			if len(obj) == 0 || n.Keys.Any(typing) || inCondition(d, i) {
				continue
			}
			report(sdk.Issue{
				Tool:    d.owner,
				Pointer: d.pointer(i),
				Message: fmt.Sprintf("property %s (%s) has no \"type\", so a model has to guess what to send", quoteShort(n.Name), d.location(i)),
				Fix:     typeFix(obj),
			})
		}
	})
}

// inCondition reports whether node i sits under "not" or "if": there
// "properties" describe what an argument must not be or what selects a
// branch, not parameters to send.
func inCondition(d *doc, i int) bool {
	for ; i >= 0; i = int(d.nodes[i].Parent) {
		if k := d.nodes[i].Keyword(); k == "not" || k == "if" {
			return true
		}
	}
	return false
}

// typeFix names the type the schema's other keywords (or its default)
// imply.
func typeFix(obj map[string]any) string {
	for _, it := range impliedTypes {
		if _, ok := obj[it.keyword]; ok {
			return fmt.Sprintf("add \"type\": %q (it has %q)", it.typ, it.keyword)
		}
	}
	if def, ok := obj["default"]; ok {
		if k := kindOf(def); k != "null" && k != "unknown" {
			return fmt.Sprintf("add \"type\": %q (its default is %s)", k, describe(def))
		}
	}
	return "add a \"type\": \"string\", \"integer\", \"number\", \"boolean\", \"array\" or \"object\", or a list of them such as [\"string\", \"null\"]"
}
