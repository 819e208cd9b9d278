package engine_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/engine/mcptest"
	"github.com/mcplint/mcplint/sdk"
)

// A tools/list that fails is never a pass: the target could not be linted
// (its Error is set, which the CLI turns into exit 3) and grades F, and
// what the server did say is still judged. A server that lists no tools,
// correctly, passes.
func TestFailedToolListingFailsTheTarget(t *testing.T) {
	tests := []struct {
		mode, error, rule string
	}{
		{"silent", "tools/list (id 3) got no answer in ", "request-timeout"},
		{"nope", `tools/list (id 3) was answered with a result that has "tools" that is not an array: "nope"`, "tools-list-shape"},
		{"missing", `tools/list (id 3) was answered with a result that has no "tools" array`, "tools-list-shape"},
		{"secondpage", `(page 2 of the listing, cursor "page-2")`, "request-timeout"},
	}
	for _, tt := range tests {
		t.Run(tt.mode, func(t *testing.T) {
			tg := lintQuick(t, "--", "env", "BADLIST="+tt.mode, mcptest.Server(t, "badlist"))
			if tg.Error == nil || !strings.Contains(*tg.Error, "could not be linted: ") || !strings.Contains(*tg.Error, tt.error) {
				t.Errorf("error %v, want one saying %q", tg.Error, tt.error)
			}
			if tg.Grade != "F" {
				t.Errorf("grade %s, want F", tg.Grade)
			}
			if !slices.Contains(rulesOf(tg, sdk.Error), tt.rule) {
				t.Errorf("rules %q, want %s judging what the server said", rulesOf(tg, sdk.Info), tt.rule)
			}
		})
	}
	t.Run("empty", func(t *testing.T) {
		tg := lintQuick(t, "--", "env", "BADLIST=empty", mcptest.Server(t, "badlist"))
		if tg.Error != nil || tg.Counts.Tools != 0 || tg.Grade != "A" || len(tg.Issues) != 0 {
			t.Errorf("error %v, %d tools, grade %s, rules %q: want a clean pass", tg.Error, tg.Counts.Tools, tg.Grade, rulesOf(tg, sdk.Info))
		}
	})
}

// An item of a listing that is not an object cannot be linted as a tool,
// so it is a finding that names it; the tools beside it are linted.
func TestListedItemThatIsNoToolIsAFinding(t *testing.T) {
	tg := lintQuick(t, "--", "env", "BADLIST=notobject", mcptest.Server(t, "badlist"))
	if tg.Error != nil || tg.Counts.Tools != 1 {
		t.Errorf("error %v, %d tools: want the one tool linted", tg.Error, tg.Counts.Tools)
	}
	if got := findingOf(tg, "tools-list-shape"); !strings.Contains(got, `has tools[1] that is not an object: "restart"`) {
		t.Errorf("tools-list-shape: %q, want the item named", got)
	}
}
