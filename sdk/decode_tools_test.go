package sdk

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// TestLargeToolListEveryToolInPlace decodes lists longer than
// parallelTools, which are read in parts: every tool must be there, in
// its place, and a bad element is reported at its own index, the first.
func TestLargeToolListEveryToolInPlace(t *testing.T) {
	for _, n := range []int{parallelTools, parallelTools*3 + 7} {
		list := make([]any, n)
		for i := range list {
			list[i] = map[string]any{"name": fmt.Sprintf("tool_%d", i), "description": strings.Repeat("d", i%7),
				"inputSchema": map[string]any{"type": "object"}, "annotations": map[string]any{"readOnlyHint": i%2 == 0}}
		}
		s, _, err := SnapshotFromValue(map[string]any{"tools": list})
		if err != nil {
			t.Fatal(err)
		}
		if len(s.Tools) != n {
			t.Fatalf("%d tools, want %d", len(s.Tools), n)
		}
		for i, tool := range s.Tools {
			if want := ToolFromDef(list[i].(map[string]any)); !reflect.DeepEqual(tool, want) || tool.Name != fmt.Sprintf("tool_%d", i) {
				t.Fatalf("tool %d is %q, want %q", i, tool.Name, want.Name)
			}
		}
		list[n-5], list[n/2] = "x", 42.0
		_, _, err = SnapshotFromValue(map[string]any{"tools": list})
		if want := fmt.Sprintf("/tools/%d", n/2); err == nil || !strings.Contains(err.Error(), want) {
			t.Fatalf("got %v, want an error at %s", err, want)
		}
	}
}
