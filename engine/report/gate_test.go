package report

import (
	"slices"
	"testing"

	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/sdk"
)

func TestGate(t *testing.T) {
	broken := "would not start"
	warn := &result.Target{Name: "w", Grade: "B", Issues: []sdk.Issue{{Severity: sdk.Warning}, {Severity: sdk.Info}}}
	for _, tc := range []struct {
		name             string
		targets          []*result.Target
		failOn, minGrade string
		code             int
		reasons          []string
	}{
		{"clean", []*result.Target{{Name: "a", Grade: "A"}}, "error", "A", ExitOK, nil},
		{"below fail-on", []*result.Target{warn}, "error", "", ExitOK, nil},
		{"at fail-on", []*result.Target{warn}, "warning", "", ExitIssues, []string{"w: 1 issue at or above --fail-on warning"}},
		{"info counts both", []*result.Target{warn}, "info", "", ExitIssues, []string{"w: 2 issues at or above --fail-on info"}},
		{"never", []*result.Target{warn}, "never", "", ExitOK, nil},
		{"grade", []*result.Target{warn}, "never", "A", ExitIssues, []string{"w: grade B is below --min-grade A"}},
		{"grade met", []*result.Target{warn}, "never", "B", ExitOK, nil},
		{"unreadable wins", []*result.Target{warn, {Name: "x\x1b", Grade: "F", Error: &broken}}, "warning", "", ExitTarget,
			[]string{"w: 1 issue at or above --fail-on warning", "x\\x1b: could not be linted"}},
		{"incomplete fails any minimum", []*result.Target{{Name: "i", Grade: result.Incomplete}}, "never", "F", ExitIssues,
			[]string{"i: grade incomplete (not every rule ran) fails --min-grade F"}},
		{"incomplete without a minimum", []*result.Target{{Name: "i", Grade: result.Incomplete}}, "never", "", ExitOK, nil},
		{"rule errors", []*result.Target{{Name: "r", Grade: "A", RuleErrors: []result.RuleError{{Rule: "acme/a"}, {Rule: "acme/b"}}}}, "error", "", ExitTarget,
			[]string{"r: 2 rules could not run (acme/a, acme/b)"}},
	} {
		v := Gate(&result.Report{Targets: tc.targets}, tc.failOn, tc.minGrade)
		if v.Code != tc.code || !slices.Equal(v.Reasons, tc.reasons) {
			t.Errorf("%s: Gate = %d %q, want %d %q", tc.name, v.Code, v.Reasons, tc.code, tc.reasons)
		}
	}
}
