package report

import (
	"bytes"
	"fmt"
	"io"

	"github.com/mcplint/mcplint/engine/result"
)

// Stream receives a report as it is made, so that a run over thousands of
// servers writes each one's report as soon as it is final and holds none
// of them after: Begin with the report's header (Version, Mcplint,
// Skipped, Rules, Enabled, HelpURI; no targets, a zero summary), Target
// once for each target in order, End with the summary.
type Stream interface {
	Begin(head *result.Report) error
	Target(t *result.Target) error
	End(tail *result.Report) error
}

// WriteStream gives the whole report r to s, as a run that streams would.
func WriteStream(s Stream, r *result.Report) error {
	head := *r
	head.Targets, head.Summary = nil, result.Summary{}
	if err := s.Begin(&head); err != nil {
		return err
	}
	for _, t := range r.Targets {
		if err := s.Target(t); err != nil {
			return err
		}
	}
	return s.End(r)
}

// Tee is a Stream that gives everything to each of its streams in turn.
type Tee []Stream

// Begin implements Stream.
func (t Tee) Begin(head *result.Report) error {
	for _, s := range t {
		if err := s.Begin(head); err != nil {
			return err
		}
	}
	return nil
}

// Target implements Stream.
func (t Tee) Target(tg *result.Target) error {
	for _, s := range t {
		if err := s.Target(tg); err != nil {
			return err
		}
	}
	return nil
}

// End implements Stream.
func (t Tee) End(tail *result.Report) error {
	for _, s := range t {
		if err := s.End(tail); err != nil {
			return err
		}
	}
	return nil
}

// jsonStream writes the version-1 JSON report (WriteJSON) a target at a
// time: the members before "targets" at Begin, each target as it comes,
// the members after it (the summary) at End.
type jsonStream struct {
	jw *jsonWriter
	n  int
	// null writes the targets as null, as for a report whose list is nil
	// (a streamed run's list is never nil: it may be empty).
	null bool
}

// NewJSONStream returns a Stream that writes to w the bytes WriteJSON
// writes for the same report.
func NewJSONStream(w io.Writer) Stream { return newJSONStream(w, false) }

func newJSONStream(w io.Writer, encodeAll bool) *jsonStream {
	jw := newJSONWriter(w)
	jw.encodeAll = encodeAll
	return &jsonStream{jw: jw}
}

// reportHalves are the report's JSON before and after the value of
// "targets", at depth 0.
func (s *jsonStream) reportHalves(r *result.Report) (before, after []byte, err error) {
	skeleton := *r
	skeleton.Targets = nil
	b, err := s.jw.encode(&skeleton, 0)
	if err != nil {
		return nil, nil, err
	}
	mark := []byte("\n" + indent(1) + `"targets": null`)
	i := bytes.Index(b, mark)
	if i < 0 {
		return nil, nil, fmt.Errorf("writing the JSON report: member %q is missing from its object", "targets")
	}
	at := i + len(mark) - len("null")
	return bytes.Clone(b[:at]), bytes.Clone(b[at+len("null"):]), nil
}

func (s *jsonStream) Begin(head *result.Report) error {
	before, _, err := s.reportHalves(head)
	if err != nil {
		return err
	}
	s.jw.write(before)
	return nil
}

func (s *jsonStream) Target(t *result.Target) error {
	if s.n == 0 {
		s.jw.out.WriteByte('[')
	} else {
		s.jw.out.WriteByte(',')
	}
	s.n++
	s.jw.out.WriteString("\n" + indent(2))
	return s.jw.target(t, 2)
}

func (s *jsonStream) End(tail *result.Report) error {
	switch {
	case s.n == 0 && s.null:
		s.jw.out.WriteString("null")
	case s.n == 0:
		s.jw.out.WriteString("[]")
	default:
		s.jw.out.WriteString("\n" + indent(1) + "]")
	}
	_, after, err := s.reportHalves(tail)
	if err != nil {
		return err
	}
	s.jw.write(after)
	s.jw.out.WriteByte('\n')
	return s.jw.out.Flush()
}
