package report

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/internal/plural"
	"github.com/mcplint/mcplint/internal/snip"
	"github.com/mcplint/mcplint/sdk"
)

// topIssues is how many of the worst issues the report opens with.
const topIssues = 5

// markdownSections are the parts of a target's section, in order, after
// its heading. A new view of a target (such as a per-tool table) is one more
// function here.
var markdownSections = []func(b *bufio.Writer, t *result.Target, r *result.Report){
	mdFacts,
	mdExercise,
	mdRuleErrors,
	mdInconclusive,
	mdNotes,
	mdIssues,
	mdSuppressed,
}

// WriteMarkdown writes the report as GitHub-flavored Markdown for a pull
// request comment or a job summary, a scorecard: a summary line, a table of
// every target's grade, component scores and context tokens, the issues to
// fix first, then one section per target with what --exercise found per
// tool (when tools were called), its issues in a table and its suppressed
// issues folded away.
//
// Server text is first made visible with Escape, then written so that
// Markdown cannot act on it: no table cell ends early, no emphasis, link,
// HTML tag, code span, @mention or #reference comes from a server.
func WriteMarkdown(w io.Writer, r *result.Report) error {
	// Written as it is built: a large server's report runs to megabytes,
	// and building it whole first holds it twice.
	b := bufio.NewWriterSize(w, 64<<10)
	mdSummary(b, r)
	mdGrades(b, r)
	mdTop(b, r)
	for _, t := range r.Targets {
		fmt.Fprintf(b, "\n### %s\n", mdText(t.Name))
		if t.Error != nil {
			fmt.Fprintf(b, "\n**Could not be linted** (%s): %s\n", mdText(t.Input), mdText(*t.Error))
			// What the server did say before it failed is still judged.
			if len(t.Issues) == 0 {
				continue
			}
			mdIssues(b, t, r)
			continue
		}
		for _, section := range markdownSections {
			section(b, t, r)
		}
	}
	return b.Flush()
}

func mdSummary(b *bufio.Writer, r *result.Report) {
	s := r.Summary
	suppressed, failed := outcomes(r)
	mark := "✅"
	if s.Errors > 0 || failed > 0 {
		mark = "❌"
	} else if s.Warnings > 0 {
		mark = "⚠️"
	}
	grade := ""
	if len(r.Targets) == 1 && r.Targets[0].Error == nil {
		t := r.Targets[0]
		grade = fmt.Sprintf(" grade %s (%s),", mdText(t.Grade), strconv.FormatFloat(t.Score, 'f', 2, 64))
	}
	fmt.Fprintf(b, "## %s mcplint:%s %s, %s, %s in %s\n", mark, grade,
		plural.Grouped(s.Errors, "error"), plural.Grouped(s.Warnings, "warning"), plural.Grouped(s.Infos, "info"), plural.Grouped(len(r.Targets), "target"))
	var notes []string
	if suppressed > 0 {
		notes = append(notes, plural.Grouped(suppressed, "issue")+" suppressed")
	}
	if failed > 0 {
		notes = append(notes, plural.Grouped(failed, "target")+" could not be linted")
	}
	if len(notes) > 0 {
		fmt.Fprintf(b, "\n%s.\n", upperFirstASCII(strings.Join(notes, "; ")))
	}
}

// componentNames are the score components in the order they are shown.
var componentNames = []string{"lint", "conformance", "happy-path", "edge"}

func mdGrades(b *bufio.Writer, r *result.Report) {
	var comps []string
	for _, name := range componentNames {
		for _, t := range r.Targets {
			if _, ok := t.Components[name]; ok {
				comps = append(comps, name)
				break
			}
		}
	}
	b.WriteString("\n| Target | Grade | Score |")
	for _, c := range comps {
		b.WriteString(" " + upperFirstASCII(c) + " |")
	}
	clients := false
	for _, t := range r.Targets {
		clients = clients || len(t.Clients) > 0
	}
	b.WriteString(" Tools | Context tokens | Errors | Warnings | Infos |")
	if clients {
		b.WriteString(" Works with |")
	}
	b.WriteString("\n|---|:-:|--:|")
	b.WriteString(strings.Repeat("--:|", len(comps)))
	b.WriteString("--:|--:|--:|--:|--:|")
	if clients {
		b.WriteString("---|")
	}
	b.WriteString("\n")
	for _, t := range r.Targets {
		if t.Error != nil {
			fmt.Fprintf(b, "| %s | — | could not be linted |%s — | — | — | — | — |", mdText(t.Name), strings.Repeat(" — |", len(comps)))
			if clients {
				b.WriteString(" — |")
			}
			b.WriteString("\n")
			continue
		}
		fmt.Fprintf(b, "| %s | **%s** | %s |", mdText(t.Name), mdText(t.Grade), strconv.FormatFloat(t.Score, 'f', 2, 64))
		for _, c := range comps {
			if v, ok := t.Components[c]; ok {
				b.WriteString(" " + strconv.FormatFloat(v, 'f', 2, 64) + " |")
			} else {
				b.WriteString(" — |")
			}
		}
		e, wn, i := countSeverities(t.Issues)
		fmt.Fprintf(b, " %d | %s | %d | %d | %d |", t.Counts.Tools, plural.Thousands(t.ContextTokens), e, wn, i)
		if clients {
			b.WriteString(" " + worksWith(t, mdText) + " |")
		}
		b.WriteString("\n")
	}
}

func countSeverities(issues []sdk.Issue) (errors, warnings, infos int) {
	for _, is := range issues {
		switch is.Severity {
		case sdk.Error:
			errors++
		case sdk.Warning:
			warnings++
		default:
			infos++
		}
	}
	return errors, warnings, infos
}

// mdTop lists the issues of the whole run to fix first, with their fixes:
// most severe first; within a severity, what puts users at risk, then what
// breaks clients, then what misleads the model; then in report order.
func mdTop(b *bufio.Writer, r *result.Report) {
	type ranked struct {
		target string
		is     *sdk.Issue
	}
	// The first topIssues of a stable sort of every issue, kept in one
	// pass: a later issue goes after each kept one it does not outrank.
	var top []ranked
	for _, t := range r.Targets {
		for i := range t.Issues {
			x := ranked{t.Name, &t.Issues[i]}
			at := len(top)
			for at > 0 && outranks(x.is, top[at-1].is) {
				at--
			}
			if at < topIssues {
				top = slices.Insert(top, at, x)
				top = top[:min(len(top), topIssues)]
			}
		}
	}
	if len(top) == 0 {
		return
	}
	fmt.Fprintf(b, "\n**Top issues to fix**\n\n")
	for i, x := range top {
		fmt.Fprintf(b, "%d. %s %s %s / %s: %s", i+1, severityBadge(x.is.Severity), ruleLink(r, x.is.Rule),
			mdText(x.target), mdText(x.is.Tool), mdText(message(x.is)))
		if x.is.Fix != "" {
			fmt.Fprintf(b, " — *fix:* %s", mdText(x.is.Fix))
		}
		b.WriteString("\n")
	}
}

// outranks reports whether a is to be fixed before b: it is more severe,
// or as severe and of a category ranked first.
func outranks(a, b *sdk.Issue) bool {
	if a.Severity != b.Severity {
		return a.Severity > b.Severity
	}
	return categoryRank(a.Category) < categoryRank(b.Category)
}

// categoryRank orders issues of one severity: what puts users at risk,
// then what breaks clients, then what misleads the model.
func categoryRank(c string) int {
	for i, name := range []string{sdk.CategorySecurity, sdk.CategoryConformance, sdk.CategorySchema, sdk.CategoryReference, sdk.CategoryNaming, sdk.CategoryQuality} {
		if c == name {
			return i
		}
	}
	return 99
}

func mdFacts(b *bufio.Writer, t *result.Target, _ *result.Report) {
	list := append([]string{fmt.Sprintf("Grade **%s** (%s)", mdText(t.Grade), strconv.FormatFloat(t.Score, 'f', 2, 64))}, facts(t, mdText)...)
	list = append(list, t.Source+" "+mdText(t.Input))
	fmt.Fprintf(b, "\n%s\n", strings.Join(list, " · "))
}

func mdRuleErrors(b *bufio.Writer, t *result.Target, r *result.Report) {
	if len(t.RuleErrors) == 0 {
		return
	}
	b.WriteString("\n")
	for _, re := range t.RuleErrors {
		fmt.Fprintf(b, "- ❗ rule %s could not run: %s\n", ruleLink(r, re.Rule), mdText(re.Error))
	}
}

func mdInconclusive(b *bufio.Writer, t *result.Target, rep *result.Report) {
	if len(t.Inconclusive) == 0 {
		return
	}
	b.WriteString("\n")
	for _, in := range t.Inconclusive {
		links := make([]string, len(in.Rules))
		for i, r := range in.Rules {
			links[i] = ruleLink(rep, r)
		}
		fmt.Fprintf(b, "- ❔ inconclusive: probe %s could not judge %s: %s\n", mdText(in.Probe), strings.Join(links, ", "), mdText(in.Reason))
	}
}

func mdNotes(b *bufio.Writer, t *result.Target, _ *result.Report) {
	if len(t.Notes) == 0 {
		return
	}
	b.WriteString("\n")
	for _, n := range t.Notes {
		fmt.Fprintf(b, "- ℹ️ note: %s\n", mdText(n))
	}
}

// mdIssues writes a target's issues as a table, folded away when the
// digest at the top already lists every issue of the run.
func mdIssues(b *bufio.Writer, t *result.Target, r *result.Report) {
	if len(t.Issues) == 0 {
		b.WriteString("\nNo issues.\n")
		return
	}
	total := 0
	for _, x := range r.Targets {
		total += len(x.Issues)
	}
	if total <= topIssues {
		fmt.Fprintf(b, "\n<details><summary>%s in detail</summary>\n", plural.Grouped(len(t.Issues), "issue"))
		defer b.WriteString("\n</details>\n")
	}
	b.WriteString("\n| Severity | Rule | Tool | Where | Message | Fix |\n|---|---|---|---|---|---|\n")
	for _, is := range t.Issues {
		fmt.Fprintf(b, "| %s | %s | %s | %s | %s | %s |\n", severityBadge(is.Severity), ruleLink(r, is.Rule),
			mdText(is.Tool), mdWhere(is), mdText(message(&is)), mdText(is.Fix))
	}
}

func mdSuppressed(b *bufio.Writer, t *result.Target, r *result.Report) {
	if len(t.Suppressed) == 0 {
		return
	}
	fmt.Fprintf(b, "\n<details><summary>%s suppressed</summary>\n\n", plural.Grouped(len(t.Suppressed), "issue"))
	b.WriteString("| Rule | Tool | Where | By | Reason |\n|---|---|---|---|---|\n")
	for _, s := range t.Suppressed {
		fmt.Fprintf(b, "| %s | %s | %s | %s | %s |\n", ruleLink(r, s.Rule), mdText(s.Tool), mdWhere(s.Issue), s.By, mdText(s.Reason))
	}
	b.WriteString("\n</details>\n")
}

func mdWhere(is sdk.Issue) string {
	if l := is.Location; l != nil {
		return mdText(fmt.Sprintf("%s:%d:%d", l.File, l.Line, l.Column))
	}
	return mdText(is.Pointer)
}

func severityBadge(s sdk.Severity) string {
	switch s {
	case sdk.Error:
		return "🔴 error"
	case sdk.Warning:
		return "🟡 warning"
	default:
		return "🔵 info"
	}
}

// ruleLink links a built-in rule to its documentation, when the report
// says where that is ([output] help-uri); plugin rules ("plugin/rule")
// have none there.
func ruleLink(r *result.Report, rule string) string {
	u := r.RuleURL(rule)
	if u == "" || !isRuleName(rule) {
		return mdText(rule)
	}
	return "[" + rule + "](" + u + ")"
}

func isRuleName(s string) bool {
	for _, c := range s {
		if (c < 'a' || c > 'z') && (c < '0' || c > '9') && c != '-' {
			return false
		}
	}
	return s != ""
}

// mdMeta are replaced, in one pass, by text Markdown shows as written.
// Backslash escapes cover inline syntax and the cell separator; &, < and >
// become entities so no HTML is formed; "@" and "#" are split from what
// follows by an empty comment so GitHub links no user, team or issue.
var mdMeta = strings.NewReplacer(
	`\`, `\\`, "`", "\\`", "*", `\*`, "_", `\_`, "~", `\~`, "[", `\[`, "]", `\]`,
	"|", `\|`, "&", "&amp;", "<", "&lt;", ">", "&gt;",
	"@", "@<!-- -->", "#", "#<!-- -->",
)

// MarkdownText makes server text safe inside a Markdown paragraph or table
// cell, for other Markdown writers (mcplint diff's).
func MarkdownText(s string) string { return mdText(s) }

// mdText makes server text safe inside a Markdown paragraph or table cell.
func mdText(s string) string {
	return mdMeta.Replace(Escape(s))
}

func upperFirstASCII(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}

// mdExercise shows what --exercise found: one row per tool with its
// happy-path and edge scenarios passed, its mean latency and its first
// failure, then every scenario folded away.
func mdExercise(b *bufio.Writer, t *result.Target, _ *result.Report) {
	ex := t.Exercise
	if ex == nil {
		return
	}
	fmt.Fprintf(b, "\n**Exercised** %s of %s: happy path %s passed%s, edge cases %s answered.\n",
		plural.Grouped(len(ex.Scenarios), "scenario"), plural.Grouped(len(ex.Tools), "tool"), fraction(ex.Happy.Passed, ex.Happy.Total),
		inconclusive(ex.Happy.Inconclusive+ex.Edge.Inconclusive), fraction(ex.Edge.Passed, ex.Edge.Total))
	b.WriteString("\n| Tool | Passed | Happy path | Edge | Avg latency | First failure |\n|---|:-:|--:|--:|--:|---|\n")
	for _, ts := range ex.Tools {
		var happy, edge [2]int
		failure := ""
		for _, r := range ex.Scenarios {
			if r.Tool != ts.Tool {
				continue
			}
			if r.Inconclusive != "" {
				continue
			}
			tally := &happy
			if r.Kind == result.Edge {
				tally = &edge
			}
			tally[1]++
			if r.Passed {
				tally[0]++
			} else if failure == "" {
				failure = r.Scenario + ": " + scenarioProblem(r)
			}
		}
		mark := "✅"
		if ts.Passed < ts.Total {
			mark = "❌"
		}
		fmt.Fprintf(b, "| %s | %s %d/%d | %s | %s | %s | %s |\n", mdText(ts.Tool), mark, ts.Passed, ts.Total,
			fraction(happy[0], happy[1]), fraction(edge[0], edge[1]), latency(ts.AvgLatencyMs), mdText(snip.Runes(failure, 160)))
	}
	fmt.Fprintf(b, "\n<details><summary>%s</summary>\n\n", plural.Grouped(len(ex.Scenarios), "scenario"))
	b.WriteString("| Tool | Scenario | Result | Latency | Arguments | What the model reads |\n|---|---|---|--:|---|---|\n")
	for _, r := range ex.Scenarios {
		outcome := "✅ " + r.Outcome
		switch {
		case r.Inconclusive != "":
			outcome = "➖ " + r.Outcome + " (inconclusive: " + r.Inconclusive + ")"
		case !r.Passed:
			outcome = "❌ " + r.Outcome
		}
		name := r.Scenario
		if r.BestEffort {
			name += " (best effort)"
		}
		read := r.Excerpt
		if r.Outcome != result.OutcomeOK && r.Outcome != result.OutcomeToolError {
			read = r.Error
		}
		fmt.Fprintf(b, "| %s | %s | %s | %s | %s | %s |\n", mdText(r.Tool), mdText(name), outcome,
			latency(r.LatencyMs), mdText(snip.Runes(string(r.Arguments), 80)), mdText(snip.Runes(read, 120)))
	}
	b.WriteString("\n</details>\n")
}

// scenarioProblem says in a few words why a scenario failed.
func scenarioProblem(r result.ExerciseCall) string {
	if r.Outcome == result.OutcomeToolError && r.Excerpt != "" {
		return "isError: " + r.Excerpt
	}
	if r.HiddenError {
		return "an error without isError: " + r.Excerpt
	}
	if r.Error != "" {
		return r.Error
	}
	return r.Outcome
}

// inconclusive is ", N inconclusive" when there are any.
func inconclusive(n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(", %d inconclusive", n)
}

// fraction is "3/4", or "—" when there was nothing to count.
func fraction(n, of int) string {
	if of == 0 {
		return "—"
	}
	return strconv.Itoa(n) + "/" + strconv.Itoa(of)
}

// latency is a duration in milliseconds for a table: "12 ms", "1.2 s", or
// "—" when nothing was answered.
func latency(ms float64) string {
	switch {
	case ms <= 0:
		return "—"
	case ms < 0.1:
		return "<0.1 ms"
	case ms < 10:
		return strconv.FormatFloat(ms, 'f', 1, 64) + " ms"
	case ms < 1000:
		return strconv.FormatFloat(ms, 'f', 0, 64) + " ms"
	}
	return strconv.FormatFloat(ms/1000, 'f', 1, 64) + " s"
}
