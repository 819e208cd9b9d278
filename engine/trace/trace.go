// Package trace reads and writes the JSON Lines session files that
// `mcplint record` writes and the trace source lints.
//
// The first line is a header:
//
//	{"mcplint_trace":1,"command":["node","server.js"],"started":"2026-11-29T23:10:34.123456789Z"}
//
// then one record a line, in the order they were observed:
//
//	{"t_ms":12.5,"dir":"c2s","msg":{"jsonrpc":"2.0","id":1,"method":"initialize",...}}
//	{"t_ms":14.1,"dir":"s2c","raw":"Server listening on stdio"}
//	{"t_ms":14.2,"dir":"stderr","raw":"debug: ready"}
//	{"t_ms":15.0,"dir":"s2c","raw_b64":"/w=="}
//	{"t_ms":90.3,"dir":"event","event":{"kind":"exit","code":1,"detail":"exit status 1"}}
//
// t_ms counts milliseconds from "started". dir is c2s (client to server, the
// server's stdin), s2c (the server's stdout), stderr, or event.
//
// A line of a stream is stored without its newline, in exactly one of:
//
//   - "msg": the line itself, byte for byte, when it is one JSON value in
//     valid UTF-8 with no whitespace around it (only ever for c2s and s2c);
//   - "raw": the line as a JSON string, when it is anything else but valid
//     UTF-8 (a log line on stdout, pretty-printed JSON, a trailing "\r");
//   - "raw_b64": the line in standard base64, when it is not valid UTF-8,
//     which a JSON string cannot carry.
//
// "no_newline":true marks the last line of a stream that ended without a
// newline. Reading a record back gives the same sdk.Record, so a stream can
// be rebuilt byte for byte from its records.
//
// A message of the server that came in an SSE stream of the Streamable
// HTTP transport also says which (sdk.MessageStream): the stream's number,
// and the id and method of the request whose response stream it is (none
// for a stream the client opened with GET):
//
//	{"t_ms":40.2,"dir":"s2c","msg":{"jsonrpc":"2.0","method":"notifications/progress",...},"stream":{"n":2,"request":4,"method":"tools/call"}}
//
// Such a trace is format version 3. Traces written before mcplint noted
// streams have no "stream"; they load, and the rules that need it stay
// silent.
//
// A lint's live session (mcplint --save-trace) also holds the sessions its
// probes had with fresh processes of the server (sdk.Transcript.Probes).
// Such a trace is format version 2: after the main session's records, each
// probe session starts with a line of its own, numbered from 0 in order,
// and its records follow, timed from its own "started":
//
//	{"mcplint_probe":0,"command":["node","server.js"],"started":"2026-11-29T23:10:34.2Z"}
//
// So record I of probe K, which a finding names as
// /transcript/probes/K/records/I, is the I+1th line after that line.
package trace

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"time"
	"unicode/utf8"

	"github.com/mcplint/mcplint/sdk"
)

// Version is the newest trace format version this package reads and
// writes: version 1 holds one session, version 2 also the probes' sessions,
// version 3 also the SSE stream of each server message. A trace is written
// in the oldest version that holds it, so that a trace without probe
// sessions or streams (every stdio session's) stays readable by every
// mcplint.
const Version = 3

// headerKey is the first key of a trace's first line; Sniff looks for it.
const headerKey = "mcplint_trace"

// probeKey is the first key of the line that starts a probe's session.
const probeKey = "mcplint_probe"

// Header is a trace's first line.
type Header struct {
	Command []string
	Started time.Time
}

// IsMessage reports whether a stream line (without its newline) is stored as
// "msg": one JSON value in valid UTF-8, with nothing around it. Everything
// else is stored as raw text, so that reading it back gives the very bytes.
func IsMessage(line []byte) bool {
	if len(line) == 0 || !utf8.Valid(line) || !json.Valid(line) {
		return false
	}
	return !isSpace(line[0]) && !isSpace(line[len(line)-1])
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

// LineRecord makes the record of one stream line: Msg when IsMessage (and
// the stream is not stderr), Raw otherwise. The line is copied.
func LineRecord(tMs float64, dir string, line []byte, noNewline bool) sdk.Record {
	r := sdk.Record{TMs: tMs, Dir: dir, NoNewline: noNewline}
	if dir != sdk.DirStderr && IsMessage(line) {
		r.Msg = json.RawMessage(bytes.Clone(line))
	} else {
		r.Raw = string(line)
	}
	return r
}

// checkStream refuses a stream a live session could not have recorded.
func checkStream(s *sdk.MessageStream) error {
	if s.N < 1 {
		return fmt.Errorf(`the stream's "n" is %d; want the stream's number, 1 or more`, s.N)
	}
	// Any JSON value but null: the id of a request as its client sent
	// it, which a server may have answered however odd it was.
	if s.Request != nil && (!json.Valid(s.Request) || string(bytes.TrimSpace(s.Request)) == "null") {
		return fmt.Errorf(`the stream's "request" is %.40q; want the id of the request the stream answers`, s.Request)
	}
	return nil
}

// Line returns the bytes a stream record stands for, without the newline.
func Line(r sdk.Record) []byte {
	if r.Msg != nil {
		return r.Msg
	}
	return []byte(r.Raw)
}

// Sniff reports whether data (a whole file, or its beginning) is a trace:
// its first line is a JSON object whose first key is "mcplint_trace".
func Sniff(data []byte) bool {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if i := bytes.IndexByte(data, '\n'); i >= 0 {
		data = data[:i]
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return false
	}
	key, err := dec.Token()
	return err == nil && key == headerKey
}

// ParseError is a malformed line of a trace.
type ParseError struct {
	// File is the trace's path; empty when read from a stream.
	File string
	Line int
	Err  error
}

func (e *ParseError) Error() string {
	if e.File == "" {
		return fmt.Sprintf("line %d: %v", e.Line, e.Err)
	}
	return fmt.Sprintf("%s:%d: %v", e.File, e.Line, e.Err)
}

func (e *ParseError) Unwrap() error { return e.Err }

// ErrNotTrace is returned (wrapped in a ParseError) when the first line is
// not a trace header.
var ErrNotTrace = errors.New("not an mcplint trace")
