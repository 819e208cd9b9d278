package report

import (
	"fmt"
	"strings"

	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/sdk"
)

// Exit codes, the contract of the mcplint command (and of the gate of
// mcplinttest).
const (
	// ExitOK: nothing at or above --fail-on, and every grade meets --min-grade.
	ExitOK = 0
	// ExitIssues: an issue at or above --fail-on, or a grade below --min-grade.
	ExitIssues = 1
	// ExitUsage: a usage or configuration error.
	ExitUsage = 2
	// ExitTarget: a target could not be linted, or a rule could not run on it.
	ExitTarget = 3
)

// Verdict is what the gate decided about a report: the exit code and, for
// each thing that failed, a sentence saying which gate and which target.
type Verdict struct {
	Code int
	// Reasons are in target order; empty when Code is ExitOK.
	Reasons []string
}

// Gate applies the exit-code contract to rep: ExitTarget when a target could
// not be linted or a rule could not run on it, else ExitIssues when an
// issue is at or above failOn ("error", "warning", "info"; "never" and ""
// gate on nothing) or a grade is below minGrade ("A" to "F"; "" for none),
// else ExitOK. Each reason names the target and the gate, as "weather:
// grade F is below --min-grade A".
func Gate(rep *result.Report, failOn, minGrade string) Verdict {
	threshold := map[string]sdk.Severity{"error": sdk.Error, "warning": sdk.Warning, "info": sdk.Info}[failOn]
	v := Verdict{Code: ExitOK}
	fail := func(code int, t *result.Target, format string, a ...any) {
		v.Code = max(v.Code, code)
		v.Reasons = append(v.Reasons, Escape(t.Name)+": "+fmt.Sprintf(format, a...))
	}
	for _, t := range rep.Targets {
		if t.Error != nil {
			fail(ExitTarget, t, "could not be linted")
			continue
		}
		if n := len(t.RuleErrors); n > 0 {
			names := make([]string, n)
			for i, e := range t.RuleErrors {
				names[i] = Escape(e.Rule)
			}
			fail(ExitTarget, t, "%s could not run (%s)", plural(n, "rule"), strings.Join(names, ", "))
		}
		n := 0
		for _, is := range t.Issues {
			if threshold != 0 && is.Severity >= threshold {
				n++
			}
		}
		if n > 0 {
			fail(ExitIssues, t, "%s at or above --fail-on %s", plural(n, "issue"), failOn)
		}
		switch {
		case MeetsGrade(t.Grade, minGrade):
		case t.Grade == result.Incomplete:
			fail(ExitIssues, t, "grade incomplete (not every rule ran) fails --min-grade %s", minGrade)
		default:
			fail(ExitIssues, t, "grade %s is below --min-grade %s", t.Grade, minGrade)
		}
	}
	return v
}

// MeetsGrade reports whether grade is at least min ("A" best; "" meets
// anything). result.Incomplete meets no minimum.
func MeetsGrade(grade, min string) bool {
	return min == "" || grade != result.Incomplete && grade <= min
}
