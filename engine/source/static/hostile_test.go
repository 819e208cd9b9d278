package static

import (
	"encoding/json"
	"testing"
)

// TestNumberPastFloatRange decodes a schema with 1e400, valid JSON that
// encoding/json refuses: the file decodes, and the number is kept as
// written.
func TestNumberPastFloatRange(t *testing.T) {
	data := []byte(`{"tools":[{"name":"a","inputSchema":{"type":"object","properties":{"n":{"type":"number","maximum":1e400,"minimum":-1E+400}}}}]}`)
	snap, err := Decode("big.json", data)
	if err != nil {
		t.Fatal(err)
	}
	n := snap.Tools[0].InputSchema.(map[string]any)["properties"].(map[string]any)["n"].(map[string]any)
	if n["maximum"] != json.Number("1e400") || n["minimum"] != json.Number("-1E+400") {
		t.Errorf("maximum %#v, minimum %#v; want the numbers as written", n["maximum"], n["minimum"])
	}
	out, err := json.Marshal(n)
	if err != nil || string(out) != `{"maximum":1e400,"minimum":-1E+400,"type":"number"}` {
		t.Errorf("re-encoded as %s, %v", out, err)
	}
}
