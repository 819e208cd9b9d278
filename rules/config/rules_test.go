package config

import (
	"path/filepath"
	"testing"

	"github.com/mcplint/mcplint/internal/suppress"
	"github.com/mcplint/mcplint/sdk"
	"github.com/mcplint/mcplint/sdk/linttest"
)

func TestRules(t *testing.T) {
	var prev string
	for _, r := range Rules() {
		m := r.Meta()
		if m.Name <= prev {
			t.Errorf("Rules() is not in name order at %q", m.Name)
		}
		prev = m.Name
		if m.Category != sdk.CategoryConfig || m.Summary == "" || m.Doc == "" || m.Source == "" || m.Severity == 0 {
			t.Errorf("%s: incomplete Meta: %+v", m.Name, m)
		}
		t.Run(m.Name, func(t *testing.T) {
			linttest.Run(t, r, filepath.Join("testdata", m.Name))
		})
	}
}

func TestInlineCovers(t *testing.T) {
	snap := &sdk.Snapshot{Tools: []sdk.Tool{
		sdk.ToolFromDef(map[string]any{"name": "a"}),
		sdk.ToolFromDef(map[string]any{"name": "b", "_meta": map[string]any{suppress.MetaKey: map[string]any{"x": "why", "y": ""}}}),
	}}
	sups := suppress.Inline(snap)
	if len(sups) != 2 || sups[0].Rule != "x" || sups[0].Reason != "why" || sups[1].Reason != "" || sups[0].Scope != "/tools/1" {
		t.Fatalf("Inline = %+v", sups)
	}
	for _, tc := range []struct {
		is   sdk.Issue
		want bool
	}{
		{sdk.Issue{Tool: "b", Pointer: "/tools/1"}, true},
		{sdk.Issue{Tool: "b", Pointer: "/tools/1/description"}, true},
		{sdk.Issue{Tool: "b", Pointer: "/tools/10/description"}, false},
		{sdk.Issue{Tool: "a", Pointer: "/tools/0"}, false},
		{sdk.Issue{Tool: "b"}, true},
		{sdk.Issue{Tool: "a"}, false},
	} {
		if got := sups[0].Covers(tc.is); got != tc.want {
			t.Errorf("Covers(%+v) = %v, want %v", tc.is, got, tc.want)
		}
	}
}
