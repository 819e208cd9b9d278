package config

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"testing"

	"github.com/mcplint/mcplint/internal/ranges"
	"github.com/mcplint/mcplint/internal/suppress"
	"github.com/mcplint/mcplint/sdk"
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

// TestStrayMetaInLargeLists checks a list long enough to be read in
// ranges: each stray suppression is reported on its own tool, those at the
// ranges' edges included, and no other.
func TestStrayMetaInLargeLists(t *testing.T) {
	n := 4*ranges.PerPart + 3
	s := &sdk.Snapshot{}
	want := map[string]bool{}
	for i := range n {
		name := fmt.Sprintf("t%d", i)
		def := map[string]any{"name": name, "inputSchema": map[string]any{"type": "object"}}
		if i == 0 || i%ranges.PerPart == 0 || i%ranges.PerPart == ranges.PerPart-1 || i == n-1 || i == n/2 {
			def["inputSchema"] = map[string]any{"properties": map[string]any{"x": map[string]any{"_meta": map[string]any{suppress.MetaKey: map[string]any{}}}}}
			want[name] = true
		}
		s.Tools = append(s.Tools, sdk.ToolFromDef(def))
	}
	got := map[string]bool{}
	if err := (unusedSuppression{}).Check(context.Background(), s, func(is sdk.Issue) { got[is.Tool] = true }); err != nil {
		t.Fatal(err)
	}
	if !maps.Equal(got, want) {
		t.Errorf("reported on %d tools, want the %d with a stray suppression: %v", len(got), len(want), got)
	}
}
