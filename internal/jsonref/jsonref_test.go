package jsonref_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/mcplint/mcplint/internal/jsonref"
)

func decode(t *testing.T, s string) any {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// TestResolve checks what a reference resolves to and, when it finds
// nothing, which step failed and why.
func TestResolve(t *testing.T) {
	schema := `{
	  "$defs": {
	    "A b": {"description": "spaced"},
	    "x/y": {"description": "slashed"},
	    "t~": {"description": "tilde"},
	    "Address": {"description": "address", "$anchor": "addr"},
	    "list": [{"description": "first"}],
	    "name": "not a schema",
	    "flag": false
	  },
	  "anyOf": [{"description": "any"}],
	  "enum": [{"$anchor": "buried", "description": "in an enum"}],
	  "properties": {"p": {"$ref": "#/$defs/Address"}}
	}`
	root := decode(t, schema)
	doc := jsonref.New(root, jsonref.Draft2020)
	described := func(res jsonref.Result) string {
		m, _ := res.Target.(map[string]any)
		d, _ := m["description"].(string)
		return d
	}
	hits := map[string]string{
		"#/$defs/A%20b":  "spaced",
		"#/$defs/x~1y":   "slashed",
		"#/$defs/x%2Fy":  "", // decoded first: "/$defs/x/y", a step too many
		"#/$defs/t~0":    "tilde",
		"#/anyOf/0":      "any",
		"#/$defs/list/0": "first",
		"#addr":          "address",
		"#/$defs/flag":   "",
	}
	for ref, want := range hits {
		res := doc.Resolve(root, ref)
		if want == "" && ref == "#/$defs/flag" {
			if res.Kind != jsonref.Local || res.Target != false {
				t.Errorf("%s: %+v, want the schema false", ref, res)
			}
			continue
		}
		if want == "" {
			if res.Kind != jsonref.Unresolved {
				t.Errorf("%s: %+v, want unresolved", ref, res)
			}
			continue
		}
		if res.Kind != jsonref.Local || described(res) != want {
			t.Errorf("%s: %+v, want the schema described %q", ref, res, want)
		}
	}
	if res := doc.Resolve(root, "#"); res.Kind != jsonref.Local || fmt.Sprint(res.Target) != fmt.Sprint(root) {
		t.Errorf("#: %+v, want the root", res)
	}

	misses := []struct {
		ref    string
		reason jsonref.Reason
		step   int
		at     string
		token  string
		hint   string
	}{
		{"#/$defs/Adress", jsonref.NoMember, 1, "$defs", "Adress", "Address"},
		{"#/$def/Address", jsonref.NoMember, 0, "", "$def", "$defs"},
		{"#/$defs/list/1", jsonref.NoIndex, 2, "$defs/list", "1", ""},
		{"#/$defs/list/01", jsonref.NoIndex, 2, "$defs/list", "01", ""},
		{"#/$defs/list/+0", jsonref.NoIndex, 2, "$defs/list", "+0", ""},
		{"#/$defs/list/-0", jsonref.NoIndex, 2, "$defs/list", "-0", ""},
		{"#/$defs/name/x", jsonref.NoMembers, 2, "$defs/name", "x", ""},
		{"#/$defs/name", jsonref.NotSchema, 2, "$defs/name", "", ""},
		{"#/$defs/x~1y~1z", jsonref.NoMember, 1, "$defs", "x/y/z", ""},
		{"#adr", jsonref.NoAnchor, 0, "", "adr", "addr"},
		{"#buried", jsonref.NoAnchor, 0, "", "buried", ""},
		{"#/$defs/%zz", jsonref.BadURI, 0, "", "", ""},
	}
	for _, m := range misses {
		res := doc.Resolve(root, m.ref)
		got := res.Miss
		if res.Kind != jsonref.Unresolved || got.Reason != m.reason || got.Step != m.step || got.At != m.at || got.Token != m.token || res.Hint != m.hint {
			t.Errorf("%s: %+v, want reason %d at step %d %q token %q hint %q", m.ref, res, m.reason, m.step, m.at, m.token, m.hint)
		}
		if m.reason == jsonref.BadURI && got.Err == nil {
			t.Errorf("%s: no parse error", m.ref)
		}
	}
}

// TestRemote checks that a reference to another document is named, never
// fetched, and that a relative one is resolved against the "$id"s in
// effect.
func TestRemote(t *testing.T) {
	root := decode(t, `{"$id": "https://example.com/schemas/root.json",
	  "properties": {
	    "a": {"$ref": "address.json#/city"},
	    "b": {"$ref": "https://json-schema.org/draft/2020-12/schema"},
	    "c": {"$id": "nested/", "properties": {"d": {"$ref": "x.json"}}},
	    "e": {"$ref": "root.json#/properties/a"}
	  }}`)
	doc := jsonref.New(root, jsonref.Draft2020)
	props := root.(map[string]any)["properties"].(map[string]any)
	at := func(name string) map[string]any { return props[name].(map[string]any) }
	d := at("c")["properties"].(map[string]any)["d"]
	for _, c := range []struct {
		from any
		ref  string
		doc  string
	}{
		{at("a"), "address.json#/city", "https://example.com/schemas/address.json"},
		{at("b"), "https://json-schema.org/draft/2020-12/schema", "https://json-schema.org/draft/2020-12/schema"},
		{d, "x.json", "https://example.com/schemas/nested/x.json"},
	} {
		if res := doc.Resolve(c.from, c.ref); res.Kind != jsonref.Remote || res.Doc != c.doc {
			t.Errorf("%s: %+v, want remote %s", c.ref, res, c.doc)
		}
	}
	if res := doc.Resolve(at("e"), "root.json#/properties/a"); res.Kind != jsonref.Local || fmt.Sprint(res.Target) != fmt.Sprint(at("a")) {
		t.Errorf("root.json#/properties/a: %+v, want properties/a", res)
	}
	// A schema that is not one of the document's cannot tell its base
	// when subschemas declare their own "$id".
	if res := doc.Resolve(map[string]any{"$ref": "x.json"}, "x.json"); res.Kind != jsonref.Unknown {
		t.Errorf("a foreign schema: %+v, want unknown", res)
	}
}

// TestSiblingID checks draft-07's rule that "$ref" ignores its siblings,
// "$id" included, against 2019-09's, where the sibling "$id" is the base.
func TestSiblingID(t *testing.T) {
	schema := `{"$id": "https://example.com/root.json",
	  "definitions": {"a": {"$id": "https://example.com/other/", "x": 1}},
	  "properties": {"p": {"$id": "https://example.com/other/", "$ref": "#/definitions/a"}}}`
	for draft, wantDefs := range map[jsonref.Draft]bool{jsonref.Draft7: true, jsonref.Draft2019: false} {
		root := decode(t, schema)
		p := root.(map[string]any)["properties"].(map[string]any)["p"]
		res := jsonref.New(root, draft).Resolve(p, "#/definitions/a")
		if got := res.Kind == jsonref.Local; got != wantDefs {
			t.Errorf("draft %d: %+v, resolved in the root = %v, want %v", draft, res, got, wantDefs)
		}
	}
}
