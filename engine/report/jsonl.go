package report

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"

	"github.com/mcplint/mcplint/engine/result"
)

// jsonlTail is the last line of a JSON Lines report: what the JSON report
// holds besides its targets.
type jsonlTail struct {
	Version int              `json:"version"`
	Mcplint string           `json:"mcplint"`
	Skipped []result.Skipped `json:"skipped,omitempty"`
	Summary result.Summary   `json:"summary"`
}

// jsonlStream writes the JSON Lines report: each target on one line, as
// the JSON report's element of "targets" without its indentation, as soon
// as it is final; then one line with the version, the skipped servers and
// the summary. A pipeline reads the targets as they come, and a line that
// has "summary" is the last. Characters a terminal would act on are
// escaped as in WriteJSON.
type jsonlStream struct {
	out *bufio.Writer
	buf bytes.Buffer
	enc *json.Encoder
}

// NewJSONLStream returns a Stream that writes the JSON Lines report to w.
func NewJSONLStream(w io.Writer) Stream {
	s := &jsonlStream{out: bufio.NewWriterSize(w, 64<<10)}
	s.enc = json.NewEncoder(&s.buf)
	s.enc.SetEscapeHTML(false)
	return s
}

// WriteJSONL writes the JSON Lines report of r.
func WriteJSONL(w io.Writer, r *result.Report) error {
	return WriteStream(NewJSONLStream(w), r)
}

func (s *jsonlStream) Begin(*result.Report) error { return nil }

func (s *jsonlStream) line(v any) error {
	s.buf.Reset()
	if err := s.enc.Encode(v); err != nil {
		return err
	}
	_, err := s.out.Write(escapeJSON(s.buf.Bytes()))
	return err
}

func (s *jsonlStream) Target(t *result.Target) error {
	return s.line(t)
}

func (s *jsonlStream) End(tail *result.Report) error {
	if err := s.line(jsonlTail{Version: tail.Version, Mcplint: tail.Mcplint, Skipped: tail.Skipped, Summary: tail.Summary}); err != nil {
		return err
	}
	return s.out.Flush()
}
