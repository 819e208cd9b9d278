package jsonvalid

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCompileRefusesFanOut checks that a schema whose references fan out
// (each definition naming the next twenty times: 20^10 paths) is refused
// at once rather than left to the validator, which walks every path, and
// that a recursive schema, whose references end with the value, is not.
func TestCompileRefusesFanOut(t *testing.T) {
	var fan strings.Builder
	fan.WriteString(`{"properties": {"p": {"$ref": "#/$defs/d0"}}, "$defs": {`)
	for i := range 10 {
		refs := strings.Repeat(fmt.Sprintf(`{"$ref": "#/$defs/d%d"}, `, i+1), 20)
		fmt.Fprintf(&fan, `"d%d": {"allOf": [%s{}]}, `, i, refs)
	}
	fan.WriteString(`"d10": {"type": "string"}}}`)
	if _, err := Compile(decode(fan.String())); !errors.Is(err, errExpansion) {
		t.Errorf("fan-out: Compile = %v, want the expansion refused", err)
	}
	tree := `{"$defs": {"node": {"type": "object", "properties": {"children": {"type": "array", "items": {"$ref": "#/$defs/node"}}}}}, "$ref": "#/$defs/node"}`
	s, err := Compile(decode(tree))
	if err != nil {
		t.Fatalf("recursive schema: %v", err)
	}
	if err := s.Validate(decode(`{"children": [{"children": []}, {"children": "x"}]}`)); err == nil {
		t.Error("recursive schema: an invalid value passed")
	}
}

// TestRealSchemasAreNotRefused checks the bound against what nobody here
// wrote: no input or output schema of the published servers' tool lists
// in testdata/realservers comes near it.
func TestRealSchemasAreNotRefused(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/realservers/*.json")
	if len(files) < 10 {
		t.Fatalf("%d real tool lists found", len(files))
	}
	schemas := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var list struct {
			Tools []map[string]any `json:"tools"`
		}
		if err := json.Unmarshal(data, &list); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for _, tool := range list.Tools {
			for _, key := range []string{"inputSchema", "outputSchema"} {
				if s, ok := tool[key]; ok {
					schemas++
					if Expands(s) {
						t.Errorf("%s: %v's %s is refused", filepath.Base(f), tool["name"], key)
					}
				}
			}
		}
	}
	if schemas < 100 {
		t.Errorf("only %d schemas read", schemas)
	}
}
