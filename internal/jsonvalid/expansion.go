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
// Published servers' schemas, $defs and all, reach a few thousand.
const maxExpansion = 100000

// errExpansion is why Compile refuses a schema that reaches more.
var errExpansion = errors.New("the schema's references reach more than 100000 subschemas: mcplint does not validate against it")

// expands reports whether following schema's local references from its
// root reaches more than maxExpansion subschemas, or more references than
// jsonref.MaxSteps. It stops counting there, so it costs at most that.
// A cycle is not an expansion: the validator ends it with the value.
func expands(schema any) bool {
	doc := jsonref.New(schema, jsonref.Draft2020)
	var guard jsonref.Guard
	visits, follows := 0, 0
	var walk func(s any)
	walk = func(s any) {
		schemawalk.Walk(s, "", func(n schemawalk.Node) bool {
			if visits++; visits > maxExpansion || follows >= jsonref.MaxSteps {
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
	return visits > maxExpansion || follows >= jsonref.MaxSteps
}
