package schemawalk

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/mcplint/mcplint/internal/analysis"
	"github.com/mcplint/mcplint/internal/ranges"
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
	tools := make([]sdk.Tool, 3*ranges.PerPart+5)
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
	ctx := analysis.NewPass(s).For(context.Background(), "a rule", []string{Flattened.Name})
	got := Tools(ctx, s)
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
	if again := Tools(ctx, s); &again[0] != &got[0] {
		t.Error("a second call flattened the same Snapshot again")
	}
	s.Tools = tools[:1]
	if again := Tools(context.Background(), s); len(again) != 1 {
		t.Errorf("after the tool list changed, Tools gave %d tools, want 1", len(again))
	}
}

// TestToolsReadsDefFields checks DefFields against the definitions.
func TestToolsReadsDefFields(t *testing.T) {
	var defs []map[string]any
	for _, src := range []string{
		`{"name":"a"}`,
		`{"name":"b","description":"Does b.","inputSchema":{"type":"object"},"annotations":{"readOnlyHint":true},"_meta":{"k":1}}`,
		`{"name":"c","description":null,"outputSchema":null,"annotations":"no","_meta":[]}`,
	} {
		var def map[string]any
		if err := json.Unmarshal([]byte(src), &def); err != nil {
			t.Fatal(err)
		}
		defs = append(defs, def)
	}
	s := &sdk.Snapshot{Tools: []sdk.Tool{{Def: defs[0]}, {Def: defs[1]}, {Def: defs[2]}, {Name: "no def"}}}
	members := []struct {
		key string
		bit DefKeys
		val func(DefFields) any
	}{
		{"description", DefDescription, func(f DefFields) any { return f.Description }},
		{"inputSchema", DefInputSchema, nil},
		{"outputSchema", DefOutputSchema, nil},
		{"annotations", DefAnnotations, func(f DefFields) any { return f.Annotations }},
	}
	for i, ts := range Tools(context.Background(), s) {
		def := s.Tools[i].Def
		for _, m := range members {
			v, ok := def[m.key]
			if got := ts.Def.Has&m.bit != 0; got != ok {
				t.Errorf("tool %d: has %s = %v, want %v", i, m.key, got, ok)
			}
			if m.val != nil && fmt.Sprint(m.val(ts.Def)) != fmt.Sprint(v) {
				t.Errorf("tool %d: %s = %v, want %v", i, m.key, m.val(ts.Def), v)
			}
		}
	}
}
