package mcp

import (
	"encoding/json"
	"fmt"
	"sync"
	"time"

	"github.com/mcplint/mcplint/sdk"
)

// Recorder appends a session's records to a transcript from several
// goroutines at once, stamping each with the milliseconds since the session
// started on the monotonic clock (a wall-clock jump never reorders or
// stretches a transcript).
type Recorder struct {
	mu    sync.Mutex
	start time.Time
	tr    sdk.Transcript
	// spoke is closed, and spokeAt set, when the server first writes to
	// stdout (a line of any kind, an oversize one included): the end of
	// its start-up.
	spoke   chan struct{}
	spokeAt time.Time
	// fromServer counts the server's messages; past MaxServerMessages its
	// notifications and requests are counted in flood, not recorded.
	fromServer int
	flood      flood
	// rate is what is left of the server's allowance of FloodRate
	// messages a second, and rateAt when it was last topped up.
	rate   float64
	rateAt time.Time
}

// FloodRate is how many messages a second a server may send and have them
// recorded: past it, its notifications and requests are counted in flood,
// not recorded, as past MaxServerMessages. A burst of FloodRate is
// allowed, so a server that sends a few hundred progress notifications
// during one call keeps every one; a server that sends thousands a second
// floods its client whatever the session's length.
const FloodRate = 1000

// MaxServerMessages is how many messages of the server a transcript
// records before it counts the server's notifications and requests instead
// of recording them: a session of a lint exchanges tens of messages, and a
// server that sends millions would otherwise fill memory with them.
// Responses are always recorded: the lists are read from them.
const MaxServerMessages = 10_000

// flood counts what the recorder did not record.
type flood struct {
	notifications, requests int
	// overRate is how many of them came faster than FloodRate a second.
	overRate int
	bytes    int64
}

// NewRecorder starts a transcript for the given argv.
func NewRecorder(command []string) *Recorder {
	now := time.Now()
	return &Recorder{start: now, tr: sdk.Transcript{Command: command, Started: now}, spoke: make(chan struct{})}
}

// Spoke is closed once the server has written anything to stdout.
func (r *Recorder) Spoke() <-chan struct{} { return r.spoke }

// SpokeAt is when the server first wrote to stdout; zero while it has
// written nothing.
func (r *Recorder) SpokeAt() time.Time {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.spokeAt
}

// since is the record timestamp: milliseconds with microsecond precision.
func (r *Recorder) since() float64 {
	return float64(time.Since(r.start).Microseconds()) / 1000
}

// Message records one line that crossed the wire in direction dir. The line
// is copied: a JSON line goes to Msg byte for byte, any other line to Raw
// (bytes that are not UTF-8 are kept as they are).
func (r *Recorder) Message(dir string, line []byte) {
	r.message(dir, line, nil)
}

// StreamMessage records one message of the server that came in the SSE
// stream on, as Message does, noting the stream.
func (r *Recorder) StreamMessage(on sdk.MessageStream, msg []byte) {
	r.message(sdk.DirServerToClient, msg, &on)
}

func (r *Recorder) message(dir string, line []byte, on *sdk.MessageStream) {
	if dir == sdk.DirServerToClient && r.counted(line) {
		return
	}
	rec := sdk.Record{Dir: dir, Stream: on}
	if json.Valid(line) {
		rec.Msg = append(json.RawMessage(nil), line...)
	} else {
		rec.Raw = string(line)
	}
	r.add(rec)
}

// counted counts line instead of recording it when line is a notification
// or a request and the server has sent MaxServerMessages messages, or is
// sending more than FloodRate a second.
func (r *Recorder) counted(line []byte) bool {
	r.mu.Lock()
	r.fromServer++
	now := time.Now()
	if r.rateAt.IsZero() {
		r.rate = FloodRate
	} else {
		r.rate = min(FloodRate, r.rate+now.Sub(r.rateAt).Seconds()*FloodRate)
	}
	r.rateAt = now
	overRate := r.rate < 1
	if !overRate {
		r.rate--
	}
	over := overRate || r.fromServer > MaxServerMessages
	r.mu.Unlock()
	if !over {
		return false
	}
	var env struct {
		ID     json.RawMessage `json:"id"`
		Method *string         `json:"method"`
	}
	if json.Unmarshal(line, &env) != nil || env.Method == nil {
		return false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(env.ID) > 0 && string(env.ID) != "null" {
		r.flood.requests++
	} else {
		r.flood.notifications++
	}
	if overRate {
		r.flood.overRate++
	}
	r.flood.bytes += int64(len(line))
	return true
}

// Flooded reports whether the server has sent more than
// MaxServerMessages messages, or any faster than FloodRate a second, so
// that its requests go unanswered: each answer would be one more message
// the client writes for it.
func (r *Recorder) Flooded() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.fromServer > MaxServerMessages || r.flood.overRate > 0
}

// Stderr records one stderr line.
func (r *Recorder) Stderr(line string) {
	r.add(sdk.Record{Dir: sdk.DirStderr, Raw: line})
}

// Event records an observation that is not a message.
func (r *Recorder) Event(e sdk.Event) {
	r.add(sdk.Record{Dir: sdk.DirEvent, Event: &e})
}

func (r *Recorder) add(rec sdk.Record) {
	r.mu.Lock()
	rec.TMs = r.since()
	r.tr.Records = append(r.tr.Records, rec)
	if r.spokeAt.IsZero() && (rec.Dir == sdk.DirServerToClient || rec.Event != nil && rec.Event.Kind == sdk.EventOversizeLine) {
		r.spokeAt = time.Now()
		close(r.spoke)
	}
	r.mu.Unlock()
}

// Transcript returns a copy of the transcript so far. Records share their
// byte slices with the recorder, which never changes a record once written.
func (r *Recorder) Transcript() *sdk.Transcript {
	r.mu.Lock()
	defer r.mu.Unlock()
	tr := r.tr
	tr.Command = append([]string(nil), r.tr.Command...)
	tr.Records = append([]sdk.Record(nil), r.tr.Records...)
	if f := r.flood; f.notifications+f.requests > 0 {
		// The count so far, as of this copy: a record once written
		// never changes, so the summary is made anew for each copy.
		tr.Records = append(tr.Records, sdk.Record{TMs: r.since(), Dir: sdk.DirEvent, Event: &sdk.Event{
			Kind: sdk.EventFlood, Bytes: f.bytes,
			Detail: f.detail(),
		}})
	}
	return &tr
}

// detail says why messages were counted, then, after "; ", how many:
// the first part depends on what the server does, the counts also on how
// long the session lasted, so a rule quotes the first part alone.
func (f flood) detail() string {
	what := "notifications and requests"
	switch {
	case f.requests == 0:
		what = "notifications"
	case f.notifications == 0:
		what = "requests"
	}
	counted := fmt.Sprintf("%d notifications and %d requests were counted, not recorded", f.notifications, f.requests)
	if f.overRate == 0 {
		return fmt.Sprintf("the server sent %s past %d messages in all; %s", what, MaxServerMessages, counted)
	}
	if f.overRate < f.notifications+f.requests {
		counted += fmt.Sprintf(", some past the first %d messages", MaxServerMessages)
	}
	return fmt.Sprintf("the server sent %s faster than %d messages a second; %s", what, FloodRate, counted)
}
