package report

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/internal/plural"
	"github.com/mcplint/mcplint/internal/snip"
	"github.com/mcplint/mcplint/sdk"
)

// TextOptions shape the text report.
type TextOptions struct {
	// Color adds ANSI colors (only ever on a terminal).
	Color bool
	// Quiet prints issues and failures only: no headers for clean
	// targets, no summary when there is nothing to say. A target that
	// could not be linted, or whose rule could not run, is never clean.
	Quiet bool
	// Gate are the reasons the gate failed (Verdict.Reasons), printed
	// after the summary, quiet or not: a failure always says why.
	Gate []string
	// MaxSameIssues is how many issues of one rule per target are
	// printed; the rest are one "… and N more" line. 0 prints them all.
	// The summary still counts every issue.
	MaxSameIssues int
	// FailOn is the gate's --fail-on level. When it is "error" and the
	// run passes over warnings, the summary says how to fail on them, so a
	// hook that shows "Passed" over warnings tells how to make them count.
	FailOn string
}

const (
	ansiReset  = "\x1b[0m"
	ansiBold   = "\x1b[1m"
	ansiDim    = "\x1b[2m"
	ansiRed    = "\x1b[31m"
	ansiYellow = "\x1b[33m"
	ansiBlue   = "\x1b[34m"
	ansiGreen  = "\x1b[32m"
)

// WriteText writes the human report: one block per target, issues grouped
// by tool with location, message and fix. Every piece of server-supplied
// text goes through Escape.
func WriteText(w io.Writer, r *result.Report, opt TextOptions) error {
	p := &printer{w: w, color: opt.Color, maxSame: opt.MaxSameIssues}
	for i, t := range r.Targets {
		if opt.Quiet && t.Error == nil && len(t.Issues) == 0 && len(t.RuleErrors) == 0 && len(t.Notes) == 0 {
			continue
		}
		if i > 0 {
			p.line("")
		}
		p.target(t, len(r.Enabled))
	}
	for _, sk := range r.Skipped {
		p.line("")
		p.line("%s  %s", p.paint(ansiBold, Escape(sk.Name)), p.paint(ansiDim, "skipped: "+Escape(sk.Reason)))
	}
	if !opt.Quiet || r.Summary.Errors+r.Summary.Warnings+r.Summary.Infos > 0 || incomplete(r) {
		p.summary(r)
	}
	for _, reason := range opt.Gate {
		p.line("%s", p.paint(ansiRed, "fail: "+reason))
	}
	if !opt.Quiet && len(opt.Gate) == 0 && opt.FailOn == "error" && r.Summary.Warnings > 0 {
		p.line("%s", p.paint(ansiDim, warningsPassHint))
	}
	return p.err
}

// warningsPassHint follows the summary of a run that passed over warnings.
const warningsPassHint = "warnings do not fail the run; to fail on them, pass --fail-on warning or set fail-on = \"warning\" under [output]"

type printer struct {
	w       io.Writer
	color   bool
	maxSame int
	err     error
}

func (p *printer) line(format string, a ...any) {
	if p.err == nil {
		_, p.err = fmt.Fprintf(p.w, format+"\n", a...)
	}
}

func (p *printer) paint(code, s string) string {
	if !p.color {
		return s
	}
	return code + s + ansiReset
}

// target prints one target; enabled is how many rules the run selected,
// to say so when none of them applies to it.
func (p *printer) target(t *result.Target, enabled int) {
	head := p.paint(ansiBold, Escape(t.Name))
	p.line("%s  %s", head, p.paint(ansiDim, t.Source+" "+Escape(t.Input)))
	if t.Error != nil {
		p.block("  "+p.paint(ansiRed, "could not lint:")+" ", *t.Error)
		// What the server did say before it failed is still judged.
		if len(t.Issues) == 0 {
			return
		}
	} else {
		summary := append([]string{p.gradeText(t)}, facts(t, Escape)...)
		p.line("  %s", strings.Join(summary, " · "))
		if w := worksWith(t, Escape); w != "" {
			p.line("  works with: %s", w)
		}
		if enabled > 0 && len(t.NotApplicable) >= enabled {
			p.line("  %s", p.paint(ansiYellow, "note: no selected rule applies to this target ("+notApplicableWhy(t)+"), so nothing was checked"))
		}
	}
	for _, re := range t.RuleErrors {
		p.block("  "+p.paint(ansiRed, "error:")+" rule "+Escape(re.Rule)+" could not run: ", re.Error)
	}
	for _, in := range t.Inconclusive {
		p.block("  "+p.paint(ansiYellow, "inconclusive:")+" probe "+in.Probe+" (rules "+strings.Join(in.Rules, ", ")+" could not judge): ", Escape(in.Reason))
	}
	for _, n := range t.Notes {
		p.block("  "+p.paint(ansiYellow, "note:")+" ", n)
	}
	p.exercise(t)
	// Issues come in report order; a definition's issues are printed
	// together under its name, in the order its first issue comes.
	shown, hidden := capSame(t.Issues, p.maxSame)
	var owners []string
	byOwner := map[string][]sdk.Issue{}
	for _, is := range shown {
		if _, seen := byOwner[is.Tool]; !seen {
			owners = append(owners, is.Tool)
		}
		byOwner[is.Tool] = append(byOwner[is.Tool], is)
	}
	for _, owner := range owners {
		name := Escape(owner)
		if owner == "" {
			name = "(a tool without a name)"
		}
		p.line("")
		p.line("  %s", p.paint(ansiBold, name))
		for _, is := range byOwner[owner] {
			p.issue(is, t.Records)
		}
	}
	if len(hidden) > 0 {
		p.line("")
		for _, h := range hidden {
			p.line("  %s", p.paint(ansiDim, moreLine(h)))
		}
	}
	if n := len(t.Suppressed); n > 0 {
		p.line("")
		p.line("  %s", p.paint(ansiDim, plural.Grouped(n, "issue")+" suppressed ("+suppressedBy(t.Suppressed)+"):"))
		for _, sup := range t.Suppressed {
			tool := Escape(sup.Tool)
			if sup.Tool == "" {
				tool = "(a tool without a name)"
			}
			p.line("    %s", p.paint(ansiDim, Escape(sup.Rule)+" on "+tool+", by "+Escape(sup.By)+": "+Escape(sup.Reason)))
		}
	}
}

// block prints text that may span lines (a server's stderr, a plugin's
// stack, a message quoting either) after a heading, one escaped line at a
// time. Continuation lines carry a "| " gutter: the text comes from the
// server, and without it a line in its stderr could pass for a line of the
// report.
func (p *printer) block(head, text string) {
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	p.line("%s%s", head, Escape(lines[0]))
	indent := strings.Repeat(" ", min(len(head), 12))
	for _, l := range lines[1:] {
		p.line("%s%s %s", indent, p.paint(ansiDim, "|"), Escape(strings.TrimRight(l, "\r")))
	}
}

// exercise prints what --exercise found: the pass rates, then a line per
// tool with its scenarios passed, mean latency and first failure.
func (p *printer) exercise(t *result.Target) {
	ex := t.Exercise
	if ex == nil || len(ex.Tools) == 0 {
		return // nothing but a resource read or a prompt got
	}
	p.line("  exercised %s of %s: happy path %s passed%s, edge cases %s answered",
		plural.Grouped(len(ex.Scenarios), "scenario"), plural.Grouped(len(ex.Tools), "tool"), fraction(ex.Happy.Passed, ex.Happy.Total),
		inconclusive(ex.Happy.Inconclusive+ex.Edge.Inconclusive), fraction(ex.Edge.Passed, ex.Edge.Total))
	width := 0
	for _, ts := range ex.Tools {
		width = max(width, len(Escape(ts.Tool)))
	}
	for _, ts := range ex.Tools {
		code := ansiGreen
		if ts.Passed < ts.Total {
			code = ansiRed
		}
		line := fmt.Sprintf("    %-*s  %s  avg %s", width, Escape(ts.Tool), p.paint(code, fmt.Sprintf("%d/%d", ts.Passed, ts.Total)), latency(ts.AvgLatencyMs))
		if problem := firstProblem(ex.Scenarios, ts.Tool); problem != "" {
			line += "  " + p.paint(ansiDim, Escape(snip.Runes(problem, 100)))
		}
		p.line("%s", line)
	}
}

// firstProblem is the first failed scenario of a tool and why, else the
// first inconclusive one and why; "" when every scenario passed.
func firstProblem(scenarios []result.ExerciseCall, tool string) string {
	var inconclusive string
	for _, r := range scenarios {
		switch {
		case r.Tool != tool || r.Passed:
		case r.Inconclusive == "":
			return r.Scenario + ": " + scenarioProblem(r)
		case inconclusive == "":
			inconclusive = r.Scenario + ": inconclusive, " + r.Inconclusive
		}
	}
	return inconclusive
}

func (p *printer) gradeText(t *result.Target) string {
	comps := make([]string, 0, len(t.Components))
	for _, name := range []string{"lint", "conformance", "happy-path", "edge"} {
		if v, ok := t.Components[name]; ok {
			comps = append(comps, name+" "+strconv.FormatFloat(v, 'f', 2, 64))
		}
	}
	code := ansiGreen
	switch t.Grade {
	case "C", "D":
		code = ansiYellow
	case "F", result.Incomplete:
		code = ansiRed
	}
	g := p.paint(code+ansiBold, "grade "+t.Grade) + " (" + strconv.FormatFloat(t.Score, 'f', 2, 64)
	if len(comps) > 1 {
		g += ": " + strings.Join(comps, ", ")
	}
	return g + ")"
}

func (p *printer) issue(is sdk.Issue, records map[string]result.Quote) {
	sev := fmt.Sprintf("%-7s", is.Severity)
	switch is.Severity {
	case sdk.Error:
		sev = p.paint(ansiRed, sev)
	case sdk.Warning:
		sev = p.paint(ansiYellow, sev)
	default:
		sev = p.paint(ansiBlue, sev)
	}
	where := Escape(is.Pointer)
	if l := is.Location; l != nil {
		where = fmt.Sprintf("%s:%d:%d", Escape(l.File), l.Line, l.Column)
	}
	p.line("    %s %s  %s", sev, Escape(is.Rule), p.paint(ansiDim, where))
	p.block("            ", message(&is))
	if q, ok := records[is.Pointer]; ok {
		p.line("            %s %s", p.paint(ansiDim, quoteLabel(q.Dir)+":"), Escape(q.Text))
	}
	if is.Fix != "" {
		p.line("            %s %s", p.paint(ansiDim, "fix:"), Escape(is.Fix))
	}
}

// quoteLabel says whose a quoted transcript record is.
func quoteLabel(dir string) string {
	switch dir {
	case sdk.DirServerToClient:
		return "server sent"
	case sdk.DirClientToServer:
		return "mcplint sent"
	case sdk.DirStderr:
		return "server stderr"
	}
	return "observed"
}

func (p *printer) summary(r *result.Report) {
	s := r.Summary
	suppressed, failed := outcomes(r)
	parts := []string{plural.Grouped(s.Errors, "error"), plural.Grouped(s.Warnings, "warning"), plural.Grouped(s.Infos, "info")}
	text := strings.Join(parts, ", ") + " in " + plural.Grouped(len(r.Targets), "target")
	if suppressed > 0 {
		text += fmt.Sprintf(" (%d suppressed)", suppressed)
	}
	if failed > 0 {
		text += fmt.Sprintf("; %d could not be linted", failed)
	}
	if n := len(r.Skipped); n > 0 {
		text += fmt.Sprintf("; %d skipped", n)
	}
	p.line("")
	code := ansiGreen
	if s.Errors > 0 || failed > 0 {
		code = ansiRed
	} else if s.Warnings > 0 {
		code = ansiYellow
	}
	p.line("%s", p.paint(code, text))
}

func suppressedBy(list []result.Suppressed) string {
	counts := map[string]int{}
	for _, s := range list {
		counts[s.By]++
	}
	var parts []string
	for _, by := range []string{result.ByConfig, result.ByInline, result.ByBaseline} {
		if n := counts[by]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d by %s", n, by))
		}
	}
	return strings.Join(parts, ", ")
}
