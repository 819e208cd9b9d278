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
	w *bufio.Writer
	n int // records written, for error messages
}

// NewWriter writes the header and returns a Writer for the records.
func NewWriter(w io.Writer, h Header) (*Writer, error) {
	cmd, err := marshal(h.Command)
	if err != nil {
		return nil, err
	}
	if h.Command == nil {
		cmd = []byte("[]")
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, `{"%s":%d,"command":%s,"started":"%s"}`+"\n", headerKey, Version, cmd, h.Started.Format(time.RFC3339Nano))
	return &Writer{w: bw}, nil
}

// Record writes one record. It refuses a record that could not be read back
// as it is: a non-finite or negative time, an unknown direction, a message
// that is not one line of JSON, or fields that do not fit the direction.
func (tw *Writer) Record(r sdk.Record) error {
	tw.n++
	line, err := encodeRecord(r)
	if err != nil {
		return fmt.Errorf("trace record %d: %w", tw.n, err)
	}
	_, err = tw.w.Write(line)
	return err
}

// Flush writes out buffered records.
func (tw *Writer) Flush() error { return tw.w.Flush() }

// Write writes a whole transcript.
func Write(w io.Writer, t *sdk.Transcript) error {
	tw, err := NewWriter(w, Header{Command: t.Command, Started: t.Started})
	if err != nil {
		return err
	}
	for _, r := range t.Records {
		if err := tw.Record(r); err != nil {
			return err
		}
	}
	return tw.Flush()
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
