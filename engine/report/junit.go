package report

import (
	"encoding/xml"
	"fmt"
	"io"
	"strings"

	"github.com/mcplint/mcplint/sdk"
)

type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name       string          `xml:"name,attr"`
	Tests      int             `xml:"tests,attr"`
	Failures   int             `xml:"failures,attr"`
	Errors     int             `xml:"errors,attr"`
	Properties []junitProperty `xml:"properties>property,omitempty"`
	Cases      []junitCase     `xml:"testcase"`
}

type junitProperty struct {
	Name  string `xml:"name,attr"`
	Value string `xml:"value,attr"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	Failure   *junitProblem `xml:"failure,omitempty"`
	Error     *junitProblem `xml:"error,omitempty"`
	SystemOut string        `xml:"system-out,omitempty"`
}

type junitProblem struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",chardata"`
}

// WriteJUnit writes the report as JUnit XML for CI test views (GitLab,
// Jenkins, Azure): one test suite per target and, in it, one test case per
// rule in rules (the rules that ran) plus any other rule that reported.
// A rule's issues make its case fail, one line each; a rule that could not
// run is an error, and so is a target that could not be linted. Suppressed
// issues are listed in the case's output with their reasons.
func WriteJUnit(w io.Writer, r *Report, rules []sdk.Meta) error {
	out := junitSuites{Name: "mcplint"}
	for _, t := range r.Targets {
		s := junitTarget(t, rules)
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

func junitTarget(t *Target, rules []sdk.Meta) junitSuite {
	name := Escape(t.Name)
	s := junitSuite{Name: name, Properties: []junitProperty{
		{"source", t.Source}, {"input", Escape(t.Input)},
	}}
	if t.Error != nil {
		s.Cases = []junitCase{{Name: "lint", Classname: name, Error: &junitProblem{
			Message: "could not lint " + name, Type: "target", Text: Escape(*t.Error),
		}}}
		s.Tests, s.Errors = 1, 1
		return s
	}
	s.Properties = append(s.Properties,
		junitProperty{"grade", t.Grade},
		junitProperty{"score", fmt.Sprintf("%.2f", t.Score)},
		junitProperty{"contextTokens", fmt.Sprint(t.ContextTokens)},
	)

	issues := map[string][]sdk.Issue{}
	suppressed := map[string][]Suppressed{}
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
				lines[i] = issueLine(is)
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
				lines[i] = "suppressed by " + sup.By + " (" + Escape(sup.Reason) + "): " + issueLine(sup.Issue)
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
func issueLine(is sdk.Issue) string {
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
