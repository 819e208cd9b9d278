package mcp

import (
	"encoding/json"
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
	rec := sdk.Record{Dir: dir}
	if json.Valid(line) {
		rec.Msg = append(json.RawMessage(nil), line...)
	} else {
		rec.Raw = string(line)
	}
	r.add(rec)
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
	return &tr
}
