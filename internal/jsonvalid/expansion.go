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
	expands, _ := Reach(schema)
	return expands
}

// Reach follows schema's local references from its root as Expands does,
// and reports whether they expand past its bound, and whether a chain of
// references, each leading to the next, is longer than jsonref.MaxHops,
// past which no walker of mcplint follows them.
func Reach(schema any) (expands, deep bool) {
	doc := jsonref.New(schema, jsonref.Draft2020)
	var guard jsonref.Guard
	visits, follows := 0, 0
	var walk func(s any)
	walk = func(s any) {
		schemawalk.Walk(s, "", func(n schemawalk.Node) bool {
			if visits++; visits >= maxExpansion || follows >= jsonref.MaxSteps {
				return false
			}
			m := n.Object()
			if ref, ok := m["$ref"].(string); ok {
				if res := doc.Resolve(m, ref); res.Kind == jsonref.Local && guard.Enter(res.Target) {
					follows++
					walk(res.Target)
					guard.Leave()
				}
			}
			return true
		})
	}
	walk(schema)
	return visits >= maxExpansion || follows >= jsonref.MaxSteps, guard.Deep()
}
