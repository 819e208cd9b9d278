package schema

import (
	"context"
	"fmt"
	"strconv"

	"github.com/mcplint/mcplint/internal/schemawalk"
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
		Doc:      ruleDoc("default-invalid"),
		Uses:     []string{schemaIndex.Name},
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
