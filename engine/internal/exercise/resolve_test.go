package exercise

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/internal/jsonref"
	"github.com/mcplint/mcplint/sdk"
)

func decodeSchema(t *testing.T, s string) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(s), &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// TestResolveFollows checks what generation reads a schema as: references
// followed, keywords beside them and allOf members merged in.
func TestResolveFollows(t *testing.T) {
	root := decodeSchema(t, `{"$id": "https://example.com/root.json",
	  "$defs": {"Day": {"type": "string", "format": "date"}, "Max": {"$anchor": "max", "maximum": 9}},
	  "properties": {
	    "a": {"$ref": "#/$defs/Day", "description": "a day"},
	    "b": {"allOf": [{"$ref": "root.json#max"}, {"type": "integer"}]}
	  }}`)
	g := &gen{root: root}
	props := root["properties"].(map[string]any)
	a, _ := g.resolve(props["a"]).(map[string]any)
	b, _ := g.resolve(props["b"]).(map[string]any)
	if a["type"] != "string" || a["format"] != "date" || a["description"] != "a day" {
		t.Errorf("a = %v", a)
	}
	if b["type"] != "integer" || b["maximum"] != 9.0 {
		t.Errorf("b = %v", b)
	}
	if g.unsure {
		t.Error("unsure after references that resolve")
	}
}

// TestResolveBounded checks schemas whose references never end: a cycle
// through allOf (which once recursed until the stack ran out), a chain
// longer than jsonref.MaxHops, and a fan-out of 20^10 paths. Each ends,
// with the doubt noted, after bounded work.
func TestResolveBounded(t *testing.T) {
	var chain strings.Builder
	chain.WriteString(`{"properties": {"p": {"$ref": "#/$defs/d0"}}, "$defs": {`)
	for i := range jsonref.MaxHops + 8 {
		fmt.Fprintf(&chain, `"d%d": {"$ref": "#/$defs/d%d"}, `, i, i+1)
	}
	fmt.Fprintf(&chain, `"d%d": {"type": "string"}}}`, jsonref.MaxHops+8)
	var fan strings.Builder
	fan.WriteString(`{"properties": {"p": {"$ref": "#/$defs/d0"}}, "$defs": {`)
	for i := range 10 {
		refs := strings.Repeat(fmt.Sprintf(`{"$ref": "#/$defs/d%d"}, `, i+1), 20)
		fmt.Fprintf(&fan, `"d%d": {"allOf": [%s{}]}, `, i, refs)
	}
	fan.WriteString(`"d10": {"type": "string"}}}`)
	for name, schema := range map[string]string{
		"self through allOf":   `{"type": "object", "properties": {"p": {"allOf": [{"$ref": "#/properties/p"}]}}}`,
		"root through allOf":   `{"type": "object", "allOf": [{"$ref": "#"}], "properties": {"p": {"type": "string"}}}`,
		"a chain past the cap": chain.String(),
		"a fan-out":            fan.String(),
	} {
		root := decodeSchema(t, schema)
		g := &gen{root: root}
		var start any = root
		if p, ok := root["properties"].(map[string]any)["p"].(map[string]any); ok && name != "root through allOf" {
			start = p
		}
		g.resolve(start)
		if !g.unsure {
			t.Errorf("%s: the doubt is not noted", name)
		}
		// And whole scenarios are planned for such a tool, the fan-out
		// included: the validator that checks the generated arguments
		// (internal/jsonvalid) refuses it rather than walk all its paths.
		if s := planTool(sdk.Tool{Name: "t", InputSchema: root}, 3, 1, Roots{}); len(s) == 0 {
			t.Errorf("%s: no scenarios", name)
		}
	}
}
