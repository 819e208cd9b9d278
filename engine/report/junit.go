package report

import (
	"encoding/xml"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/sdk"
)

type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Skipped  int          `xml:"skipped,attr,omitempty"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name       string          `xml:"name,attr"`
	Tests      int             `xml:"tests,attr"`
	Failures   int             `xml:"failures,attr"`
	Errors     int             `xml:"errors,attr"`
	Skipped    int             `xml:"skipped,attr,omitempty"`
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
	Skipped   *junitSkipped `xml:"skipped,omitempty"`
	SystemOut string        `xml:"system-out,omitempty"`
}

// junitSkipped is a rule that neither passed nor failed: it does not apply
// to the target, or an inconclusive probe left it unjudged.
type junitSkipped struct {
	Message string `xml:"message,attr"`
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
func WriteJUnit(w io.Writer, r *result.Report, rules []sdk.Meta) error {
	s := &junitStream{w: w, rules: rules}
	return WriteStream(s, r)
}

// junitStream writes the JUnit report a target at a time. The totals are
// attributes of the first element, so each target's suite is written to a
// spool as it comes, and the whole document at the end: the memory held
// is one suite and the totals. rules are the rules that ran; nil takes
// them from the header (result.Report.Enabled).
type junitStream struct {
	w      io.Writer
	rules  []sdk.Meta
	totals junitSuites
	spool  *spool
	enc    *xml.Encoder
	n      int
}

// NewJUnitStream returns a Stream that writes to w the bytes WriteJUnit
// writes for the same report, with the rules that ran.
func NewJUnitStream(w io.Writer) Stream { return &junitStream{w: w} }

func (s *junitStream) Begin(head *result.Report) error {
	if s.rules == nil {
		s.rules = head.Enabled
	}
	s.totals = junitSuites{Name: "mcplint"}
	sp, err := newSpool()
	if err != nil {
		return err
	}
	s.spool = sp
	// A suite alone, indented as it is inside the document: each line
	// starts with the indentation of the document's second level.
	s.enc = xml.NewEncoder(sp.w)
	s.enc.Indent(junitIndent, junitIndent)
	return nil
}

const junitIndent = "  "

func (s *junitStream) Target(t *result.Target) error {
	suite := junitTarget(t, s.rules)
	s.n++
	s.totals.Tests += suite.Tests
	s.totals.Failures += suite.Failures
	s.totals.Errors += suite.Errors
	s.totals.Skipped += suite.Skipped
	// The encoder starts each suite after the first on a new line itself.
	if s.n == 1 {
		if err := s.spool.w.WriteByte('\n'); err != nil {
			return err
		}
	}
	if err := s.enc.EncodeElement(suite, xml.StartElement{Name: xml.Name{Local: "testsuite"}}); err != nil {
		return err
	}
	return s.enc.Flush()
}

func (s *junitStream) End(*result.Report) error {
	defer s.spool.close()
	// The document's first element with the totals and no suite is
	// <testsuites ...></testsuites>: the suites go between the two tags.
	var head strings.Builder
	enc := xml.NewEncoder(&head)
	enc.Indent("", junitIndent)
	if err := enc.Encode(s.totals); err != nil {
		return err
	}
	start, end, _ := strings.Cut(head.String(), "></testsuites>")
	if _, err := io.WriteString(s.w, xml.Header+start+">"); err != nil {
		return err
	}
	suites, err := s.spool.reader()
	if err != nil {
		return err
	}
	if _, err := io.Copy(s.w, suites); err != nil {
		return err
	}
	closing := "</testsuites>"
	if s.n > 0 {
		closing = "\n" + closing
	}
	_, err = io.WriteString(s.w, closing+end+"\n")
	return err
}

func junitTarget(t *result.Target, rules []sdk.Meta) junitSuite {
	name := Escape(t.Name)
	s := junitSuite{Name: name, Properties: []junitProperty{
		{"source", t.Source}, {"input", Escape(t.Input)},
	}}
	for _, n := range t.Notes {
		s.Properties = append(s.Properties, junitProperty{"note", Escape(n)})
	}
	if t.Error != nil {
		s.Cases = []junitCase{{Name: "lint", Classname: name, Error: &junitProblem{
			Message: "could not lint " + name, Type: "target", Text: Escape(*t.Error),
		}}}
		s.Tests, s.Errors = 1, 1
		// What the server did say before it failed is still judged.
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
	// Pointers, not copies: a large server has thousands of issues.
	issues := map[string][]*sdk.Issue{}
	suppressed := map[string][]*result.Suppressed{}
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
	for i := range t.Issues {
		is := &t.Issues[i]
		issues[is.Rule] = append(issues[is.Rule], is)
		add(is.Rule)
	}
	for i := range t.Suppressed {
		sup := &t.Suppressed[i]
		suppressed[sup.Rule] = append(suppressed[sup.Rule], sup)
		add(sup.Rule)
	}
	for _, re := range t.RuleErrors {
		failed[re.Rule] = Escape(re.Error)
		add(re.Rule)
	}
	unjudged := map[string]string{}
	for _, in := range t.Inconclusive {
		for _, rule := range in.Rules {
			unjudged[rule] = "inconclusive: probe " + in.Probe + " got no answer: " + Escape(in.Reason)
			add(rule)
		}
	}

	notApplicable := map[string]bool{}
	for _, rule := range t.NotApplicable {
		notApplicable[rule] = true
	}
	for _, rule := range order {
		c := junitCase{Name: Escape(rule), Classname: name}
		if notApplicable[rule] && len(issues[rule]) == 0 && failed[rule] == "" {
			c.Skipped = &junitSkipped{Message: notApplicableWhy(t)}
			s.Skipped++
			s.Cases = append(s.Cases, c)
			continue
		}
		if msg, ok := failed[rule]; ok {
			c.Error = &junitProblem{Message: "rule " + Escape(rule) + " could not run", Type: "rule", Text: msg}
			s.Errors++
		}
		if msg, ok := unjudged[rule]; ok && len(issues[rule]) == 0 {
			c.Skipped = &junitSkipped{Message: msg}
			s.Skipped++
		}
		if list := issues[rule]; len(list) > 0 {
			worst := sdk.Info
			var lines strings.Builder
			// Sized up front: a rule can report thousands of issues, and
			// growing one builder to hold them copies it again and again.
			size := 0
			for _, is := range list {
				size += issueLineSize(is)
			}
			lines.Grow(size)
			for i, is := range list {
				worst = max(worst, is.Severity)
				if i > 0 {
					lines.WriteByte('\n')
				}
				writeIssueLine(&lines, is)
			}
			msg := Escape(message(list[0]))
			if len(list) > 1 {
				msg = fmt.Sprintf("%d issues; first: %s", len(list), msg)
			}
			if worst > sdk.Info {
				c.Failure = &junitProblem{Message: msg, Type: worst.String(), Text: lines.String()}
				s.Failures++
			} else {
				// Infos are advice: test views show them without a red
				// mark, as the default --fail-on does not fail on them.
				c.SystemOut = lines.String()
			}
		}
		if list := suppressed[rule]; len(list) > 0 {
			var out strings.Builder
			size := len(c.SystemOut)
			for _, sup := range list {
				size += len("suppressed by  (): ") + len(sup.By) + len(sup.Reason) + issueLineSize(&sup.Issue)
			}
			out.Grow(size)
			out.WriteString(c.SystemOut)
			for i, sup := range list {
				if i > 0 || c.SystemOut != "" {
					out.WriteByte('\n')
				}
				out.WriteString("suppressed by " + sup.By + " (" + Escape(sup.Reason) + "): ")
				writeIssueLine(&out, &sup.Issue)
			}
			c.SystemOut = out.String()
		}
		s.Cases = append(s.Cases, c)
	}
	s.Tests = len(s.Cases)
	return s
}

// issueLineSize is about how long writeIssueLine makes the line of is: as
// long exactly when no text needs escaping.
func issueLineSize(is *sdk.Issue) int {
	n := len("warning  : \n") + len(is.Tool) + len(message(is))
	if l := is.Location; l != nil {
		n += len(l.File) + 2 + 2*20
	} else {
		n += len(is.Pointer)
	}
	if is.Fix != "" {
		n += len(" (fix: )") + len(is.Fix)
	}
	return n
}

// writeIssueLine writes one issue on one line: severity, where, owner,
// message and fix, every server-supplied piece escaped.
func writeIssueLine(b *strings.Builder, is *sdk.Issue) {
	b.WriteString(is.Severity.String())
	b.WriteByte(' ')
	if l := is.Location; l != nil {
		b.WriteString(Escape(l.File))
		b.WriteByte(':')
		b.WriteString(strconv.Itoa(l.Line))
		b.WriteByte(':')
		b.WriteString(strconv.Itoa(l.Column))
	} else {
		b.WriteString(Escape(is.Pointer))
	}
	b.WriteByte(' ')
	b.WriteString(Escape(is.Tool))
	b.WriteString(": ")
	b.WriteString(Escape(message(is)))
	if is.Fix != "" {
		b.WriteString(" (fix: ")
		b.WriteString(Escape(is.Fix))
		b.WriteByte(')')
	}
}

// notApplicableWhy says why a rule did not apply to t.
func notApplicableWhy(t *result.Target) string {
	if t.Source == sdk.SourceStatic {
		return "a static file has no session: conformance rules read a live session or a trace"
	}
	return "the rule is for another protocol era or version than this " + strings.TrimSpace(t.Era+" "+t.ProtocolVersion) + " server's"
}
