package jsonvalid

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
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
