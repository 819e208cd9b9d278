package schema

import (
	"context"
	"fmt"

	"github.com/mcplint/mcplint/rules/internal/schemawalk"
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
		Doc: "Reports a property schema in an `inputSchema` (under `\"properties\"`, at any depth) " +
			"that has none of the keywords that fix what kind of value it takes: `type`, `enum`, " +
			"`const`, a reference (`$ref`, `$dynamicRef`, `$recursiveRef`) or a composition " +
			"(`anyOf`, `oneOf`, `allOf`, whose branches say it). `not` and `if`/`then`/`else` do " +
			"not count: they narrow a type, they do not state one. Two spellings of \"any JSON " +
			"value\" are taken as meant and not reported: the boolean schema `true` and the empty " +
			"schema `{}`. A schema with only a `description` (or a `default`, `format`, " +
			"`properties`, …) is reported, since that is how a forgotten `type` looks; the fix " +
			"names the type its other keywords imply. Properties under `not` or `if` are conditions, " +
			"not parameters, and are not checked.\n\n" +
			"`inputSchema` is what a model reads to build arguments. Without a type it guesses " +
			"(a number or the string `\"5\"`? an array or a comma-separated string?), and some " +
			"clients reject or rewrite schemas without types for their model's function-calling " +
			"format. This is a warning: the schema is valid, the contract is vague. Output " +
			"schemas are not checked; nothing has to produce a value from them.\n\n" +
			"**Bad**\n\n```json\n{\"type\": \"object\", \"properties\": {\n" +
			"  \"limit\": {\"description\": \"How many results to return\", \"default\": 10}}}\n```\n\n" +
			"**Good**\n\n```json\n{\"type\": \"object\", \"properties\": {\n" +
			"  \"limit\": {\"type\": \"integer\", \"description\": \"How many results to return\", \"default\": 10},\n" +
			"  \"payload\": true}}\n```\n",
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
			if n.Keyword != "properties" {
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
		if k := d.nodes[i].Keyword; k == "not" || k == "if" {
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
