package config

import (
	"encoding/json"
	"testing"
)

// strayMeta must say yes exactly when walkMeta finds something.
func TestStrayMetaAgreesWithWalk(t *testing.T) {
	for _, doc := range []string{
		`{"name":"a","_meta":{"mcplint/ignore":{}}}`,
		`{"name":"a","inputSchema":{"properties":{"x":{"_meta":{"mcplint/ignore":{"r":"why"}}}}}}`,
		`{"name":"a","inputSchema":{"properties":{"_meta":{"type":"object"}}}}`,
		`{"name":"a","annotations":{"_meta":{"mcplint/ignore":{}}}}`,
		`{"name":"a","x":[1,{"y":[{"_meta":{"mcplint/ignore":"r"}}]}]}`,
		`{"name":"a","_meta":{"other":{"_meta":{"mcplint/ignore":{}}}}}`,
		`{"name":"a","_meta":"not an object","mcplint/ignore":{}}`,
		`{"name":"a","x":{"_meta":[{"mcplint/ignore":{}}]}}`,
	} {
		var def map[string]any
		if err := json.Unmarshal([]byte(doc), &def); err != nil {
			t.Fatal(err)
		}
		found := false
		walkMeta(def, "/tools/0", true, func(string) { found = true })
		if got := strayMeta(def, true); got != found {
			t.Errorf("strayMeta(%s) = %v, walkMeta found something: %v", doc, got, found)
		}
	}
}
