package report

import (
	"encoding/gob"
	"errors"
	"io"

	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/sdk"
)

// sarifStream writes the SARIF log a target at a time. The log lists the
// rules its results name, and what stopped a target, above the results:
// so each target's results go to a spool as the target comes, with the
// rules they name and its notifications (a few lines) kept, and the log
// is written at the end. The memory held is one target and the rules.
type sarifStream struct {
	w     io.Writer
	head  result.Report
	rules map[string]bool // the names of head.Rules
	named map[string]bool
	// extra are the rules named that head.Rules does not hold, in the
	// order they were first named: the log lists them last.
	extra []string
	// brief are the targets with something to notify, cut to it.
	brief   []*result.Target
	spool   *spool
	enc     *gob.Encoder
	results int
}

// spooled is a target whose results are yet to be written, in gob, which
// keeps every string's bytes as they are (JSON would mend invalid UTF-8,
// and change a fingerprint). Severities are kept as numbers beside the
// issue: SARIF writes a level even for a severity the text form refuses.
type spooled struct {
	T          *result.Target
	Declared   *sdk.Location
	Issues     []spooledIssue
	Suppressed []spooledHidden
}

type spooledIssue struct {
	Issue    sdk.Issue
	Severity int
}

type spooledHidden struct {
	Suppressed result.Suppressed
	Severity   int
}

func toSpool(t *result.Target) spooled {
	c := *t
	c.Issues, c.Suppressed = nil, nil
	sp := spooled{T: &c, Declared: t.Declared, Issues: make([]spooledIssue, len(t.Issues)), Suppressed: make([]spooledHidden, len(t.Suppressed))}
	for i, is := range t.Issues {
		sp.Issues[i] = spooledIssue{is, int(is.Severity)}
		sp.Issues[i].Issue.Severity = sdk.Info
	}
	for i, h := range t.Suppressed {
		sp.Suppressed[i] = spooledHidden{h, int(h.Severity)}
		sp.Suppressed[i].Suppressed.Severity = sdk.Info
	}
	return sp
}

// unspool is the target sp was made of.
func (sp spooled) unspool() *result.Target {
	t := sp.T
	t.Declared = sp.Declared
	t.Issues = make([]sdk.Issue, len(sp.Issues))
	for i, is := range sp.Issues {
		t.Issues[i] = is.Issue
		t.Issues[i].Severity = sdk.Severity(is.Severity)
	}
	t.Suppressed = make([]result.Suppressed, len(sp.Suppressed))
	for i, h := range sp.Suppressed {
		t.Suppressed[i] = h.Suppressed
		t.Suppressed[i].Severity = sdk.Severity(h.Severity)
	}
	return t
}

// NewSARIFStream returns a Stream that writes to w the bytes WriteSARIF
// writes for the same report, with every rule the run knows
// (result.Report.Rules).
func NewSARIFStream(w io.Writer) Stream { return &sarifStream{w: w} }

func (s *sarifStream) Begin(head *result.Report) error {
	s.head = *head
	s.head.Targets = nil
	s.rules, s.named = map[string]bool{}, map[string]bool{}
	for _, m := range head.Rules {
		s.rules[m.Name] = true
	}
	sp, err := newSpool()
	if err != nil {
		return err
	}
	s.spool = sp
	s.enc = gob.NewEncoder(sp.w)
	return nil
}

// name notes that the log names rule.
func (s *sarifStream) name(rule string) {
	if !s.named[rule] {
		s.named[rule] = true
		if !s.rules[rule] {
			s.extra = append(s.extra, rule)
		}
	}
}

func (s *sarifStream) Target(t *result.Target) error {
	// The order WriteSARIF gives rules their index: notifications, then
	// issues, then suppressed issues, target by target.
	for _, re := range t.RuleErrors {
		s.name(re.Rule)
	}
	for _, in := range t.Inconclusive {
		for _, rule := range in.Rules {
			s.name(rule)
		}
	}
	for _, is := range t.Issues {
		s.name(is.Rule)
	}
	for _, is := range t.Suppressed {
		s.name(is.Rule)
	}
	if t.Error != nil || len(t.RuleErrors) > 0 || len(t.Inconclusive) > 0 || len(t.Notes) > 0 {
		s.brief = append(s.brief, &result.Target{Name: t.Name, Input: t.Input, Error: t.Error,
			RuleErrors: t.RuleErrors, Inconclusive: t.Inconclusive, Notes: t.Notes})
	}
	if n := len(t.Issues) + len(t.Suppressed); n > 0 {
		s.results += n
		return s.enc.Encode(toSpool(t))
	}
	return nil
}

func (s *sarifStream) End(*result.Report) error {
	defer s.spool.close()
	index, driver := sarifRules(s.head.RuleURL, s.head.Rules, s.named)
	for _, rule := range s.extra {
		index[rule] = len(driver.Rules)
		driver.Rules = append(driver.Rules, sarifDescriptor{ID: rule})
	}
	driver.Version = s.head.Mcplint
	ruleIndex := func(name string) int { return index[name] }
	inv := sarifInvocation{ExecutionSuccessful: true}
	for _, t := range s.brief {
		addNotifications(&inv, t, ruleIndex)
	}
	in, err := s.spool.reader()
	if err != nil {
		return err
	}
	jw := newJSONWriter(s.w)
	return writeSARIFLog(jw, newSARIFRun(driver, inv), func(d int) error {
		if s.results == 0 {
			jw.out.WriteString("[]")
			return nil
		}
		jw.out.WriteByte('[')
		dec := gob.NewDecoder(in)
		first := true
		var refs []sarifRef
		for {
			var sp spooled
			if err := dec.Decode(&sp); errors.Is(err, io.EOF) {
				break
			} else if err != nil {
				return err
			}
			t := sp.unspool()
			refs = refs[:0]
			for i := range t.Issues {
				refs = append(refs, sarifRef{t: t, is: &t.Issues[i], rule: index[t.Issues[i].Rule]})
			}
			for i := range t.Suppressed {
				sup := &t.Suppressed[i]
				refs = append(refs, sarifRef{t: t, is: &sup.Issue, sup: sup, rule: index[sup.Rule]})
			}
			if err := writeElements(jw, refs, d, appendSARIFRef, first); err != nil {
				return err
			}
			first = false
		}
		jw.out.WriteString("\n" + indent(d) + "]")
		return nil
	})
}
