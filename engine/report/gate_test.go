package report

import (
	"slices"
	"testing"

	"github.com/mcplint/mcplint/sdk"
)

func TestGate(t *testing.T) {
	broken := "would not start"
	warn := &Target{Name: "w", Grade: "B", Issues: []sdk.Issue{{Severity: sdk.Warning}, {Severity: sdk.Info}}}
	for _, tc := range []struct {
		name             string
		targets          []*Target
		failOn, minGrade string
		code             int
		reasons          []string
	}{
		{"clean", []*Target{{Name: "a", Grade: "A"}}, "error", "A", ExitOK, nil},
		{"below fail-on", []*Target{warn}, "error", "", ExitOK, nil},
		{"at fail-on", []*Target{warn}, "warning", "", ExitIssues, []string{"w: 1 issue at or above --fail-on warning"}},
		{"info counts both", []*Target{warn}, "info", "", ExitIssues, []string{"w: 2 issues at or above --fail-on info"}},
		{"never", []*Target{warn}, "never", "", ExitOK, nil},
		{"grade", []*Target{warn}, "never", "A", ExitIssues, []string{"w: grade B is below --min-grade A"}},
		{"grade met", []*Target{warn}, "never", "B", ExitOK, nil},
		{"unreadable wins", []*Target{warn, {Name: "x\x1b", Grade: "F", Error: &broken}}, "warning", "", ExitTarget,
			[]string{"w: 1 issue at or above --fail-on warning", "x\\x1b: could not be linted"}},
		{"rule errors", []*Target{{Name: "r", Grade: "A", RuleErrors: []RuleError{{Rule: "acme/a"}, {Rule: "acme/b"}}}}, "error", "", ExitTarget,
			[]string{"r: 2 rules could not run (acme/a, acme/b)"}},
	} {
		v := Gate(&Report{Targets: tc.targets}, tc.failOn, tc.minGrade)
		if v.Code != tc.code || !slices.Equal(v.Reasons, tc.reasons) {
			t.Errorf("%s: Gate = %d %q, want %d %q", tc.name, v.Code, v.Reasons, tc.code, tc.reasons)
		}
	}
}
