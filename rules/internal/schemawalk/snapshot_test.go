package schemawalk

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/mcplint/mcplint/sdk"
)

// TestToolsSharesOneFlattening checks that Tools flattens each schema as
// Flatten does, once per Snapshot, and again when the tool list changes.
func TestToolsSharesOneFlattening(t *testing.T) {
	var object any
	if err := json.Unmarshal([]byte(`{"type":"object","properties":{"b":{"type":"string"},"a":{"items":true}}}`), &object); err != nil {
		t.Fatal(err)
	}
	// More tools than one worker takes, so that ranges meet.
	tools := make([]sdk.Tool, 3*toolsPerWorker+5)
	for i := range tools {
		tools[i].Name = fmt.Sprint("t", i)
		switch i % 4 {
		case 0:
			tools[i].InputSchema = object
		case 1:
			tools[i].InputSchema, tools[i].OutputSchema = true, object
		case 2:
			tools[i].InputSchema = "not a schema"
		}
	}
	s := &sdk.Snapshot{Tools: tools}
	got := Tools(s)
	if len(got) != len(tools) {
		t.Fatalf("Tools gave %d tools, want %d", len(got), len(tools))
	}
	for i, tool := range tools {
		for _, part := range []struct {
			schema any
			nodes  []Flat
		}{{tool.InputSchema, got[i].Input}, {tool.OutputSchema, got[i].Output}} {
			var want []Flat
			if part.schema != nil {
				want = Flatten(nil, part.schema)
			}
			if fmt.Sprint(part.nodes) != fmt.Sprint(want) {
				t.Errorf("tool %d: nodes %v, want %v", i, part.nodes, want)
			}
		}
	}
	if again := Tools(s); &again[0] != &got[0] {
		t.Error("a second call flattened the same Snapshot again")
	}
	s.Tools = tools[:1]
	if again := Tools(s); len(again) != 1 {
		t.Errorf("after the tool list changed, Tools gave %d tools, want 1", len(again))
	}
}
