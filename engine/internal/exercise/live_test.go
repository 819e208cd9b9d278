package exercise_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcplint/mcplint/engine/internal/exercise"
	"github.com/mcplint/mcplint/engine/internal/source/live"
	"github.com/mcplint/mcplint/engine/internal/target"
	"github.com/mcplint/mcplint/engine/mcptest"
	"github.com/mcplint/mcplint/sdk"
)

func TestMain(m *testing.M) { os.Exit(mcptest.Main(m)) }

// run lints a fixture server live with the given exercise options.
func run(t *testing.T, server string, env map[string]string, opts exercise.Options) *sdk.Snapshot {
	t.Helper()
	t.Cleanup(func() { mcptest.CheckNoLeftovers(t) })
	tg := target.Target{Name: server, Kind: target.Command, Command: []string{mcptest.Server(t, server)}, Env: env}
	s, err := live.Load(context.Background(), tg, live.Options{Timeout: 5 * time.Second, DiscoverTimeout: 300 * time.Millisecond, Exercise: opts})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestDestructiveToolIsCalledOnlyWithAll(t *testing.T) {
	dir := t.TempDir()
	env := map[string]string{"NOTES_DIR": dir}
	notes := func() []string {
		names, _ := filepath.Glob(filepath.Join(dir, "*.note"))
		return names
	}

	var notice bytes.Buffer
	s := run(t, "destructive", env, exercise.Options{Mode: exercise.ModeReadOnly, Notice: &notice})
	res := exercise.Read(s.Transcript)
	if res == nil || len(res.Tools) != 1 || res.Tools[0].Tool != "list_notes" {
		t.Fatalf("readonly called %+v", res)
	}
	if len(notes()) != 0 || !strings.Contains(notice.String(), `calling 1 tool of destructive: "list_notes"`) {
		t.Fatalf("readonly wrote %v, said %q", notes(), notice.String())
	}
	notice.Reset()

	s = run(t, "destructive", env, exercise.Options{Mode: exercise.ModeNone})
	if exercise.Read(s.Transcript) != nil {
		t.Fatal("mode none called a tool")
	}

	s = run(t, "destructive", env, exercise.Options{Mode: exercise.ModeAll, Notice: &notice})
	res = exercise.Read(s.Transcript)
	if res == nil || len(res.Tools) != 2 {
		t.Fatalf("all called %+v", res)
	}
	if len(notes()) == 0 {
		t.Error("--exercise=all did not call write_note")
	}
	want := `mcplint: --exercise=all: of these, not read-only: "write_note" (destructive)`
	if !strings.Contains(notice.String(), want) {
		t.Errorf("notice %q", notice.String())
	}
}

func TestProtocolErrorServer(t *testing.T) {
	var progress bytes.Buffer
	s := run(t, "protoerr", nil, exercise.Options{Mode: exercise.ModeReadOnly, Progress: &progress})
	res := exercise.Read(s.Transcript)
	if res == nil {
		t.Fatal("no results")
	}
	byTool := map[string][]exercise.Result{}
	for _, r := range res.Scenarios {
		byTool[r.Tool] = append(byTool[r.Tool], r)
	}
	// lookup_order answers every call "database unavailable: connection
	// refused": the edge cases are answered, and the happy path says
	// nothing of the server, whose database is missing.
	happyOrders := 0
	for _, r := range byTool["lookup_order"] {
		if r.Outcome != exercise.OutcomeProtocolError || r.Passed != (r.Kind == exercise.Edge) {
			t.Errorf("lookup_order %s: %+v", r.Scenario, r)
		}
		if r.Kind == exercise.Happy {
			happyOrders++
			if !strings.Contains(r.Inconclusive, "connection refused") {
				t.Errorf("lookup_order %s is not inconclusive: %+v", r.Scenario, r)
			}
		}
		if r.Kind == exercise.Happy && !strings.Contains(string(r.Arguments), `"ORD-`) {
			t.Errorf("lookup_order arguments %s do not match the pattern", r.Arguments)
		}
	}
	for _, r := range byTool["get_time"] {
		if !r.Passed {
			t.Errorf("get_time %s failed: %+v", r.Scenario, r)
		}
	}
	slow := byTool["slow_status"]
	if len(slow) != 1 || !slow[0].Passed || slow[0].LatencyMs < 1000 || slow[0].Excerpt != "ok" {
		t.Errorf("slow_status: %+v", slow)
	}
	if happyOrders == 0 || res.Happy.Inconclusive != happyOrders || res.Edge.Passed != res.Edge.Total {
		t.Errorf("happy %+v edge %+v", res.Happy, res.Edge)
	}
	if !strings.Contains(progress.String(), "\rmcplint: exercising protoerr: 1/") || !strings.HasSuffix(progress.String(), "\n") {
		t.Errorf("progress %q", progress.String())
	}
}

func TestExcerpts(t *testing.T) {
	s := run(t, "badstruct", nil, exercise.Options{Mode: exercise.ModeReadOnly, Scenarios: 1})
	res := exercise.Read(s.Transcript)
	got := map[string]string{}
	for _, r := range res.Scenarios {
		if r.Scenario == "happy-1" {
			got[r.Tool] = r.Excerpt
		}
	}
	want := map[string]string{
		"get_weather": `{"conditions":"sunny","temperature":"21.5"}` + "\n[image image/png]",
		"get_stats":   "visitors: 1200\n[audio audio/wav]",
		"get_quote":   `{"author":"Audrey Hepburn","quote":"Paris is always a good idea."}` + "\n[resource quotes://paris/1] Paris is always a good idea.\n[resource link quotes://paris paris-quotes]",
	}
	for tool, w := range want {
		if got[tool] != w {
			t.Errorf("%s excerpt %q, want %q", tool, got[tool], w)
		}
	}
}

// TestServerEverythingReadOnly exercises the reference server's read-only
// tools: only tools that say readOnlyHint true are called, each of them,
// and the server survives every edge case.
func TestServerEverythingReadOnly(t *testing.T) {
	argv := mcptest.NPMServer(t, "@modelcontextprotocol/server-everything/dist/index.js", "stdio")
	t.Cleanup(func() { mcptest.CheckNoLeftovers(t) })
	tg := target.Target{Name: "everything", Kind: target.Command, Command: argv}
	// A generous timeout: node starts slowly on a busy machine.
	s, err := live.Load(context.Background(), tg, live.Options{Timeout: 30 * time.Second,
		Exercise: exercise.Options{Mode: exercise.ModeReadOnly}})
	if err != nil {
		t.Fatal(err)
	}
	res := exercise.Read(s.Transcript)
	if res == nil {
		t.Fatal("no tool was called")
	}
	called := map[string]bool{}
	for _, ts := range res.Tools {
		called[ts.Tool] = true
	}
	for _, tl := range s.Tools {
		if exercise.ReadOnly(tl) != called[tl.Name] {
			t.Errorf("%s: read-only %v, called %v", tl.Name, exercise.ReadOnly(tl), called[tl.Name])
		}
	}
	if len(called) == 0 || len(called) == len(s.Tools) {
		t.Errorf("called %d of %d tools: the read-only filter did nothing", len(called), len(s.Tools))
	}
	for _, r := range res.Scenarios {
		// Only the long-running operation may run past the deadline.
		if r.Tool != "trigger-long-running-operation" && !r.Passed {
			t.Errorf("%s %s %s: %s %s", r.Tool, r.Scenario, r.Arguments, r.Outcome, r.Error)
		}
	}
	t.Logf("%d scenarios of %d tools: happy %d/%d, edge %d/%d", len(res.Scenarios), len(res.Tools),
		res.Happy.Passed, res.Happy.Total, res.Edge.Passed, res.Edge.Total)
}
