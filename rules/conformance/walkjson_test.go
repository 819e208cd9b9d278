package conformance

import (
	"slices"
	"testing"
)

// TestWalkJSONPointers checks the pointer of every token, made only when
// a rule asks for it: a scalar's is its own place in the array it is in,
// not the next one's.
func TestWalkJSONPointers(t *testing.T) {
	var got []string
	walkJSON([]byte(`["a", "b", {"k": "x", "k": ["y"]}]`), func(tk token) bool {
		got = append(got, tk.pointer())
		return true
	})
	want := []string{"", "/0", "/1", "/2", "/2/k", "/2/k", "/2/k", "/2/k", "/2/k/0"}
	if !slices.Equal(got, want) {
		t.Errorf("pointers %q, want %q", got, want)
	}
}
