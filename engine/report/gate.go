package report

import (
	"fmt"
	"strings"

	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/internal/plural"
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
	g := NewGater(failOn, minGrade)
	for _, t := range rep.Targets {
		g.Add(t)
	}
	return g.Verdict
}

// Gater is Gate a target at a time, for a run that streams its report:
// Verdict is the gate's decision over the targets added so far. It is
// also a Stream, so it can be given the report beside its formats.
type Gater struct {
	Verdict   Verdict
	threshold sdk.Severity
	failOn    string
	minGrade  string
}

// NewGater returns a Gater for --fail-on failOn and --min-grade minGrade
// (see Gate), with no target added.
func NewGater(failOn, minGrade string) *Gater {
	return &Gater{Verdict: Verdict{Code: ExitOK}, failOn: failOn, minGrade: minGrade,
		threshold: map[string]sdk.Severity{"error": sdk.Error, "warning": sdk.Warning, "info": sdk.Info}[failOn]}
}

// Begin implements Stream.
func (g *Gater) Begin(*result.Report) error { return nil }

// Target implements Stream.
func (g *Gater) Target(t *result.Target) error {
	g.Add(t)
	return nil
}

// End implements Stream.
func (g *Gater) End(*result.Report) error { return nil }

// Add applies the gate to t.
func (g *Gater) Add(t *result.Target) {
	v := &g.Verdict
	fail := func(code int, format string, a ...any) {
		v.Code = max(v.Code, code)
		v.Reasons = append(v.Reasons, Escape(t.Name)+": "+fmt.Sprintf(format, a...))
	}
	if t.Error != nil {
		fail(ExitTarget, "could not be linted")
		return
	}
	if n := len(t.RuleErrors); n > 0 {
		names := make([]string, n)
		for i, e := range t.RuleErrors {
			names[i] = Escape(e.Rule)
		}
		fail(ExitTarget, "%s could not run (%s)", plural.Grouped(n, "rule"), strings.Join(names, ", "))
	}
	n := 0
	for _, is := range t.Issues {
		if g.threshold != 0 && is.Severity >= g.threshold {
			n++
		}
	}
	if n > 0 {
		fail(ExitIssues, "%s at or above --fail-on %s", plural.Grouped(n, "issue"), g.failOn)
	}
	switch {
	case MeetsGrade(t.Grade, g.minGrade):
	case t.Grade == result.Incomplete:
		fail(ExitIssues, "grade incomplete (not every rule ran) fails --min-grade %s", g.minGrade)
	default:
		fail(ExitIssues, "grade %s is below --min-grade %s", t.Grade, g.minGrade)
	}
}

// MeetsGrade reports whether grade is at least min ("A" best; "" meets
// anything). result.Incomplete meets no minimum.
func MeetsGrade(grade, min string) bool {
	return min == "" || grade != result.Incomplete && grade <= min
}
