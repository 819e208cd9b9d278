package trace

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/mcplint/mcplint/sdk"
)

// Writer writes a trace one record at a time, so a recorder can stream a
// long session to disk instead of holding it in memory.
type Writer struct {
	w       *bufio.Writer
	n       int // records written, for error messages
	streams bool
}

// NewWriter writes the header of a one-session trace and returns a Writer
// for the records. With streams, the trace is version 3 and its records
// may name the SSE stream of a server message (a Streamable HTTP
// session's); without, it is version 1, which every mcplint reads.
func NewWriter(w io.Writer, h Header, streams bool) (*Writer, error) {
	bw := bufio.NewWriter(w)
	version := 1
	if streams {
		version = 3
	}
	if err := writeHeader(bw, headerKey, version, h); err != nil {
		return nil, err
	}
	return &Writer{w: bw, streams: streams}, nil
}

// writeHeader writes the line that starts a session: the trace's header
// (key headerKey, n the format version) or a probe's (probeKey, n its
// index).
func writeHeader(w io.Writer, key string, n int, h Header) error {
	cmd, err := marshal(h.Command)
	if err != nil {
		return err
	}
	if h.Command == nil {
		cmd = []byte("[]")
	}
	_, err = fmt.Fprintf(w, `{"%s":%d,"command":%s,"started":"%s"}`+"\n", key, n, cmd, h.Started.Format(time.RFC3339Nano))
	return err
}

// Record writes one record. It refuses a record that could not be read back
// as it is: a non-finite or negative time, an unknown direction, a message
// that is not one line of JSON, fields that do not fit the direction, or a
// stream in a trace whose header said it has none.
func (tw *Writer) Record(r sdk.Record) error {
	tw.n++
	if r.Stream != nil && !tw.streams {
		return fmt.Errorf("trace record %d names an SSE stream, which this trace's version does not hold", tw.n)
	}
	line, err := encodeRecord(r)
	if err != nil {
		return fmt.Errorf("trace record %d: %w", tw.n, err)
	}
	_, err = tw.w.Write(line)
	return err
}

// Flush writes out buffered records.
func (tw *Writer) Flush() error { return tw.w.Flush() }

// Write writes a whole transcript with its probes' sessions, in the oldest
// version that holds it: 1 for one session, 2 with probe sessions, 3 when a
// record names its SSE stream. A probe's own probes cannot be written (a
// live session never has any).
func Write(w io.Writer, t *sdk.Transcript) error {
	version := 1
	if len(t.Probes) > 0 {
		version = 2
	}
	streams := namesStreams(t)
	if streams {
		version = 3
	}
	tw := &Writer{w: bufio.NewWriter(w), streams: streams}
	if err := writeHeader(tw.w, headerKey, version, Header{Command: t.Command, Started: t.Started}); err != nil {
		return err
	}
	if err := tw.records(t.Records); err != nil {
		return err
	}
	for i, p := range t.Probes {
		if p == nil {
			return fmt.Errorf("trace: probe session %d is missing", i)
		}
		if len(p.Probes) > 0 {
			return fmt.Errorf("trace: probe session %d has probe sessions of its own, which a trace cannot hold", i)
		}
		if err := writeHeader(tw.w, probeKey, i, Header{Command: p.Command, Started: p.Started}); err != nil {
			return err
		}
		tw.n = 0
		if err := tw.records(p.Records); err != nil {
			return fmt.Errorf("probe session %d: %w", i, err)
		}
	}
	return tw.Flush()
}

func (tw *Writer) records(rs []sdk.Record) error {
	for _, r := range rs {
		if err := tw.Record(r); err != nil {
			return err
		}
	}
	return nil
}

func encodeRecord(r sdk.Record) ([]byte, error) {
	if math.IsNaN(r.TMs) || math.IsInf(r.TMs, 0) || r.TMs < 0 {
		return nil, fmt.Errorf("t_ms is %v; want a finite number of milliseconds, 0 or more", r.TMs)
	}
	b := []byte(`{"t_ms":`)
	b = strconv.AppendFloat(b, r.TMs, 'f', -1, 64)
	b = append(b, `,"dir":"`...)
	b = append(b, r.Dir...)
	b = append(b, '"')
	switch r.Dir {
	case sdk.DirEvent:
		if r.Event == nil {
			return nil, fmt.Errorf("an event record has no event")
		}
		if r.Msg != nil || r.Raw != "" || r.NoNewline {
			return nil, fmt.Errorf("an event record carries a line")
		}
		ev, err := marshal(r.Event)
		if err != nil {
			return nil, err
		}
		b = append(b, `,"event":`...)
		b = append(b, ev...)
	case sdk.DirClientToServer, sdk.DirServerToClient, sdk.DirStderr:
		if r.Event != nil {
			return nil, fmt.Errorf("a %s record carries an event", r.Dir)
		}
		switch {
		case r.Msg != nil:
			if r.Raw != "" {
				return nil, fmt.Errorf("the record has both msg and raw")
			}
			if !IsMessage(r.Msg) || bytes.IndexByte(r.Msg, '\n') >= 0 {
				return nil, fmt.Errorf("msg is not one line of JSON in UTF-8: %.80q", r.Msg)
			}
			b = append(b, `,"msg":`...)
			b = append(b, r.Msg...)
		case utf8.ValidString(r.Raw):
			s, err := marshal(r.Raw)
			if err != nil {
				return nil, err
			}
			b = append(b, `,"raw":`...)
			b = append(b, s...)
		default:
			b = append(b, `,"raw_b64":"`...)
			b = base64.StdEncoding.AppendEncode(b, []byte(r.Raw))
			b = append(b, '"')
		}
		if r.NoNewline {
			b = append(b, `,"no_newline":true`...)
		}
		if r.Stream != nil {
			if r.Dir != sdk.DirServerToClient {
				return nil, fmt.Errorf("a %s record carries a stream; only the server's messages come on one", r.Dir)
			}
			if err := checkStream(r.Stream); err != nil {
				return nil, err
			}
			st, err := marshal(r.Stream)
			if err != nil {
				return nil, err
			}
			b = append(b, `,"stream":`...)
			b = append(b, st...)
		}
	default:
		return nil, fmt.Errorf("dir is %q; want c2s, s2c, stderr or event", r.Dir)
	}
	return append(b, "}\n"...), nil
}

// marshal is json.Marshal without HTML escaping, so that traces stay
// readable: "<" is a character in a tool description, not markup.
func marshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// namesStreams reports whether a record of t or of its probes' sessions
// names the SSE stream it came on.
func namesStreams(t *sdk.Transcript) bool {
	for _, tr := range append([]*sdk.Transcript{t}, t.Probes...) {
		if tr == nil {
			continue
		}
		for _, r := range tr.Records {
			if r.Stream != nil {
				return true
			}
		}
	}
	return false
}
