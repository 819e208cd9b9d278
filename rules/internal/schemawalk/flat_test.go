package schemawalk

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// TestFlattenMatchesWalk holds Flatten to Walk's contract: the same nodes in
// the same order, with the same pointers, keywords, names and depths.
func TestFlattenMatchesWalk(t *testing.T) {
	deep := strings.Repeat(`{"items":`, MaxDepth+10) + `{"type":"string"}` + strings.Repeat(`}`, MaxDepth+10)
	cases := map[string]string{
		"bool":   `true`,
		"scalar": `"string"`,
		"nested": `{"type":"object","properties":{"b":{"type":"array","items":{"type":"string"}},"a/~x":{"anyOf":[{"type":"null"},{"$ref":"#/$defs/T"}]},"":{}},
			"patternProperties":{"^x-":{"type":"string"}},"additionalProperties":false,
			"$defs":{"T":{"type":"object","properties":{"z":true}}},"definitions":{"U":{"not":{"type":"null"}}},
			"dependentSchemas":{"a":{"required":["b"]}},"if":{"properties":{"a":{"const":1}}},"then":{"required":["b"]},"else":{},
			"allOf":[{"type":"object"},5],"oneOf":[true,false],"prefixItems":[{"type":"string"}],"items":[{"type":"integer"},{"type":"string"}],
			"contains":{"type":"number"},"propertyNames":{"maxLength":3},"unevaluatedProperties":false,"contentSchema":{"type":"object"},
			"properties2":{"ignored":{}},"not":"not a schema"}`,
		"deep": deep,
	}
	for name, src := range cases {
		t.Run(name, func(t *testing.T) {
			var schema any
			if err := json.Unmarshal([]byte(src), &schema); err != nil {
				t.Fatal(err)
			}
			var want []string
			Walk(schema, "/tools/0/inputSchema", func(n Node) bool {
				want = append(want, fmt.Sprintf("%s kw=%q name=%q depth=%d", n.Pointer, n.Keyword, n.Name, n.Depth))
				return true
			})
			// A schema flattened after another must stand alone.
			prior := Flatten(nil, map[string]any{"properties": map[string]any{"x": true}})
			nodes := Flatten(prior, schema)[len(prior):]
			var got []string
			for i, n := range nodes {
				got = append(got, fmt.Sprintf("%s kw=%q name=%q depth=%d", Pointer(nodes, i, "/tools/0/inputSchema"), n.Keyword, n.Name, n.Depth))
				if n.Parent >= i {
					t.Errorf("node %d has parent %d: parents must come first", i, n.Parent)
				}
			}
			if g, w := strings.Join(got, "\n"), strings.Join(want, "\n"); g != w {
				t.Errorf("Flatten differs from Walk\n--- Flatten\n%s\n--- Walk\n%s", g, w)
			}
		})
	}
}
