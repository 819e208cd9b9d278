package schema

import (
	"context"
	"fmt"
	"strconv"

	"github.com/mcplint/mcplint/rules/internal/schemawalk"
	"github.com/mcplint/mcplint/sdk"
)

type defaultInvalid struct{}

func (defaultInvalid) Meta() sdk.Meta {
	return sdk.Meta{
		Name:     "default-invalid",
		Category: sdk.CategorySchema,
		Severity: sdk.Warning,
		Summary:  "A \"default\" or an example does not validate against its own schema",
		Source:   "https://json-schema.org/draft/2020-12/json-schema-validation#section-9.2",
		Default:  true,
		Doc: "Validates every `default`, and every item of `examples`, against the schema it " +
			"sits in, in input and output schemas at any depth: `type`, `enum`, `const`, numeric " +
			"bounds (`minimum`, `exclusiveMaximum`, … in the dialect's form), `multipleOf`, " +
			"`minLength`/`maxLength` (in characters), `pattern`, array and object keywords " +
			"(`items`/`prefixItems`, `uniqueItems`, `required`, `properties`, " +
			"`additionalProperties`, …), `allOf`/`anyOf`/`oneOf`/`not`, `if`/`then`/`else`, and " +
			"local `$ref`s. A keyword it does not evaluate (`format`, `unevaluated*`, a remote or " +
			"dynamic reference, a pattern Go's RE2 cannot run) counts as satisfied, as does a " +
			"schema whose references loop back so often that checking one value would visit " +
			"more than 10,000 subschemas; so the rule can miss a bad default but does not report " +
			"a good one. `\"default\": null` beside " +
			"a `type` without `\"null\"` is reported: write `[\"string\", \"null\"]` if null is " +
			"allowed.\n\n" +
			"JSON Schema recommends that a default be valid against its schema, and models copy " +
			"defaults and examples into their calls: an invalid one teaches the model to send a " +
			"value the server rejects, and a client that fills in defaults sends it for the " +
			"model. The schema is still valid, so this is a warning.\n\n" +
			"**Bad**\n\n```json\n{\"type\": \"object\", \"properties\": {\n" +
			"  \"limit\": {\"type\": \"integer\", \"minimum\": 1, \"maximum\": 100, \"default\": 0},\n" +
			"  \"order\": {\"type\": \"string\", \"enum\": [\"asc\", \"desc\"], \"default\": \"ascending\"}}}\n```\n\n" +
			"**Good**\n\n```json\n{\"type\": \"object\", \"properties\": {\n" +
			"  \"limit\": {\"type\": \"integer\", \"minimum\": 1, \"maximum\": 100, \"default\": 20},\n" +
			"  \"order\": {\"type\": \"string\", \"enum\": [\"asc\", \"desc\"], \"default\": \"asc\"}}}\n```\n",
	}
}

var (
	defaultKey  = schemawalk.KeyOf("default")
	examplesKey = schemawalk.KeyOf("examples")
	exampleKeys = defaultKey | examplesKey
)

func (defaultInvalid) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	var c instanceValidator
	return forDocs(ctx, s, func(d *doc) {
		fresh := true
		check := func(i int, v any, label string, tokens ...string) {
			if fresh {
				c.reset(d)
				fresh = false
			}
			o, m := c.validateNode(v, &d.nodes[i])
			if o != fail {
				return
			}
			report(sdk.Issue{
				Tool:    d.owner,
				Pointer: d.pointer(i, tokens...),
				Message: fmt.Sprintf("%s at %s does not validate against its schema: %s", label, d.location(i), m.why),
				Fix:     m.fix,
			})
		}
		for i := range d.nodes {
			// The keys say which of the two a node has: each lookup in a
			// schema of a large list is likely a cache miss.
			keys := d.nodes[i].Keys
			if !keys.Any(exampleKeys) {
				continue
			}
			obj := d.nodes[i].Object()
			if keys.Any(defaultKey) {
				check(i, obj["default"], "\"default\"", "default")
			}
			if !keys.Any(examplesKey) {
				continue
			}
			if examples, ok := obj["examples"].([]any); ok {
				for k, ex := range examples {
					check(i, ex, fmt.Sprintf("\"examples\"[%d]", k), "examples", strconv.Itoa(k))
				}
			}
		}
	})
}
