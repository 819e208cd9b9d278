package jsonvalid

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func decode(s string) any {
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		panic(err)
	}
	return v
}

func TestValidate(t *testing.T) {
	for _, tc := range []struct {
		schema, value, want string
	}{
		{`{"type":"object","properties":{"t":{"type":"number"}}}`, `{"t":1.5}`, ""},
		{`{"type":"object","properties":{"t":{"type":"number"}}}`, `{"t":"1.5"}`, "at /t: got string, want number"},
		{`{"type":"object","required":["a/b"]}`, `{}`, "missing property 'a/b'"},
		{`{"$defs":{"n":{"type":"integer"}},"type":"object","properties":{"x~y":{"$ref":"#/$defs/n"}}}`, `{"x~y":1.5}`, "at /x~0y: got number, want integer"},
		{`{"type":"string","format":"email"}`, `"not an email"`, ""},
		// draft-07 asserts formats; a URI template is checked as one, not
		// parsed as a URL.
		{`{"$schema":"http://json-schema.org/draft-07/schema#","type":"string","format":"uri-template"}`, `"download://{name}"`, ""},
		{`{"$schema":"http://json-schema.org/draft-07/schema#","type":"string","format":"uri-template"}`, `"download://{name"`,
			"'download://{name' is not valid uri-template: the expression at offset 11 has no closing '}'"},
	} {
		s, err := Compile(decode(tc.schema))
		if err != nil {
			t.Fatalf("%s: %v", tc.schema, err)
		}
		got := ""
		if err := s.Validate(decode(tc.value)); err != nil {
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("%s with %s: %q, want %q", tc.schema, tc.value, got, tc.want)
		}
		var raw error = s.Validate(json.RawMessage(tc.value))
		if (raw == nil) != (tc.want == "") {
			t.Errorf("%s with raw %s: %v", tc.schema, tc.value, raw)
		}
	}
}

func TestNothingIsLoaded(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "s.json")
	os.WriteFile(file, []byte(`{"type":"string"}`), 0o644)
	for _, ref := range []string{"file://" + file, "https://example.com/s.json", "s.json"} {
		if _, err := Compile(decode(`{"$ref":"` + ref + `"}`)); err == nil {
			t.Errorf("%s was loaded", ref)
		}
	}
	var m *Mismatch
	s, _ := Compile(decode(`{"type":"object"}`))
	if err := s.Validate(json.RawMessage(`{`)); !errors.As(err, &m) {
		t.Errorf("broken JSON: %v", err)
	}
}

// TestValidateAll checks that every failing place is told, in order, with
// only the alternatives of an anyOf that fail least, their reasons at one
// place joined.
func TestValidateAll(t *testing.T) {
	schema := `{"type":"object","required":["a","b"],"properties":{
	  "n":{"type":"integer"},
	  "t":{"anyOf":[
	    {"type":"object","required":["url"],"properties":{"type":{"const":"http"}}},
	    {"type":"object","required":["url"],"properties":{"type":{"const":"sse"}}}]}}}`
	s, err := Compile(decode(schema))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		value string
		want  []string
	}{
		{`{"a":1,"b":2,"n":1,"t":{"type":"http","url":"u"}}`, nil},
		{`{"n":"x","t":{"type":"http"}}`, []string{"missing properties 'a', 'b'", "at /n: got string, want integer", "at /t: missing property 'url'"}},
		{`{"a":1,"b":2,"t":{"type":"ws","url":"u"}}`, []string{"at /t/type: value must be 'http' or value must be 'sse'"}},
	} {
		var got []string
		for _, m := range s.ValidateAll(decode(tc.value), 0) {
			got = append(got, m.Error())
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: %q, want %q", tc.value, got, tc.want)
		}
		var raw []string
		for _, m := range s.ValidateAll(json.RawMessage(tc.value), 0) {
			raw = append(raw, m.Error())
		}
		if !slices.Equal(raw, tc.want) {
			t.Errorf("raw %s: %q, want %q", tc.value, raw, tc.want)
		}
	}
	if got := s.ValidateAll(decode(`{"n":"x","t":{"type":"http"}}`), 2); len(got) != 2 {
		t.Errorf("max 2: %d mismatches", len(got))
	}
}
