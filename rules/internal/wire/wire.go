// Package wire reads a session transcript as JSON-RPC: it classifies every
// line, pairs client requests with server responses, and finds the
// handshake, so each conformance rule reads the session the same way.
package wire

import (
	"bytes"
	"encoding/json"
	"strconv"

	"github.com/mcplint/mcplint/internal/snip"
	"github.com/mcplint/mcplint/sdk"
)

// Kinds of line.
const (
	Request      = "request"
	Notification = "notification"
	Response     = "response" // a result or an error
	Batch        = "batch"    // a JSON array
	NotRPC       = "not-rpc"  // JSON, but not a JSON-RPC message
	NotJSON      = "not-json" // a line that is not JSON at all
)

// Msg is one stdout or stdin line of the session.
type Msg struct {
	// Index is the record's index in the transcript.
	Index int
	Dir   string
	TMs   float64
	Kind  string
	// Obj is the message's top-level object (nil unless Kind is Request,
	// Notification, Response or NotRPC of an object).
	Obj map[string]json.RawMessage
	// ID is the raw id ("1", "\"a\"", "null"); nil when absent.
	ID     json.RawMessage
	Method string
	// Bytes is the line as it crossed the wire.
	Bytes []byte
	// Pair is the request a response answers, or the response that answered
	// a request; nil when there is none.
	Pair *Msg
	// Stream is the SSE stream a message of the server came on; nil for
	// any other message, and in transcripts that predate the record.
	Stream *sdk.MessageStream
}

// HasResult and HasError report which of "result" and "error" a response
// carries.
func (m *Msg) HasResult() bool { _, ok := m.Obj["result"]; return ok }

// HasError reports whether the message has an "error" member.
func (m *Msg) HasError() bool { _, ok := m.Obj["error"]; return ok }

// Pointer is the message's pointer in the Snapshot: its transcript record.
func (m *Msg) Pointer() string { return RecordPointer(m.Index) }

// RecordPointer is the pointer of transcript record i.
func RecordPointer(i int) string { return "/transcript/records/" + strconv.Itoa(i) }

// Session is a transcript read as JSON-RPC.
type Session struct {
	// Msgs are the stdin and stdout lines, in order.
	Msgs []*Msg
	// Events are the client's observations, with their record indexes.
	Events []IndexedEvent
	// Initialize is the client's (first) initialize request, and
	// InitializeResult its answer; nil when absent.
	Initialize *Msg
	// Discover is the client's first server/discover request.
	Discover *Msg
}

// IndexedEvent is an event with its record index.
type IndexedEvent struct {
	Index int
	TMs   float64
	sdk.Event
}

// Parse reads a transcript. It never fails: what cannot be read is
// classified as NotJSON or NotRPC for the rules to report.
func Parse(tr *sdk.Transcript) *Session {
	s := &Session{}
	pending := map[string]*Msg{}
	for i, rec := range tr.Records {
		switch rec.Dir {
		case sdk.DirEvent:
			if rec.Event != nil {
				s.Events = append(s.Events, IndexedEvent{Index: i, TMs: rec.TMs, Event: *rec.Event})
			}
			continue
		case sdk.DirClientToServer, sdk.DirServerToClient:
		default:
			continue
		}
		m := classify(i, rec)
		s.Msgs = append(s.Msgs, m)
		switch {
		case m.Dir == sdk.DirClientToServer && m.Kind == Request:
			pending[idKey(m.ID)] = m
			if m.Method == "initialize" && s.Initialize == nil {
				s.Initialize = m
			}
			if m.Method == "server/discover" && s.Discover == nil {
				s.Discover = m
			}
		case m.Dir == sdk.DirServerToClient && m.Kind == Response && m.ID != nil:
			if req, ok := pending[idKey(m.ID)]; ok {
				m.Pair, req.Pair = req, m
				delete(pending, idKey(m.ID))
			}
		}
	}
	return s
}

func classify(i int, rec sdk.Record) *Msg {
	m := &Msg{Index: i, Dir: rec.Dir, TMs: rec.TMs, Stream: rec.Stream}
	if rec.Msg == nil {
		m.Kind, m.Bytes = NotJSON, []byte(rec.Raw)
		return m
	}
	m.Bytes = rec.Msg
	trimmed := bytes.TrimLeft(rec.Msg, " \t\r\n")
	if len(trimmed) > 0 && trimmed[0] == '[' {
		m.Kind = Batch
		return m
	}
	if err := json.Unmarshal(rec.Msg, &m.Obj); err != nil || m.Obj == nil {
		m.Kind = NotRPC
		return m
	}
	if id, ok := m.Obj["id"]; ok {
		m.ID = id
	}
	if raw, ok := m.Obj["method"]; ok {
		if err := json.Unmarshal(raw, &m.Method); err != nil {
			m.Kind = NotRPC
			return m
		}
		if m.ID != nil {
			m.Kind = Request
		} else {
			m.Kind = Notification
		}
		return m
	}
	if m.HasResult() || m.HasError() {
		m.Kind = Response
		return m
	}
	m.Kind = NotRPC
	return m
}

// idKey identifies an id by value and JSON type: 1 and "1" differ, and so
// do 1 and 1.0 as written.
func idKey(id json.RawMessage) string {
	var b bytes.Buffer
	if err := json.Compact(&b, id); err != nil {
		return string(id)
	}
	return b.String()
}

// SameID reports whether two ids are the same value of the same JSON type.
func SameID(a, b json.RawMessage) bool { return idKey(a) == idKey(b) }

// Result decodes a response's result into v; false when there is none or
// it does not decode.
func (m *Msg) Result(v any) bool {
	raw, ok := m.Obj["result"]
	return ok && json.Unmarshal(raw, v) == nil
}

// Params decodes a request's params into v; false when there are none or
// they do not decode.
func (m *Msg) Params(v any) bool {
	raw, ok := m.Obj["params"]
	return ok && json.Unmarshal(raw, v) == nil
}

// Quote shows a line in a message: JSON compacted and shown as it is,
// anything else as a quoted string; cut by snip.Runes to n characters.
func Quote(b []byte, n int) string {
	var c bytes.Buffer
	isJSON := json.Compact(&c, b) == nil
	if isJSON {
		b = c.Bytes()
	}
	s := snip.Runes(string(b), n)
	if isJSON {
		return s
	}
	return strconv.Quote(s)
}
