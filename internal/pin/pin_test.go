package pin

import (
	"slices"
	"testing"

	"github.com/mcplint/mcplint/sdk"
)

// A value hashes the same whatever the key order or escaping it came in.
func TestHashIsCanonical(t *testing.T) {
	a, err := Hash(map[string]any{"b": 1.0, "a": "é"})
	if err != nil {
		t.Fatal(err)
	}
	snap, _, err := sdk.DecodeSnapshot([]byte(`{"tools":[{"name":"x","inputSchema":{"a":"\u00e9","b":1.0}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	b, err := Hash(snap.Tools[0].InputSchema)
	if err != nil {
		t.Fatal(err)
	}
	if a != b || len(a) != len("sha256:")+64 {
		t.Errorf("Hash = %s and %s, want one sha256", a, b)
	}
}

// A tool built in code pins as the same tool decoded from its JSON.
func TestToolBuiltOrDecodedPinsTheSame(t *testing.T) {
	snap, _, err := sdk.DecodeSnapshot([]byte(`{"tools":[{"name":"read","description":"Reads a file.",
		"inputSchema":{"type":"object","properties":{"path":{"type":"string"}}}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	decoded, err := Tool(snap.Tools[0])
	if err != nil {
		t.Fatal(err)
	}
	built, err := Tool(sdk.Tool{Name: "read", Description: "Reads a file.",
		InputSchema: map[string]any{"type": "object", "properties": map[string]any{"path": map[string]any{"type": "string"}}}})
	if err != nil {
		t.Fatal(err)
	}
	if decoded.SHA256 != built.SHA256 || len(built.Parts) != len(decoded.Parts) {
		t.Errorf("built %+v, decoded %+v", built, decoded)
	}
	if _, ok := built.Parts["/inputSchema/properties/path"]; !ok {
		t.Errorf("no pin of the path property: %v", built.Parts)
	}
}

// Snapshot pins the first of two tools that share a name, and the
// instructions; ChangedParts names what moved between two pins.
func TestSnapshotAndChangedParts(t *testing.T) {
	old, _, err := sdk.DecodeSnapshot([]byte(`{"instructions":"hi","tools":[
		{"name":"a","description":"one","inputSchema":{"type":"object","properties":{"p":{"type":"string"}}}},
		{"name":"a","description":"two"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	cur, _, err := sdk.DecodeSnapshot([]byte(`{"tools":[
		{"name":"a","description":"changed","inputSchema":{"type":"object","properties":{"q":{"type":"string"}}}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	po, err := Snapshot(old)
	if err != nil {
		t.Fatal(err)
	}
	pc, err := Snapshot(cur)
	if err != nil {
		t.Fatal(err)
	}
	if po.Instructions == "" || pc.Instructions != "" {
		t.Errorf("instructions pinned %q and %q, want only the first", po.Instructions, pc.Instructions)
	}
	added, removed, changed := ChangedParts(po.Tools["a"], pc.Tools["a"])
	if !slices.Equal(added, []string{"/inputSchema/properties/q"}) ||
		!slices.Equal(removed, []string{"/inputSchema/properties/p"}) ||
		!slices.Equal(changed, []string{"/description", "/inputSchema"}) {
		t.Errorf("ChangedParts = %v %v %v", added, removed, changed)
	}
}
