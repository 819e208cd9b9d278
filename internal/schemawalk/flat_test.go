package schemawalk

import (
	"encoding/json"
	"fmt"
	"slices"
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
		"nested": `{"type":"object","properties":{"b":{"type":"array","description":"Bs.","items":{"type":"string","description":7}},"a/~x":{"anyOf":[{"type":"null"},{"$ref":"#/$defs/T"}]},"":{}},
			"patternProperties":{"^x-":{"type":"string"}},"additionalProperties":false,
			"$defs":{"T":{"type":"object","properties":{"z":true}}},"definitions":{"U":{"not":{"type":"null"}}},
			"dependentSchemas":{"a":{"required":["b"]}},"if":{"properties":{"a":{"const":1}}},"then":{"required":["b"]},"else":{},
			"allOf":[{"type":"object"},5],"oneOf":[true,false],"prefixItems":[{"type":"string"}],"items":[{"type":"integer"},{"type":"string"}],
			"contains":{"type":"number"},"propertyNames":{"maxLength":3},"unevaluatedProperties":false,"contentSchema":{"type":"object"},
			"properties2":{"ignored":{}},"example":1,"x-order":2,"not":"not a schema"}`,
		"deep": deep,
		"wide": `{"anyOf":[` + strings.Repeat(`{"items":{"type":"string"}},`, MaxNodes/2) + `true]}`,
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
				got = append(got, fmt.Sprintf("%s kw=%q name=%q depth=%d", Pointer(nodes, i, "/tools/0/inputSchema"), n.Keyword(), n.Name, n.Depth))
				if p, want := Pointer(nodes, i, "/b", "x", "a/b"), Pointer(nodes, i, "/b")+"/x/a~1b"; p != want {
					t.Errorf("node %d with extra tokens: %s, want %s", i, p, want)
				}
				if int(n.Parent) >= i {
					t.Errorf("node %d has parent %d: parents must come first", i, n.Parent)
				}
			}
			for i, n := range nodes {
				var keys []string
				for k := range n.Object() {
					keys = append(keys, k)
				}
				if n.Keys != KeysOf(keys...) {
					t.Errorf("node %d: Keys %b, want %b for %v", i, n.Keys, KeysOf(keys...), keys)
				}
				unknown := 0
				for _, k := range keys {
					if KeyOf(k) == 0 {
						unknown++
					}
				}
				if int(n.Unknown) != unknown {
					t.Errorf("node %d: Unknown %d, want %d for %v", i, n.Unknown, unknown, keys)
				}
				if d, _ := n.Object()["description"].(string); n.Description != d {
					t.Errorf("node %d: Description %q, want %q", i, n.Description, d)
				}
			}
			if g, w := strings.Join(got, "\n"), strings.Join(want, "\n"); g != w {
				t.Errorf("Flatten differs from Walk\n--- Flatten\n%s\n--- Walk\n%s", g, w)
			}
		})
	}
}

func TestKeys(t *testing.T) {
	all := []string{"$schema", "$id", "id", "$ref", "$anchor", "$dynamicRef", "$dynamicAnchor", "$recursiveRef",
		"$recursiveAnchor", "$vocabulary", "$comment", "$defs", "definitions", "allOf", "anyOf", "oneOf", "not",
		"if", "then", "else", "dependentSchemas", "dependencies", "prefixItems", "items", "additionalItems",
		"contains", "properties", "patternProperties", "additionalProperties", "propertyNames", "unevaluatedItems",
		"unevaluatedProperties", "type", "enum", "const", "multipleOf", "maximum", "exclusiveMaximum", "minimum",
		"exclusiveMinimum", "maxLength", "minLength", "pattern", "maxItems", "minItems", "uniqueItems", "maxContains",
		"minContains", "maxProperties", "minProperties", "required", "dependentRequired", "title", "description",
		"default", "deprecated", "readOnly", "writeOnly", "examples", "format", "contentEncoding", "contentMediaType",
		"contentSchema"}
	if len(all) != len(allKeywords) {
		t.Errorf("test lists %d keywords, Keys knows %d", len(all), len(allKeywords))
	}
	var seen Keys
	for _, kw := range all {
		k := KeysOf(kw)
		if k == 0 || k&(k-1) != 0 {
			t.Errorf("%s: want exactly one bit, got %b", kw, k)
		}
		if seen.Any(k) {
			t.Errorf("%s shares its bit with another keyword", kw)
		}
		seen |= k
	}
	got := slices.Collect(seen.All())
	if slices.Sort(got); !slices.Equal(got, slices.Sorted(slices.Values(all))) {
		t.Errorf("All() = %v, want every keyword", got)
	}
	if KeysOf("x-vendor", "Type", "") != 0 {
		t.Error("names that are not keywords must add nothing")
	}
}

// TestWalkBounds holds every walk to MaxNodes nodes and MaxDepth levels,
// and Exceeds to saying where a schema goes past them.
func TestWalkBounds(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		visits    int
		want      Excess
	}{
		{"small", `{"type":"object","properties":{"a":{"items":{"type":"string"}}}}`, 3, Excess{}},
		{"wide anyOf", `{"anyOf":[` + strings.Repeat(`{"type":"string"},`, MaxNodes+10) + `true]}`, MaxNodes, Excess{Large: true}},
		{"items of items", fanOut(5, 10), MaxNodes, Excess{Large: true}},
		{"deep", strings.Repeat(`{"items":`, 9_000) + `{}` + strings.Repeat(`}`, 9_000), MaxDepth + 1,
			Excess{Deep: "/s" + strings.Repeat("/items", MaxDepth)}},
		{"exactly deep enough", strings.Repeat(`{"items":`, MaxDepth) + `{"type":"string"}` + strings.Repeat(`}`, MaxDepth), MaxDepth + 1, Excess{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var schema any
			dec := json.NewDecoder(strings.NewReader(tc.src))
			if err := dec.Decode(&schema); err != nil {
				t.Fatal(err)
			}
			visits := 0
			Walk(schema, "/s", func(Node) bool { visits++; return true })
			if visits != tc.visits {
				t.Errorf("Walk visited %d nodes, want %d", visits, tc.visits)
			}
			if n := len(Flatten(nil, schema)); n != tc.visits {
				t.Errorf("Flatten gave %d nodes, want %d", n, tc.visits)
			}
			if got := Exceeds(schema, "/s"); got != tc.want {
				t.Errorf("Exceeds = %+v, want %+v", got, tc.want)
			}
		})
	}
}

// fanOut is a schema whose tuple "items" hold width schemas, each the
// same, depth levels down: width^depth leaves.
func fanOut(depth, width int) string {
	if depth == 0 {
		return `{"type":"string"}`
	}
	inner := fanOut(depth-1, width)
	return `{"type":"array","items":[` + strings.Repeat(inner+",", width-1) + inner + `]}`
}
