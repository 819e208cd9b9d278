// Package transport is the seam between mcplint's protocol session
// (engine/internal/mcp) and the ways of reaching a server: a child process's stdio
// (transport/stdio) or Streamable HTTP (transport/streamhttp).
//
// A transport moves whole JSON-RPC messages and records everything it sees
// on the wire into the session's transcript, through a Sink: the messages
// both ways, and what only the transport can observe (for stdio: lines
// that are not JSON, stderr, the exit status; for HTTP: status codes,
// content types, session ids, SSE event ids). The session above it knows
// nothing of processes or HTTP, so rules about a transport read its events
// from the transcript.
package transport

import (
	"context"

	"github.com/mcplint/mcplint/sdk"
)

// Sink receives a transport's records in the order it observes them.
// engine/internal/mcp's Recorder is one.
type Sink interface {
	// Message records one message (or, for stdio, one line) that crossed
	// the wire in direction dir (sdk.DirClientToServer or
	// sdk.DirServerToClient). The bytes are copied.
	Message(dir string, line []byte)
	// StreamMessage records one message of the server that came in the
	// SSE stream on: which stream a message came on is known only here,
	// and what a stream may carry depends on it.
	StreamMessage(on sdk.MessageStream, msg []byte)
	// Stderr records one line the server wrote to stderr.
	Stderr(line string)
	// Event records an observation that is not a message.
	Event(e sdk.Event)
}

// Transport carries one session's messages. Send and Receive may be called
// from different goroutines; Receive from one goroutine at a time.
type Transport interface {
	// Send delivers one message (a JSON text without a trailing newline),
	// recording it first. It returns once the message is on its way and
	// never waits for an answer; a message it could not deliver is a
	// *SendError.
	Send(msg []byte) error
	// Receive returns the next message the server sent, already recorded,
	// or an error when ctx ends first or the transport has ended
	// (io.EOF once the server can send nothing more). The bytes are the
	// caller's.
	Receive(ctx context.Context) ([]byte, error)
	// Gone is closed when the server is gone for good (its process was
	// reaped); it is nil for a transport whose server cannot go away.
	Gone() <-chan struct{}
	// Status says how the server ended ("exit status 1") once Gone is
	// closed, and how it stands before ("still running").
	Status() string
	// Close ends the transport and, for a process, stops it: gently (its
	// input closed, time to exit) when gentle, else at once. It returns
	// once everything the server sent has been recorded and Receive has
	// nothing more to return.
	Close(gentle bool)
}

// SendError is a message a transport could not deliver.
type SendError struct {
	// Doing is what the transport was doing, for messages: "writing to its
	// stdin", "sending a POST request".
	Doing string
	Err   error
}

func (e *SendError) Error() string { return e.Doing + ": " + e.Err.Error() }

func (e *SendError) Unwrap() error { return e.Err }

// Unanswered is what Receive returns (as its error) for a request the
// transport knows will get no JSON-RPC response: an HTTP POST answered
// with an error status and no response for its id, or a response stream
// that ended without one. The session fails that request at once instead
// of waiting out its timeout, and keeps receiving.
type Unanswered struct {
	// ID is the request's id.
	ID []byte
	// Status is the HTTP status, 0 when none came.
	Status int
	// Reason says what happened, for messages.
	Reason string
	// RPCError is the error object of a JSON-RPC error response without
	// an id that came instead (a modern server's 400 body), nil when none
	// did.
	RPCError []byte
}

func (u *Unanswered) Error() string { return u.Reason }
