package jsonvalid

import (
	"errors"

	"github.com/mcplint/mcplint/internal/jsonref"
	"github.com/mcplint/mcplint/internal/schemawalk"
)

// maxExpansion is the most subschemas a schema may reach when its
// references are followed where they stand. The validator evaluates a
// reference anew at every place it is met, so a small schema whose
// definitions each name the next one twice ("a": {"allOf": [{"$ref":
// "#/$defs/b"}, {"$ref": "#/$defs/b"}]}, "b": the same with "c", …) costs
// it time exponential in its size: a server could stall a lint with it.
// Published servers' schemas, $defs and all, reach a few thousand. It is
// the bound on one walk, which a schema reaching it may hit before its end.
const maxExpansion = schemawalk.MaxNodes

// errExpansion is why Compile refuses a schema that reaches more.
var errExpansion = errors.New("the schema reaches 100,000 subschemas or more, or follows 10,000 references: mcplint does not validate against it")

// Expands reports whether following schema's local references from its
// root reaches maxExpansion subschemas or more, or jsonref.MaxSteps
// references. It stops counting there, so it costs at most that. A cycle
// is not an expansion: the validator ends it with the value.
// schema-too-large reports such a schema, which Compile refuses.
func Expands(schema any) bool {
	expands, _ := Reach(schema, nil)
	return expands
}

// Reach follows schema's local references from its root as Expands does,
// and reports whether they expand past its bound, and whether a chain of
// references, each leading to the next, is longer than jsonref.MaxHops,
// past which no walker of mcplint follows them. nodes are the schema's
// subschemas as schemawalk.Flatten(nil, schema) returns them, or nil to
// have them made.
func Reach(schema any, nodes []schemawalk.Flat) (expands, deep bool) {
	if nodes == nil {
		nodes = schemawalk.Flatten(nil, schema)
	}
	doc := jsonref.NewFlattened(schema, jsonref.Draft2020, nodes)
	var guard jsonref.Guard
	visits, follows := 0, 0
	// walk visits nodes in order, each followed by where its reference
	// leads, as a walk of the schema that followed them would (Flatten
	// lists a schema's nodes in Walk's order, parents first). It reports
	// false once a bound is reached, which no further visit changes.
	var walk func(nodes []schemawalk.Flat) bool
	walk = func(nodes []schemawalk.Flat) bool {
		for i := range nodes {
			if visits++; visits >= maxExpansion || follows >= jsonref.MaxSteps {
				return false
			}
			m := nodes[i].Object()
			if ref, ok := m["$ref"].(string); ok {
				if res := doc.Resolve(m, ref); res.Kind == jsonref.Local && guard.Enter(res.Target) {
					follows++
					more := walk(schemawalk.Flatten(nil, res.Target))
					guard.Leave()
					if !more {
						return false
					}
				}
			}
		}
		return true
	}
	walk(nodes)
	return visits >= maxExpansion || follows >= jsonref.MaxSteps, guard.Deep()
}
