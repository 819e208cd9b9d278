package pipeline

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/config"
	"github.com/mcplint/mcplint/engine/baseline"
	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/rules"
	"github.com/mcplint/mcplint/sdk"
)

// one wraps issues as the only target, named "srv".
func one(snap *sdk.Snapshot, issues ...sdk.Issue) []*Target {
	return []*Target{{Snap: snap, Result: &result.Target{Name: "srv", Issues: issues, Suppressed: []result.Suppressed{}}}}
}

// brief is "rule@pointer" for each issue, and "rule@pointer/by" for each
// suppressed one.
func brief(t *result.Target) string {
	var out []string
	for _, is := range t.Issues {
		s := is.Rule + "@" + is.Pointer
		if is.Count > 0 {
			s += fmt.Sprintf("x%d", is.Count)
		}
		out = append(out, s)
	}
	for _, s := range t.Suppressed {
		out = append(out, s.Rule+"@"+s.Pointer+"/"+s.By)
	}
	return strings.Join(out, " ")
}

func TestSeverity(t *testing.T) {
	ts := one(nil, sdk.Issue{Rule: "a", Severity: sdk.Info}, sdk.Issue{Rule: "b", Severity: sdk.Error})
	Severity{Overrides: map[string]sdk.Severity{"a": sdk.Error}}.Process(ts)
	if got := ts[0].Result.Issues; got[0].Severity != sdk.Error || got[1].Severity != sdk.Error {
		t.Errorf("severities %v %v, want a raised to error and b left at error", got[0].Severity, got[1].Severity)
	}
	Severity{Overrides: map[string]sdk.Severity{"b": sdk.Info}}.Process(ts)
	if got := ts[0].Result.Issues[1].Severity; got != sdk.Info {
		t.Errorf("b: %v, want the override to replace a rule's own severity", got)
	}
}

type fixedLocator map[string]sdk.Location

func (l fixedLocator) Locate(pointers []string) map[string]sdk.Location {
	out := map[string]sdk.Location{}
	for _, p := range pointers {
		if loc, ok := l[p]; ok {
			out[p] = loc
		}
	}
	return out
}

func TestLocations(t *testing.T) {
	own := &sdk.Location{File: "rule.json", Line: 1, Column: 1}
	snap := &sdk.Snapshot{Locator: fixedLocator{"/tools/0": {File: "f", Line: 3, Column: 5}, "/tools/1": {File: "f", Line: 9, Column: 2}}}
	ts := one(snap, sdk.Issue{Pointer: "/tools/0"}, sdk.Issue{Pointer: "/tools/1", Location: own}, sdk.Issue{Pointer: "/nowhere"})
	Locations{}.Process(ts)
	is := ts[0].Result.Issues
	if is[0].Location == nil || is[0].Location.Line != 3 || is[1].Location != own || is[2].Location != nil {
		t.Errorf("locations %+v %+v %+v: want the file's for the first, the rule's own kept, none for an unknown pointer",
			is[0].Location, is[1].Location, is[2].Location)
	}
	Locations{}.Process(one(nil, sdk.Issue{Pointer: "/tools/0"})) // no Snapshot: nothing to do, no panic
}

// countingLocator counts its calls and says its file changed, as a large
// file's Locator does when it finds the file changed.
type countingLocator struct{ calls int }

func (l *countingLocator) Locate([]string) map[string]sdk.Location {
	l.calls++
	return map[string]sdk.Location{}
}

func (l *countingLocator) Changed() bool { return true }

// TestLocationsNothingToPlace: when every issue has its location, the
// Locator is not asked (a large file would be read again for nothing) and
// no note says the issues lost theirs.
func TestLocationsNothingToPlace(t *testing.T) {
	loc := &countingLocator{}
	ts := one(&sdk.Snapshot{Locator: loc}, sdk.Issue{Pointer: "/tools/0", Location: &sdk.Location{File: "rule.json", Line: 1, Column: 1}})
	Locations{}.Process(ts)
	if loc.calls != 0 || len(ts[0].Result.Notes) != 0 {
		t.Errorf("Locate called %d times, notes %q: want none of either", loc.calls, ts[0].Result.Notes)
	}
	ts = one(&sdk.Snapshot{Locator: loc}, sdk.Issue{Pointer: "/tools/0"})
	Locations{}.Process(ts)
	if loc.calls != 1 || len(ts[0].Result.Notes) != 1 {
		t.Errorf("Locate called %d times, notes %q: want one call and the note", loc.calls, ts[0].Result.Notes)
	}
}

func TestIgnores(t *testing.T) {
	g := &Ignores{Entries: []config.Ignore{
		{Rule: "a", Tool: "get_*", Reason: "r1"},
		{Rule: "b", Server: "other", Reason: "r2"},
		{Rule: "c", Pointer: "/tools/1", Reason: "r3"},
	}}
	ts := one(nil,
		sdk.Issue{Rule: "a", Tool: "get_x", Pointer: "/tools/0"},
		sdk.Issue{Rule: "a", Tool: "put_x", Pointer: "/tools/2"},
		sdk.Issue{Rule: "b", Tool: "get_x", Pointer: "/tools/0"},
		sdk.Issue{Rule: "c", Pointer: "/tools/1/name"},
		sdk.Issue{Rule: "c", Pointer: "/tools/10/name"})
	g.Process(ts)
	if got, want := brief(ts[0].Result), "a@/tools/2 b@/tools/0 c@/tools/10/name a@/tools/0/config c@/tools/1/name/config"; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if s := ts[0].Result.Suppressed[0]; s.Reason != "r1" {
		t.Errorf("reason %q, want the entry's", s.Reason)
	}
	if !g.Used(0) || g.Used(1) || !g.Used(2) {
		t.Errorf("used %v %v %v, want true false true", g.Used(0), g.Used(1), g.Used(2))
	}
}

func TestUnderPointer(t *testing.T) {
	for _, tc := range []struct {
		p, prefix string
		want      bool
	}{
		{"/tools/1/name", "/tools/1", true},
		{"/tools/1", "/tools/1", true},
		{"/tools/10", "/tools/1", false},
		{"", "", true},
		{"/instructions", "", true},
		{"", "/tools/0", false},
	} {
		if got := underPointer(tc.p, tc.prefix); got != tc.want {
			t.Errorf("underPointer(%q, %q) = %v", tc.p, tc.prefix, got)
		}
	}
}

// inlineSnap has one tool whose _meta suppresses the rules given, with a
// reason unless the reason is empty.
func inlineSnap(t *testing.T, rules map[string]string) *sdk.Snapshot {
	t.Helper()
	meta, _ := json.Marshal(map[string]any{"mcplint/ignore": rules})
	snap, _, err := sdk.DecodeSnapshot([]byte(`{"tools":[{"name":"get_x","_meta":` + string(meta) + `}]}`))
	if err != nil {
		t.Fatal(err)
	}
	return snap
}

func TestInline(t *testing.T) {
	snap := inlineSnap(t, map[string]string{"a": "known", "b": "", "c": "also known", "d": "stale"})
	ts := one(snap,
		sdk.Issue{Rule: "a", Tool: "get_x", Pointer: "/tools/0/name"},
		sdk.Issue{Rule: "b", Tool: "get_x", Pointer: "/tools/0/name"},
		sdk.Issue{Rule: "a", Tool: "other", Pointer: "/tools/1/name"})
	// c's issue was taken by [[ignore]] first: the inline entry still counts as used.
	ts[0].Result.Suppressed = []result.Suppressed{{Issue: sdk.Issue{Rule: "c", Tool: "get_x", Pointer: "/tools/0"}, By: result.ByConfig}}
	p := &Inline{}
	p.Process(ts)
	if got, want := brief(ts[0].Result), "b@/tools/0/name a@/tools/1/name c@/tools/0/config a@/tools/0/name/inline"; got != want {
		t.Errorf("got  %s\nwant %s (an entry without a reason suppresses nothing)", got, want)
	}
	var unused []string
	for _, s := range p.Unused(ts[0]) {
		unused = append(unused, s.Rule)
	}
	if strings.Join(unused, ",") != "d" {
		t.Errorf("unused %v, want d alone", unused)
	}
}

func TestUnused(t *testing.T) {
	snap := inlineSnap(t, map[string]string{"a": "stale", "ghost-rule": "typo", "off": "dormant"})
	ignores := &Ignores{Entries: []config.Ignore{
		{Rule: "a", Reason: "matches", Line: 3, Column: 1},
		{Rule: "b", Server: "second", Reason: "unused", Line: 7, Column: 1},
		{Rule: "off", Reason: "dormant"},
	}}
	inline := &Inline{}
	ran := func(r string) bool { return r != "off" }
	first := &Target{Snap: snap, Result: &result.Target{Name: "first", Issues: []sdk.Issue{{Rule: "a", Tool: "other", Pointer: "/tools/1"}}}, Ran: ran}
	second := &Target{Snap: &sdk.Snapshot{}, Result: &result.Target{Name: "second"}, Ran: ran}
	targets := []*Target{first, second}
	Run([]Processor{ignores, inline, &Unused{Ignores: ignores, Inline: inline,
		Rules: []sdk.Meta{{Name: "a"}, {Name: "b"}, {Name: "off"}, {Name: "ghost-rules"}, rules.Named("unused-suppression").Meta()}, ConfigPath: "mcplint.toml",
		Severity: map[string]sdk.Severity{"unused-suppression": sdk.Info}}}, targets)
	var msgs []string
	for _, tg := range targets {
		for _, is := range tg.Result.Issues {
			if is.Rule == "unused-suppression" {
				if is.Severity != sdk.Info {
					t.Errorf("%s: severity %v, want the override", is.Message, is.Severity)
				}
				msgs = append(msgs, tg.Result.Name+": "+is.Message)
			}
		}
	}
	want := []string{
		`first: inline suppression of "a" matched no issue`,
		`first: inline suppression names "ghost-rule", which is no rule (did you mean "ghost-rules"?), so it suppresses nothing`,
		`second: [[ignore]] of "b" (server "second") matched no issue`,
	}
	if strings.Join(msgs, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(msgs, "\n"), strings.Join(want, "\n"))
	}
}

func TestBaselineStep(t *testing.T) {
	known := sdk.Issue{Rule: "a", Tool: "t", Pointer: "/tools/0/name", Message: "m"}
	b := baseline.FromTargets([]*result.Target{{Name: "srv", Issues: []sdk.Issue{known}}})
	ts := one(nil, known, known, sdk.Issue{Rule: "a", Tool: "t", Pointer: "/tools/0/name", Message: "new"})
	(&Baseline{Matcher: b.Matcher()}).Process(ts)
	if got, want := brief(ts[0].Result), "a@/tools/0/name a@/tools/0/name a@/tools/0/name/baseline"; got != want {
		t.Errorf("got  %s\nwant %s (one entry hides one issue; a changed message is new)", got, want)
	}
	(&Baseline{Matcher: (*baseline.Baseline)(nil).Matcher()}).Process(ts) // no baseline: nothing moves
}

func TestDedupe(t *testing.T) {
	req := func(record int, msg string) sdk.Issue {
		return sdk.Issue{Rule: "server-request-undeclared", Tool: sdk.OwnerServer, Pointer: fmt.Sprintf("/transcript/records/%d", record), Message: msg}
	}
	var issues []sdk.Issue
	for i := range 1134 {
		issues = append(issues, req(10+2*i, "server sent sampling/createMessage"))
	}
	issues = append(issues,
		req(3, "server sent roots/list"),
		sdk.Issue{Rule: "x", Tool: "a", Pointer: "/tools/0/name", Message: "m"},
		sdk.Issue{Rule: "x", Tool: "a", Pointer: "/tools/0/name", Message: "m"},
		sdk.Issue{Rule: "x", Tool: "b", Pointer: "/tools/1/name", Message: "m"})
	ts := one(nil, issues...)
	Dedupe{}.Process(ts)
	if got, want := brief(ts[0].Result), "server-request-undeclared@/transcript/records/10x1134 server-request-undeclared@/transcript/records/3 x@/tools/0/namex2 x@/tools/1/name"; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if got := subject("/transcript/records/12/params"); got != "/transcript/records/*/params" {
		t.Errorf("subject = %q", got)
	}
}

func TestSort(t *testing.T) {
	ts := one(nil,
		sdk.Issue{Rule: "b", Pointer: "/tools/1/name"},
		sdk.Issue{Rule: "a", Pointer: "/instructions"},
		sdk.Issue{Rule: "c", Pointer: ""})
	Sort{}.Process(ts)
	if got, want := brief(ts[0].Result), "c@ a@/instructions b@/tools/1/name"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

// TestOrder pins the standard list: the order is the pipeline's contract.
func TestOrder(t *testing.T) {
	var names []string
	for _, p := range New(Options{}) {
		names = append(names, p.Name())
	}
	want := "severity, locations, config ignores, inline suppressions, unused suppressions, baseline, dedupe, sort"
	if got := strings.Join(names, ", "); got != want {
		t.Errorf("pipeline %s\nwant     %s", got, want)
	}
	for _, p := range New(Options{KeepRepeats: true}) {
		if p.Name() == "dedupe" {
			t.Error("KeepRepeats must leave dedupe out")
		}
	}
}
