package streamhttp

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"strconv"
)

// An Event is one Server-Sent Event as the WHATWG "event stream
// interpretation" dispatches it.
type Event struct {
	// ID is the event's id field; HasID tells an empty id from none.
	ID    string
	HasID bool
	// Type is the event field ("" means "message").
	Type string
	// Data is the data fields joined by "\n".
	Data []byte
	// HasData is false for an event that had no data field at all (a
	// priming event: an id alone).
	HasData bool
	// Retry is the retry field in milliseconds, -1 when absent or not
	// digits.
	Retry int
	// Comments counts the comment lines (": keep-alive") before it.
	Comments int
}

// ErrEventTooLarge is an event whose data passed the reader's cap.
var ErrEventTooLarge = errors.New("an SSE event is larger than the cap")

// SSEReader reads Server-Sent Events from a text/event-stream body.
//
// It is written here rather than taken from a library: the Go SDK's parser
// is internal to it, and github.com/gin-contrib/sse (the only SSE module in
// reach) reads the whole body before returning any event, which a stream
// that stays open never ends, and drops comments and priming events, which
// the transport rules judge.
type SSEReader struct {
	r       *bufio.Reader
	cap     int
	started bool
}

// NewSSEReader reads events of at most cap bytes of data from r.
func NewSSEReader(r io.Reader, cap int) *SSEReader {
	return &SSEReader{r: bufio.NewReaderSize(r, 64<<10), cap: cap}
}

// Next returns the next dispatched event: one ended by a blank line that
// had any field. An event cut off by the end of the stream is not
// dispatched, as the standard says. The error is io.EOF at the end of the
// stream.
func (s *SSEReader) Next() (Event, error) {
	ev := Event{Retry: -1}
	fields := false
	var data bytes.Buffer
	for {
		line, err := s.line()
		if err != nil {
			return Event{}, err
		}
		if !s.started {
			s.started = true
			line = bytes.TrimPrefix(line, []byte("\uFEFF"))
		}
		if len(line) == 0 {
			if !fields {
				continue
			}
			ev.Data = bytes.TrimSuffix(data.Bytes(), []byte("\n"))
			return ev, nil
		}
		if line[0] == ':' {
			ev.Comments++
			continue
		}
		name, value := line, []byte(nil)
		if i := bytes.IndexByte(line, ':'); i >= 0 {
			name, value = line[:i], line[i+1:]
			value = bytes.TrimPrefix(value, []byte(" "))
		}
		switch string(name) {
		case "data":
			fields = true
			ev.HasData = true
			if data.Len()+len(value) > s.cap {
				return Event{}, ErrEventTooLarge
			}
			data.Write(value)
			data.WriteByte('\n')
		case "event":
			fields = true
			ev.Type = string(value)
		case "id":
			if bytes.IndexByte(value, 0) < 0 {
				fields = true
				ev.ID, ev.HasID = string(value), true
			}
		case "retry":
			fields = true
			if n, err := strconv.Atoi(string(value)); err == nil && n >= 0 && isDigits(value) {
				ev.Retry = n
			}
		}
	}
}

func isDigits(b []byte) bool {
	for _, c := range b {
		if c < '0' || c > '9' {
			return false
		}
	}
	return len(b) > 0
}

// line reads one line ended by CRLF, LF or CR, without its end. A line
// longer than the cap is an error.
func (s *SSEReader) line() ([]byte, error) {
	var out []byte
	for {
		b, err := s.r.ReadByte()
		if err != nil {
			if errors.Is(err, io.EOF) && len(out) > 0 {
				// A last line without its end is cut off: not dispatched.
				return nil, io.EOF
			}
			return nil, err
		}
		switch b {
		case '\n':
			return out, nil
		case '\r':
			if next, err := s.r.Peek(1); err == nil && next[0] == '\n' {
				s.r.ReadByte()
			}
			return out, nil
		}
		if len(out) >= s.cap+16 {
			return nil, ErrEventTooLarge
		}
		out = append(out, b)
	}
}
