package report

import (
	"bufio"
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/sdk"
)

// The writers below are the Markdown, GitHub and JUnit writers as they
// were before they streamed or built their text in one pass: the oracles
// the writers must match byte for byte.

// writeMarkdownWhole builds the whole report, its top issues picked by a
// stable sort of every issue, then writes it.
func writeMarkdownWhole(w io.Writer, r *result.Report) error {
	var whole bytes.Buffer
	b := bufio.NewWriter(&whole)
	mdSummary(b, r)
	mdGrades(b, r)
	mdTopSorted(b, r)
	for _, t := range r.Targets {
		fmt.Fprintf(b, "\n### %s\n", mdText(t.Name))
		if t.Error != nil {
			fmt.Fprintf(b, "\n**Could not be linted** (%s): %s\n", mdText(t.Input), mdText(*t.Error))
			if len(t.Issues) > 0 {
				mdIssues(b, t, r)
			}
			continue
		}
		for _, section := range markdownSections {
			section(b, t, r)
		}
	}
	if err := b.Flush(); err != nil {
		return err
	}
	_, err := w.Write(whole.Bytes())
	return err
}

func mdTopSorted(b *bufio.Writer, r *result.Report) {
	type ranked struct {
		target string
		is     sdk.Issue
	}
	var all []ranked
	for _, t := range r.Targets {
		for _, is := range t.Issues {
			all = append(all, ranked{t.Name, is})
		}
	}
	if len(all) == 0 {
		return
	}
	sort.SliceStable(all, func(i, j int) bool {
		a, b := all[i].is, all[j].is
		if a.Severity != b.Severity {
			return a.Severity > b.Severity
		}
		return categoryRank(a.Category) < categoryRank(b.Category)
	})
	fmt.Fprintf(b, "\n**Top issues to fix**\n\n")
	for i, x := range all[:min(len(all), topIssues)] {
		fmt.Fprintf(b, "%d. %s %s %s / %s: %s", i+1, severityBadge(x.is.Severity), ruleLink(x.is.Rule),
			mdText(x.target), mdText(x.is.Tool), mdText(x.is.Message))
		if x.is.Fix != "" {
			fmt.Fprintf(b, " — *fix:* %s", mdText(x.is.Fix))
		}
		b.WriteString("\n")
	}
}

func writeGitHubWhole(w io.Writer, r *result.Report) error {
	var b strings.Builder
	for _, t := range r.Targets {
		if t.Error != nil {
			commandWhole(&b, "error", [][2]string{{"title", "mcplint: " + Escape(t.Name) + " could not be linted"}},
				Escape(t.Input)+": "+Escape(*t.Error))
		}
		for _, re := range t.RuleErrors {
			commandWhole(&b, "error", [][2]string{{"title", "mcplint: rule " + re.Rule + " could not run"}},
				Escape(t.Name)+": "+Escape(re.Error))
		}
		for _, is := range t.Issues {
			var props [][2]string
			where := ""
			if l := is.Location; l != nil && l.File != "" {
				props = append(props, [2]string{"file", Escape(l.File)})
				if l.Line > 0 {
					props = append(props, [2]string{"line", strconv.Itoa(l.Line)})
					if l.Column > 0 {
						props = append(props, [2]string{"col", strconv.Itoa(l.Column)})
					}
				}
			} else {
				where = " at " + Escape(is.Pointer)
			}
			props = append(props, [2]string{"title", fmt.Sprintf("%s (%s/%s)", is.Rule, Escape(t.Name), Escape(is.Tool))})
			msg := Escape(is.Message) + where
			if is.Fix != "" {
				msg += "\nfix: " + Escape(is.Fix)
			}
			commandWhole(&b, githubLevel(is.Severity), props, msg)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// command writes one workflow command line. Properties are written in the
// order given; the file property is also escaped, as a path may hold a
// comma or a colon.
func commandWhole(b *strings.Builder, name string, props [][2]string, message string) {
	b.WriteString("::" + name)
	for i, p := range props {
		if i == 0 {
			b.WriteByte(' ')
		} else {
			b.WriteByte(',')
		}
		b.WriteString(p[0] + "=" + propertyEscaper.Replace(p[1]))
	}
	b.WriteString("::" + dataEscaper.Replace(message) + "\n")
}

func writeJUnitJoined(w io.Writer, r *result.Report, rules []sdk.Meta) error {
	out := junitSuites{Name: "mcplint"}
	for _, t := range r.Targets {
		s := junitTargetJoined(t, rules)
		out.Tests += s.Tests
		out.Failures += s.Failures
		out.Errors += s.Errors
		out.Suites = append(out.Suites, s)
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(out); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

func junitTargetJoined(t *result.Target, rules []sdk.Meta) junitSuite {
	name := Escape(t.Name)
	s := junitSuite{Name: name, Properties: []junitProperty{
		{"source", t.Source}, {"input", Escape(t.Input)},
	}}
	if t.Error != nil {
		s.Cases = []junitCase{{Name: "lint", Classname: name, Error: &junitProblem{
			Message: "could not lint " + name, Type: "target", Text: Escape(*t.Error),
		}}}
		s.Tests, s.Errors = 1, 1
		if len(t.Issues) == 0 {
			return s
		}
		rules = nil
	} else {
		s.Properties = append(s.Properties,
			junitProperty{"grade", t.Grade},
			junitProperty{"score", fmt.Sprintf("%.2f", t.Score)},
			junitProperty{"contextTokens", fmt.Sprint(t.ContextTokens)},
		)
	}

	issues := map[string][]sdk.Issue{}
	suppressed := map[string][]result.Suppressed{}
	failed := map[string]string{}
	order := make([]string, 0, len(rules))
	seen := map[string]bool{}
	add := func(rule string) {
		if !seen[rule] {
			seen[rule] = true
			order = append(order, rule)
		}
	}
	for _, m := range rules {
		add(m.Name)
	}
	for _, is := range t.Issues {
		issues[is.Rule] = append(issues[is.Rule], is)
		add(is.Rule)
	}
	for _, sup := range t.Suppressed {
		suppressed[sup.Rule] = append(suppressed[sup.Rule], sup)
		add(sup.Rule)
	}
	for _, re := range t.RuleErrors {
		failed[re.Rule] = Escape(re.Error)
		add(re.Rule)
	}

	for _, rule := range order {
		c := junitCase{Name: rule, Classname: name}
		if msg, ok := failed[rule]; ok {
			c.Error = &junitProblem{Message: "rule " + rule + " could not run", Type: "rule", Text: msg}
			s.Errors++
		}
		if list := issues[rule]; len(list) > 0 {
			worst := sdk.Info
			lines := make([]string, len(list))
			for i, is := range list {
				worst = max(worst, is.Severity)
				lines[i] = issueLineJoined(is)
			}
			msg := Escape(list[0].Message)
			if len(list) > 1 {
				msg = fmt.Sprintf("%d issues; first: %s", len(list), msg)
			}
			if worst > sdk.Info {
				c.Failure = &junitProblem{Message: msg, Type: worst.String(), Text: strings.Join(lines, "\n")}
				s.Failures++
			} else {
				// Infos are advice: test views show them without a red
				// mark, as the default --fail-on does not fail on them.
				c.SystemOut = strings.Join(lines, "\n")
			}
		}
		if list := suppressed[rule]; len(list) > 0 {
			lines := make([]string, len(list))
			for i, sup := range list {
				lines[i] = "suppressed by " + sup.By + " (" + Escape(sup.Reason) + "): " + issueLineJoined(sup.Issue)
			}
			if c.SystemOut != "" {
				c.SystemOut += "\n"
			}
			c.SystemOut += strings.Join(lines, "\n")
		}
		s.Cases = append(s.Cases, c)
	}
	s.Tests = len(s.Cases)
	return s
}

// issueLine is one issue on one line: severity, where, owner, message and
// fix, every server-supplied piece escaped.
func issueLineJoined(is sdk.Issue) string {
	where := Escape(is.Pointer)
	if l := is.Location; l != nil {
		where = fmt.Sprintf("%s:%d:%d", Escape(l.File), l.Line, l.Column)
	}
	line := fmt.Sprintf("%s %s %s: %s", is.Severity, where, Escape(is.Tool), Escape(is.Message))
	if is.Fix != "" {
		line += " (fix: " + Escape(is.Fix) + ")"
	}
	return line
}

// rankedReport has issues of every severity and ranked category, and
// some of none, spread over targets in random order: the ties the top
// issues must break in report order.
func rankedReport(targets, issues int, seed uint64) *result.Report {
	rng := rand.New(rand.NewPCG(seed, 2))
	cats := []string{sdk.CategorySecurity, sdk.CategoryConformance, sdk.CategorySchema, sdk.CategoryReference,
		sdk.CategoryNaming, sdk.CategoryQuality, "plugin", ""}
	r := &result.Report{Version: result.Version}
	for i := range targets {
		t := &result.Target{Name: fmt.Sprintf("t%d", i), Grade: "C"}
		for j := range rng.IntN(issues + 1) {
			t.Issues = append(t.Issues, sdk.Issue{Rule: fmt.Sprintf("rule-%d", rng.IntN(20)),
				Category: cats[rng.IntN(len(cats))], Severity: sdk.Severity(rng.IntN(5)),
				Tool: fmt.Sprintf("tool_%d", j), Pointer: sdk.ToolPointer(j), Message: fmt.Sprintf("m%d.%d", i, j),
				Fix: []string{"", "fix it"}[rng.IntN(2)]})
		}
		r.Targets = append(r.Targets, t)
	}
	return r
}

func oracleReports() map[string]*result.Report {
	reports := map[string]*result.Report{
		"sample": sample(), "rich": richSample(), "exercised": exercisedSample(),
		"large": largeTargets(6, 2000, 4), "hostile": hostileReport(), "issues": issuesReport(3000),
		"empty": {Version: result.Version}, "no targets": {Version: result.Version, Targets: []*result.Target{}},
	}
	for seed := range uint64(40) {
		reports[fmt.Sprintf("ranked %d", seed)] = rankedReport(1+int(seed%4), int(seed%12), seed)
	}
	return reports
}

func TestFormatsMatchWholeWriters(t *testing.T) {
	rulesSets := map[string][]sdk.Meta{"none": nil, "sample": sampleMetas(), "hostile": hostileMetas()}
	type writer = func(io.Writer, *result.Report, []sdk.Meta) error
	for _, f := range []struct {
		name      string
		got, want writer
	}{
		{"markdown", func(w io.Writer, r *result.Report, _ []sdk.Meta) error { return WriteMarkdown(w, r) },
			func(w io.Writer, r *result.Report, _ []sdk.Meta) error { return writeMarkdownWhole(w, r) }},
		{"github", func(w io.Writer, r *result.Report, _ []sdk.Meta) error { return WriteGitHub(w, r) },
			func(w io.Writer, r *result.Report, _ []sdk.Meta) error { return writeGitHubWhole(w, r) }},
		{"junit", WriteJUnit, writeJUnitJoined},
	} {
		for name, r := range oracleReports() {
			for rulesName, rules := range rulesSets {
				var got, want bytes.Buffer
				err := f.got(&got, r, rules)
				wantErr := f.want(&want, r, rules)
				if err != nil || wantErr != nil {
					t.Fatalf("%s, %s, %s rules: error %v, old writer's error %v", f.name, name, rulesName, err, wantErr)
				}
				if want.Len() == 0 && name != "empty" && name != "no targets" && f.name != "github" {
					t.Fatalf("%s, %s: the old writer wrote nothing", f.name, name)
				}
				if i := firstDiff(got.Bytes(), want.Bytes()); i >= 0 {
					t.Errorf("%s, %s, %s rules: differs from the old writer at byte %d:\n got %q\nwant %q",
						f.name, name, rulesName, i, clipAt(got.Bytes(), i), clipAt(want.Bytes(), i))
				}
			}
		}
	}
}

// BenchmarkFormats writes the 13,000 issues of issuesReport in each of
// these formats, with the writer and with its old whole-output oracle.
func BenchmarkFormats(b *testing.B) {
	r := issuesReport(13000)
	rules := sampleMetas()
	for _, f := range []struct {
		name  string
		write func(io.Writer) error
	}{
		{"markdown/streamed", func(w io.Writer) error { return WriteMarkdown(w, r) }},
		{"markdown/whole", func(w io.Writer) error { return writeMarkdownWhole(w, r) }},
		{"github/streamed", func(w io.Writer) error { return WriteGitHub(w, r) }},
		{"github/whole", func(w io.Writer) error { return writeGitHubWhole(w, r) }},
		{"junit/builder", func(w io.Writer) error { return WriteJUnit(w, r, rules) }},
		{"junit/joined", func(w io.Writer) error { return writeJUnitJoined(w, r, rules) }},
	} {
		b.Run(f.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := f.write(io.Discard); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
