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
	"strings"
	"time"
	"unicode/utf8"

	"github.com/mcplint/mcplint/internal/inputfile"
	"github.com/mcplint/mcplint/sdk"
)

// MaxLine is the longest stream line `mcplint record` records (8 MiB).
const MaxLine = 8 << 20

// maxTraceLine is the longest trace line Read keeps: a recorded line of
// MaxLine bytes written as JSON, where escaping can make a byte six ("\u0001").
// A longer line can only come from a trace made by other means, and is
// measured and skipped, never held in memory.
const maxTraceLine = 6*MaxLine + 4<<10

// ReadFile reads the trace at path as a stream, a regular file of at
// most max bytes (inputfile.DefaultMaxSize when max <= 0); its errors
// start with "path:line:".
func ReadFile(path string, max int64) (*sdk.Transcript, error) {
	tr, _, err := ReadFileLines(path, max)
	return tr, err
}

// Lines are the lines of a trace its records were read from: Main[i] is
// the line of the main session's record i, Probes[k][i] that of probe
// session k's. A record Read made, not read (the counts of what it did
// not keep), has line 0. Records counted and not kept leave no record,
// so record i is not always line i+2.
type Lines struct {
	Main   []int32
	Probes [][]int32
}

// ReadFileLines is ReadFile that also says which line each record came
// from.
func ReadFileLines(path string, max int64) (*sdk.Transcript, *Lines, error) {
	f, _, err := inputfile.Open(path, max)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	tr, lines, err := read(f, maxTraceLine)
	tr, err = named(path)(tr, err)
	return tr, lines, err
}

// ReadData reads a trace already read from path.
func ReadData(path string, data []byte) (*sdk.Transcript, error) {
	tr, _, err := ReadDataLines(path, data)
	return tr, err
}

// ReadDataLines is ReadData that also says which line each record came
// from.
func ReadDataLines(path string, data []byte) (*sdk.Transcript, *Lines, error) {
	tr, lines, err := read(bytes.NewReader(data), maxTraceLine)
	tr, err = named(path)(tr, err)
	return tr, lines, err
}

// named puts path in a *ParseError.
func named(path string) func(*sdk.Transcript, error) (*sdk.Transcript, error) {
	return func(t *sdk.Transcript, err error) (*sdk.Transcript, error) {
		if pe, ok := errors.AsType[*ParseError](err); ok {
			pe.File = path
		}
		return t, err
	}
}

// Read reads a trace. A malformed line is a *ParseError naming the line;
// blank lines are skipped. A record line over MaxLine becomes an
// oversize-line event in its place (which rules report), so that the
// records after it keep their line numbers.
func Read(r io.Reader) (*sdk.Transcript, error) {
	tr, _, err := read(r, maxTraceLine)
	return tr, err
}

func read(r io.Reader, maxLine int) (*sdk.Transcript, *Lines, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	var st readState
	var line []byte
	for n := 1; ; n++ {
		var size int64
		var err error
		line, size, err = readLine(br, line[:0], maxLine)
		if err != nil && err != io.EOF {
			return nil, nil, err
		}
		switch {
		case size > int64(maxLine) && st.t == nil:
			return nil, nil, &ParseError{Line: n, Err: fmt.Errorf("%w: the first line is %d bytes, over the %d-byte cap on a trace line", ErrNotTrace, size, maxLine)}
		case size > int64(maxLine):
			var at float64
			if k := len(st.cur.Records); k > 0 {
				at = st.cur.Records[k-1].TMs
			}
			st.cur.Records = append(st.cur.Records, sdk.Record{TMs: at, Dir: sdk.DirEvent, Event: &sdk.Event{
				Kind: sdk.EventOversizeLine, Bytes: size,
				Detail: fmt.Sprintf("line %d of the trace is over the %s cap on a trace line; it was skipped", n, inputfile.FormatSize(int64(maxLine)))}})
			st.lines.add(n)
		case len(bytes.TrimSpace(line)) > 0:
			if perr := st.parseLine(n, line); perr != nil {
				return nil, nil, &ParseError{Line: n, Err: perr}
			}
		}
		if err == io.EOF {
			break
		}
	}
	if st.t == nil {
		return nil, nil, &ParseError{Line: 1, Err: fmt.Errorf("%w: the file is empty", ErrNotTrace)}
	}
	st.flush()
	return st.t, &st.lines, nil
}

// add notes that the current session's last record came from line n.
func (l *Lines) add(n int) {
	if k := len(l.Probes); k > 0 {
		l.Probes[k-1] = append(l.Probes[k-1], int32(n))
	} else {
		l.Main = append(l.Main, int32(n))
	}
}

// readState is what Read has read so far: the trace, its format version,
// the session (the main one or a probe's) the next record belongs to, and
// what that session keeps of its unasked records.
type readState struct {
	t, cur  *sdk.Transcript
	version int
	k       keeper
	lines   Lines
}

// flush ends the current session's records with the counts of what its
// keeper did not keep.
func (st *readState) flush() {
	if st.cur != nil {
		for _, r := range st.k.summary() {
			st.cur.Records = append(st.cur.Records, r)
			st.lines.add(0)
		}
	}
	st.k = keeper{}
}

func (st *readState) parseLine(n int, line []byte) error {
	if !utf8.Valid(line) {
		return errors.New("the line is not valid UTF-8 (a trace stores such stream lines as raw_b64)")
	}
	if st.t == nil {
		if n == 1 {
			line = bytes.TrimPrefix(line, []byte("\xef\xbb\xbf"))
		}
		version, h, err := parseHeader(line)
		if err != nil {
			return err
		}
		st.t = &sdk.Transcript{Command: h.Command, Started: h.Started, Records: []sdk.Record{}}
		st.cur, st.version = st.t, version
		return nil
	}
	if bytes.Contains(line[:min(len(line), 64)], []byte(probeKey)) && firstKey(line) == probeKey {
		return st.startProbe(line)
	}
	r, err := parseRecord(line)
	if err != nil {
		return err
	}
	if r.Stream != nil && st.version < 3 {
		return fmt.Errorf(`the record names an SSE stream, but the header says trace format version %d, which has none; a trace with streams says "mcplint_trace":3`, st.version)
	}
	if ok, err := st.k.keep(&r, len(line)); !ok {
		return err
	}
	st.cur.Records = append(st.cur.Records, r)
	st.lines.add(n)
	return nil
}

// startProbe reads the line that starts probe session K, which must be
// the next one.
func (st *readState) startProbe(line []byte) error {
	st.flush()
	if st.version < 2 {
		return fmt.Errorf(`a probe session starts here, but the header says trace format version %d, which has none; a trace with probe sessions says "mcplint_trace":2`, st.version)
	}
	var h struct {
		Probe   *int     `json:"mcplint_probe"`
		Command []string `json:"command"`
		Started *string  `json:"started"`
	}
	if err := json.Unmarshal(line, &h); err != nil || h.Probe == nil {
		return fmt.Errorf(`a probe session's first line must be like {"mcplint_probe":%d,"command":[...],"started":"..."}`, len(st.t.Probes))
	}
	if want := len(st.t.Probes); *h.Probe != want {
		return fmt.Errorf("probe session %d comes where probe session %d was due; probe sessions are numbered from 0 in order", *h.Probe, want)
	}
	started, err := parseStarted(h.Started)
	if err != nil {
		return err
	}
	if len(h.Command) == 0 {
		h.Command = nil
	}
	p := &sdk.Transcript{Command: h.Command, Started: started, Records: []sdk.Record{}}
	st.t.Probes = append(st.t.Probes, p)
	st.lines.Probes = append(st.lines.Probes, []int32{})
	st.cur = p
	return nil
}

// firstKey is the first key of the JSON object a line holds, or "".
func firstKey(line []byte) string {
	dec := json.NewDecoder(bytes.NewReader(line))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return ""
	}
	key, _ := dec.Token()
	s, _ := key.(string)
	return s
}

func parseHeader(line []byte) (int, Header, error) {
	var h struct {
		Version json.RawMessage `json:"mcplint_trace"`
		Command []string        `json:"command"`
		Started *string         `json:"started"`
	}
	notTrace := fmt.Errorf(`%w: the first line must be a header like {"mcplint_trace":1,"command":[...],"started":"..."}; record one with mcplint record -o FILE -- COMMAND`, ErrNotTrace)
	if err := json.Unmarshal(line, &h); err != nil || h.Version == nil {
		return 0, Header{}, notTrace
	}
	version := 0
	switch v := string(h.Version); v {
	case "1", "2", "3":
		version = int(v[0] - '0')
	default:
		var num float64
		if json.Unmarshal(h.Version, &num) == nil && num > Version && num == math.Trunc(num) {
			return 0, Header{}, fmt.Errorf("trace format version %s is newer than this mcplint reads (it knows versions 1 to %d); upgrade mcplint", v, Version)
		}
		return 0, Header{}, fmt.Errorf("mcplint_trace is %s; this mcplint reads trace format versions 1 to %d", v, Version)
	}
	started, err := parseStarted(h.Started)
	if err != nil {
		return 0, Header{}, err
	}
	if len(h.Command) == 0 {
		h.Command = nil
	}
	return version, Header{Command: h.Command, Started: started}, nil
}

// parseStarted reads a session's "started" time.
func parseStarted(s *string) (time.Time, error) {
	if s == nil {
		return time.Time{}, errors.New(`the header has no "started" time; want an RFC 3339 time such as "2026-01-02T15:04:05.123Z"`)
	}
	started, err := time.Parse(time.RFC3339Nano, *s)
	if err != nil {
		return time.Time{}, fmt.Errorf(`"started" is %q; want an RFC 3339 time such as "2026-01-02T15:04:05.123Z"`, *s)
	}
	return started, nil
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
	// Stream is absent from traces written before mcplint noted the SSE
	// stream of each message; the rules that need it then stay silent.
	Stream *sdk.MessageStream `json:"stream"`
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
		if w.Msg != nil || w.Raw != nil || w.RawB64 != nil || w.NoNewline || w.Stream != nil {
			return r, errors.New(`an event record carries "msg", "raw", "raw_b64", "no_newline" or "stream"`)
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
		if w.Stream != nil {
			if r.Dir != sdk.DirServerToClient {
				return r, fmt.Errorf(`a %s record carries a "stream"; only the server's messages ("s2c") come on one`, r.Dir)
			}
			if err := checkStream(w.Stream); err != nil {
				return r, err
			}
			if w.Stream.Request != nil {
				var buf bytes.Buffer
				json.Compact(&buf, w.Stream.Request)
				w.Stream.Request = buf.Bytes()
			}
			r.Stream = w.Stream
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

// readLine appends the next line, newline included, to buf while it fits
// in maxLine bytes; past that it reads on to the line's end keeping
// nothing. size is the line's full length, newline excluded.
func readLine(br *bufio.Reader, buf []byte, maxLine int) (_ []byte, size int64, _ error) {
	for {
		chunk, err := br.ReadSlice('\n')
		size += int64(len(bytes.TrimSuffix(chunk, []byte("\n"))))
		if size <= int64(maxLine) {
			buf = append(buf, chunk...)
		} else {
			buf = buf[:0]
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		return buf, size, err
	}
}
