package trace

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/mcplint/mcplint/sdk"
)

// ReadFile reads the trace at path; its errors start with "path:line:".
func ReadFile(path string) (*sdk.Transcript, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	t, err := Read(f)
	if pe, ok := errors.AsType[*ParseError](err); ok {
		pe.File = path
	}
	return t, err
}

// Read reads a trace. A malformed line is a *ParseError naming the line;
// blank lines are skipped.
func Read(r io.Reader) (*sdk.Transcript, error) {
	br := bufio.NewReader(r)
	var t *sdk.Transcript
	for n := 1; ; n++ {
		line, err := br.ReadBytes('\n')
		if err != nil && err != io.EOF {
			return nil, err
		}
		if len(bytes.TrimSpace(line)) > 0 {
			if perr := parseLine(&t, n, line); perr != nil {
				return nil, &ParseError{Line: n, Err: perr}
			}
		}
		if err == io.EOF {
			break
		}
	}
	if t == nil {
		return nil, &ParseError{Line: 1, Err: fmt.Errorf("%w: the file is empty", ErrNotTrace)}
	}
	return t, nil
}

func parseLine(t **sdk.Transcript, n int, line []byte) error {
	if !utf8.Valid(line) {
		return errors.New("the line is not valid UTF-8 (a trace stores such stream lines as raw_b64)")
	}
	if *t == nil {
		if n == 1 {
			line = bytes.TrimPrefix(line, []byte("\xef\xbb\xbf"))
		}
		h, err := parseHeader(line)
		if err != nil {
			return err
		}
		*t = &sdk.Transcript{Command: h.Command, Started: h.Started, Records: []sdk.Record{}}
		return nil
	}
	r, err := parseRecord(line)
	if err != nil {
		return err
	}
	(*t).Records = append((*t).Records, r)
	return nil
}

func parseHeader(line []byte) (Header, error) {
	var h struct {
		Version json.RawMessage `json:"mcplint_trace"`
		Command []string        `json:"command"`
		Started *string         `json:"started"`
	}
	notTrace := fmt.Errorf(`%w: the first line must be a header like {"mcplint_trace":%d,"command":[...],"started":"..."}; record one with mcplint record -o FILE -- COMMAND`, ErrNotTrace, Version)
	if err := json.Unmarshal(line, &h); err != nil || h.Version == nil {
		return Header{}, notTrace
	}
	if v := string(h.Version); v != "1" {
		var num float64
		if json.Unmarshal(h.Version, &num) == nil && num > Version && num == math.Trunc(num) {
			return Header{}, fmt.Errorf("trace format version %s is newer than this mcplint reads (it knows version %d); upgrade mcplint", v, Version)
		}
		return Header{}, fmt.Errorf("mcplint_trace is %s; this mcplint reads trace format version %d", v, Version)
	}
	if h.Started == nil {
		return Header{}, errors.New(`the header has no "started" time; want an RFC 3339 time such as "2026-01-02T15:04:05.123Z"`)
	}
	started, err := time.Parse(time.RFC3339Nano, *h.Started)
	if err != nil {
		return Header{}, fmt.Errorf(`"started" is %q; want an RFC 3339 time such as "2026-01-02T15:04:05.123Z"`, *h.Started)
	}
	if len(h.Command) == 0 {
		h.Command = nil
	}
	return Header{Command: h.Command, Started: started}, nil
}

// wireRecord is a record line as decoded; pointers tell absent from empty.
type wireRecord struct {
	TMs       *float64        `json:"t_ms"`
	Dir       *string         `json:"dir"`
	Msg       json.RawMessage `json:"msg"`
	Raw       *string         `json:"raw"`
	RawB64    *string         `json:"raw_b64"`
	Event     *sdk.Event      `json:"event"`
	NoNewline bool            `json:"no_newline"`
}

func parseRecord(line []byte) (sdk.Record, error) {
	var w wireRecord
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&w); err != nil {
		return sdk.Record{}, recordSyntax(err)
	}
	if dec.More() {
		return sdk.Record{}, errors.New("the line holds more than one JSON value")
	}
	if w.TMs == nil {
		return sdk.Record{}, errors.New(`the record has no "t_ms"`)
	}
	if *w.TMs < 0 {
		return sdk.Record{}, fmt.Errorf(`"t_ms" is %v; want 0 or more milliseconds since "started"`, *w.TMs)
	}
	if w.Dir == nil {
		return sdk.Record{}, errors.New(`the record has no "dir"; want "c2s", "s2c", "stderr" or "event"`)
	}
	r := sdk.Record{TMs: *w.TMs, Dir: *w.Dir, NoNewline: w.NoNewline}
	switch r.Dir {
	case sdk.DirEvent:
		if w.Event == nil {
			return r, errors.New(`an event record has no "event"`)
		}
		if w.Msg != nil || w.Raw != nil || w.RawB64 != nil || w.NoNewline {
			return r, errors.New(`an event record carries "msg", "raw", "raw_b64" or "no_newline"`)
		}
		if w.Event.Kind == "" {
			return r, errors.New(`the event has no "kind"`)
		}
		if w.Event.ID != nil {
			var buf bytes.Buffer
			if err := json.Compact(&buf, w.Event.ID); err != nil {
				return r, err
			}
			w.Event.ID = buf.Bytes()
		}
		r.Event = w.Event
	case sdk.DirClientToServer, sdk.DirServerToClient, sdk.DirStderr:
		if w.Event != nil {
			return r, fmt.Errorf(`a %s record carries an "event"`, r.Dir)
		}
		set := 0
		for _, present := range []bool{w.Msg != nil, w.Raw != nil, w.RawB64 != nil} {
			if present {
				set++
			}
		}
		if set != 1 {
			return r, fmt.Errorf(`a %s record needs exactly one of "msg", "raw" and "raw_b64"; it has %d`, r.Dir, set)
		}
		switch {
		case w.Msg != nil:
			if r.Dir == sdk.DirStderr {
				return r, errors.New(`a stderr record is text: use "raw", not "msg"`)
			}
			r.Msg = w.Msg
		case w.Raw != nil:
			r.Raw = *w.Raw
		default:
			raw, err := base64.StdEncoding.DecodeString(*w.RawB64)
			if err != nil {
				return r, fmt.Errorf(`"raw_b64" is not standard base64: %v`, err)
			}
			r.Raw = string(raw)
		}
	default:
		return r, fmt.Errorf(`"dir" is %q; want "c2s", "s2c", "stderr" or "event"`, r.Dir)
	}
	return r, nil
}

// recordSyntax words a decoding error for a person reading the trace.
func recordSyntax(err error) error {
	msg := strings.TrimPrefix(err.Error(), "json: ")
	if errors.Is(err, io.ErrUnexpectedEOF) {
		return errors.New("the line is not JSON: it ends in the middle of a value")
	}
	if _, ok := errors.AsType[*json.SyntaxError](err); ok {
		return fmt.Errorf("the line is not JSON: %s", msg)
	}
	return fmt.Errorf("the record is malformed: %s", msg)
}
