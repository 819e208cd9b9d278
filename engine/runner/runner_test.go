package runner

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"testing/synctest"

	"github.com/mcplint/mcplint/internal/analysis"
	"github.com/mcplint/mcplint/sdk"
)

var (
	schemaRule  = sdk.Meta{Name: "input-schema-missing", Category: sdk.CategorySchema, Severity: sdk.Error, Default: true}
	offRule     = sdk.Meta{Name: "tool-name-portable", Category: sdk.CategoryNaming, Severity: sdk.Info}
	pluginRule  = sdk.Meta{Name: "acme/no-foo", Category: sdk.CategoryQuality, Severity: sdk.Warning, Default: true}
	modernOnly  = sdk.Meta{Name: "discover-missing", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true, Era: sdk.EraModern}
	allTestMeta = []sdk.Meta{schemaRule, offRule, pluginRule, modernOnly}
)

func TestEnabled(t *testing.T) {
	for _, tc := range []struct {
		name string
		sel  Selection
		meta sdk.Meta
		want bool
	}{
		{"recommended default on", Selection{}, schemaRule, true},
		{"recommended default off", Selection{}, offRule, false},
		{"preset all", Selection{Preset: "all"}, offRule, true},
		{"preset none", Selection{Preset: "none"}, schemaRule, false},
		{"config enables by name", Selection{ConfigEnable: []string{"tool-name-portable"}}, offRule, true},
		{"config enables by category", Selection{ConfigEnable: []string{"naming"}}, offRule, true},
		{"config disable beats config enable", Selection{ConfigEnable: []string{"naming"}, ConfigDisable: []string{"tool-name-portable"}}, offRule, false},
		{"flag enable beats config disable", Selection{ConfigDisable: []string{"schema"}, FlagEnable: []string{"input-schema-missing"}}, schemaRule, true},
		{"flag disable beats flag enable", Selection{FlagEnable: []string{"schema"}, FlagDisable: []string{"schema"}}, schemaRule, false},
		{"only replaces the rest", Selection{Preset: "none", Only: []string{"naming"}}, offRule, true},
		{"only excludes others", Selection{Only: []string{"naming"}}, schemaRule, false},
		{"plugin name names its rules", Selection{ConfigDisable: []string{"acme"}}, pluginRule, false},
	} {
		if got := tc.sel.Enabled(tc.meta); got != tc.want {
			t.Errorf("%s: Enabled(%s) = %v, want %v", tc.name, tc.meta.Name, got, tc.want)
		}
	}
}

func TestCheckSuggests(t *testing.T) {
	err := Selection{FlagEnable: []string{"input-schema-mising"}}.Check(allTestMeta)
	if err == nil || !strings.Contains(err.Error(), `did you mean "input-schema-missing"?`) {
		t.Fatalf("got %v", err)
	}
	if err := (Selection{Only: []string{"schema", "acme"}}).Check(allTestMeta); err != nil {
		t.Fatalf("categories and plugin names are valid: %v", err)
	}
	err = Selection{FlagDisable: []string{"zzzzzzzzzzzz"}}.Check(allTestMeta)
	if err == nil || strings.Contains(err.Error(), "did you mean") {
		t.Fatalf("a far-off name gets no suggestion: %v", err)
	}
}

// fake is a rule whose behaviour a test chooses.
type fake struct {
	meta  sdk.Meta
	check func(s *sdk.Snapshot, report func(sdk.Issue)) error
}

func (f fake) Meta() sdk.Meta { return f.meta }
func (f fake) Check(_ context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	return f.check(s, report)
}

// TestRunFillsOrdersAndIsolates: severity overrides are the pipeline's job
// (engine/internal/pipeline), so the rule's default stands here.
func TestRunFillsOrdersAndIsolates(t *testing.T) {
	snap := &sdk.Snapshot{Era: sdk.EraLegacy, Tools: []sdk.Tool{{Name: "a"}, {Name: "b"}}}
	rules := []sdk.Rule{
		fake{schemaRule, func(s *sdk.Snapshot, report func(sdk.Issue)) error {
			report(sdk.Issue{Tool: "b", Pointer: "/tools/1/inputSchema", Message: "m", Fix: "f"})
			report(sdk.Issue{Tool: "a", Pointer: "/tools/0/inputSchema", Message: "m", Fix: "f", Severity: sdk.Warning})
			report(sdk.Issue{Tool: "a", Pointer: "/tools/10/inputSchema", Message: "m", Fix: "f"})
			return nil
		}},
		fake{offRule, func(s *sdk.Snapshot, report func(sdk.Issue)) error {
			report(sdk.Issue{Tool: sdk.OwnerInstructions, Pointer: "/instructions", Message: "m", Fix: "f"})
			return nil
		}},
		fake{pluginRule, func(*sdk.Snapshot, func(sdk.Issue)) error { panic("boom") }},
		fake{modernOnly, func(*sdk.Snapshot, func(sdk.Issue)) error { return errors.New("must not run on a legacy snapshot") }},
	}
	issues, errs := Run(context.Background(), rules, snap)
	Sort(issues)
	var got []string
	for _, is := range issues {
		got = append(got, is.Pointer+" "+is.Rule+" "+is.Category+" "+is.Severity.String())
	}
	want := []string{
		"/instructions tool-name-portable naming info",
		"/tools/0/inputSchema input-schema-missing schema warning",
		"/tools/1/inputSchema input-schema-missing schema error",
		"/tools/10/inputSchema input-schema-missing schema error",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("issues:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if len(errs) != 1 || errs[0].Rule != "acme/no-foo" || !strings.Contains(errs[0].Error, "boom") {
		t.Errorf("rule errors = %+v, want the panicking plugin rule only", errs)
	}
}

// TestRunSkipsRulesOutsideTheProtocol: a rule whose requirement is newer
// than the version the server negotiated does not run, nor does one of
// the other era; one whose version is reached does.
func TestRunSkipsRulesOutsideTheProtocol(t *testing.T) {
	newer := sdk.Meta{Name: "http-origin-check", Category: sdk.CategoryConformance, Severity: sdk.Warning, Default: true, Since: "2025-11-25"}
	older := sdk.Meta{Name: "server-request-undeclared", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true, Era: sdk.EraLegacy, Since: "2025-06-18"}
	for _, tc := range []struct {
		version string
		want    []string
	}{
		{"2025-03-26", nil},
		{"2025-06-18", []string{"server-request-undeclared"}},
		{"2025-11-25", []string{"http-origin-check", "server-request-undeclared"}},
	} {
		var ran []string
		var rules []sdk.Rule
		for _, m := range []sdk.Meta{newer, older, modernOnly} {
			rules = append(rules, fake{m, func(_ *sdk.Snapshot, report func(sdk.Issue)) error {
				report(sdk.Issue{Tool: sdk.OwnerServer, Message: "m", Fix: "f"})
				return nil
			}})
		}
		snap := &sdk.Snapshot{Era: sdk.EraLegacy, ProtocolVersion: tc.version, Transcript: &sdk.Transcript{}}
		issues, errs := Run(context.Background(), rules, snap)
		for _, is := range issues {
			ran = append(ran, is.Rule)
		}
		if strings.Join(ran, " ") != strings.Join(tc.want, " ") || len(errs) > 0 {
			t.Errorf("version %s: rules that reported %v (errors %v), want %v", tc.version, ran, errs, tc.want)
		}
	}
}

// TestRunRulesAtOnce: as many rules run at once as there are CPUs, and
// no more, so that no more rule working sets are live at the peak. The
// rules here hold their place until every goroutine of the run is
// blocked, so the count is the runner's limit, not an accident of
// scheduling.
func TestRunRulesAtOnce(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		const procs = 2
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		var running atomic.Int32
		release := make(chan struct{})
		hold := func(*sdk.Snapshot, func(sdk.Issue)) error {
			running.Add(1)
			<-release
			running.Add(-1)
			return nil
		}
		rules := make([]sdk.Rule, 3*procs)
		for i := range rules {
			rules[i] = fake{sdk.Meta{Name: fmt.Sprintf("rule-%d", i), Category: sdk.CategoryQuality, Severity: sdk.Info}, hold}
		}
		done := make(chan struct{})
		go func() {
			Run(context.Background(), rules, &sdk.Snapshot{})
			close(done)
		}()
		synctest.Wait()
		if n := running.Load(); n != procs {
			t.Errorf("%d rules run at once with GOMAXPROCS %d, want %d", n, procs, procs)
		}
		close(release)
		<-done
	})
}

func TestSortTranscriptAndFileOrder(t *testing.T) {
	issues := []sdk.Issue{
		{Rule: "b", Pointer: "/transcript/records/12"},
		{Rule: "a", Pointer: "/transcript/records/9"},
		{Rule: "c", Pointer: "/tools/0/name", Location: &sdk.Location{File: "f", Line: 9, Column: 15}},
		{Rule: "d", Pointer: "/tools/0/description", Location: &sdk.Location{File: "f", Line: 8, Column: 5}},
	}
	Sort(issues)
	var got []string
	for _, is := range issues {
		got = append(got, is.Rule)
	}
	if strings.Join(got, "") != "dcab" {
		t.Errorf("order %v, want d c (file order in tool 0) then a b (record 9 before 12)", got)
	}
}

// TestPermuteInPlace checks the in-place move Sort ends with against a
// copy, on permutations of every small size and some large ones: a
// mistake in following a cycle loses or repeats an issue.
func TestPermuteInPlace(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{0, 1, 2, 3, 4, 5, 8, 13, 100, 1000} {
		for range 20 {
			issues := make([]sdk.Issue, n)
			for i := range issues {
				issues[i].Message = fmt.Sprint(i)
			}
			order := rng.Perm(n)
			want := make([]sdk.Issue, n)
			for k, i := range order {
				want[k] = issues[i]
			}
			permute(issues, order)
			for k := range issues {
				if issues[k] != want[k] {
					t.Fatalf("n=%d: at %d got issue %q, want %q", n, k, issues[k].Message, want[k].Message)
				}
			}
		}
	}
}

// BenchmarkSort orders the issues of a large server, as Run and the engine
// (again, once locations are known) do.
func BenchmarkSort(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	issues := make([]sdk.Issue, 13000)
	for i := range issues {
		tool := rng.IntN(10000)
		issues[i] = sdk.Issue{
			Rule:     []string{"required-list-missing", "annotations-missing", "default-invalid"}[rng.IntN(3)],
			Pointer:  fmt.Sprintf("/tools/%d/inputSchema/properties/p%d", tool, rng.IntN(8)),
			Message:  "message",
			Location: &sdk.Location{File: "big.json", Line: tool*40 + rng.IntN(40), Column: 9},
		}
	}
	work := make([]sdk.Issue, len(issues))
	for b.Loop() {
		copy(work, issues)
		Sort(work)
	}
}

// TestRunCapsIssues runs a rule that reports two million issues: the
// report keeps MaxIssues of them and one issue counting the rest, and the
// run never holds the others (what it allocates stays far below them).
func TestRunCapsIssues(t *testing.T) {
	const n = 2_000_000
	flood := fake{meta: pluginRule, check: func(_ *sdk.Snapshot, report func(sdk.Issue)) error {
		for i := range n {
			sev := sdk.Warning
			if i == n-1 {
				sev = sdk.Error
			}
			report(sdk.Issue{Severity: sev, Tool: "a", Pointer: "/tools/0", Message: "flood " + strings.Repeat("x", 40)})
		}
		return nil
	}}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	issues, errs := Run(context.Background(), []sdk.Rule{flood}, &sdk.Snapshot{Tools: []sdk.Tool{{Name: "a"}}})
	runtime.ReadMemStats(&after)
	if len(errs) != 0 {
		t.Fatal(errs)
	}
	if len(issues) != MaxIssues+1 {
		t.Fatalf("got %d issues, want %d and one counting the rest", len(issues), MaxIssues+1)
	}
	var summary *sdk.Issue
	for i := range issues {
		if strings.Contains(issues[i].Message, "more issues") {
			summary = &issues[i]
		}
	}
	want := fmt.Sprintf("%d more issues of acme/no-foo are not shown", n-MaxIssues)
	if summary == nil || !strings.Contains(summary.Message, want) || summary.Severity != sdk.Error || summary.Rule != "acme/no-foo" {
		t.Errorf("summary = %+v, want an error-level acme/no-foo issue saying %q", summary, want)
	}
	// Each dropped issue still costs its message string in the rule; what
	// must not grow with n is what the runner keeps.
	if kept := after.HeapAlloc - min(after.HeapAlloc, before.HeapAlloc); kept > 64<<20 {
		t.Errorf("the run kept %d MiB of heap", kept>>20)
	}
}

var passRuns atomic.Int32

var countedTools = analysis.New(analysis.Analysis[int]{
	Name: "test-runner-counted-tools",
	Run:  func(_ context.Context, s *sdk.Snapshot) int { passRuns.Add(1); return len(s.Tools) },
})

// usesCounted reads countedTools, as a rule that declared it.
type usesCounted struct{}

func (usesCounted) Meta() sdk.Meta {
	return sdk.Meta{Name: "uses-counted", Category: sdk.CategoryQuality, Severity: sdk.Info, Uses: []string{countedTools.Name}}
}

func (usesCounted) Check(ctx context.Context, s *sdk.Snapshot, _ func(sdk.Issue)) error {
	countedTools.Of(ctx, s)
	return nil
}

// RunPass leaves the analyses the rules made in the caller's Pass, so a
// caller reading one afterwards does not make it again.
func TestRunPassKeepsTheAnalyses(t *testing.T) {
	passRuns.Store(0)
	snap := &sdk.Snapshot{Tools: make([]sdk.Tool, 2)}
	pass := analysis.NewPass(snap)
	if _, errs := RunPass(context.Background(), []sdk.Rule{usesCounted{}, usesCounted{}}, pass); len(errs) > 0 {
		t.Fatal(errs)
	}
	if got := countedTools.Of(pass.For(context.Background(), "after", []string{countedTools.Name}), snap); got != 2 {
		t.Errorf("counted %d tools, want 2", got)
	}
	if n := passRuns.Load(); n != 1 {
		t.Errorf("the analysis ran %d times, want 1", n)
	}
}

// TestRunCopiesIssuesOnce runs a rule that reports many issues: the
// runner keeps each where it first puts it until it hands them all over
// in one slice, so it allocates about twice their size, never the three
// times and more a slice grown by doubling costs (its old arrays, then the
// copy into the result).
func TestRunCopiesIssuesOnce(t *testing.T) {
	const n = 8000
	many := fake{meta: pluginRule, check: func(_ *sdk.Snapshot, report func(sdk.Issue)) error {
		for range n {
			report(sdk.Issue{Tool: "a", Pointer: "/tools/0", Message: "many"})
		}
		return nil
	}}
	snap := &sdk.Snapshot{Tools: []sdk.Tool{{Name: "a"}}}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	issues, errs := RunPassSerial(context.Background(), []sdk.Rule{many}, analysis.NewPass(snap))
	runtime.ReadMemStats(&after)
	if len(errs) != 0 || len(issues) != n {
		t.Fatalf("got %d issues and errors %v, want %d issues", len(issues), errs, n)
	}
	size := float64(n) * float64(reflect.TypeFor[sdk.Issue]().Size())
	if got := float64(after.TotalAlloc-before.TotalAlloc) / size; got > 2.4 {
		t.Errorf("the run allocated %.2f times the size of the issues it returned, want at most 2.4", got)
	}
}
