package stdio

import (
	"context"
	"io"
	"os"
	"sync"
	"syscall"

	"github.com/mcplint/mcplint/engine/internal/transport"
	"github.com/mcplint/mcplint/sdk"
)

// Serve runs an MCP server over one stdio-like byte stream: it reads the
// client's messages from in and writes its own to out, one JSON-RPC message
// a line, and returns when in reaches EOF or ctx is done.
type Serve func(ctx context.Context, in io.ReadCloser, out io.WriteCloser) error

// inProcess is the part of a Transport that stands in for the process
// when the server is a Serve function in this process.
type inProcess struct {
	cancel context.CancelFunc
	// in and out are the server's ends of the pipes.
	in, out *os.File

	once sync.Once
	// returned is closed when serve has returned, which may be never.
	returned chan struct{}
}

// StartInProcess runs serve in a goroutine of its own on a pair of OS
// pipes and returns a Transport speaking to it exactly as to a child
// process: the same framing and recording, over real bytes. ctx gives
// serve its values; its cancellation does not reach serve, which stops
// only through Close. Options.Env and Options.Dir do not apply.
//
// Close takes the steps a goroutine allows: the server's input is closed;
// after Grace its context is cancelled (recorded as a "SIGTERM" signal
// event); after Grace again its pipes are closed and it is given up on
// ("SIGKILL"). A serve that returns at any step is recorded as the process
// exit. One that never returns cannot be stopped from outside: Close still
// returns, and the exit event says that serve did not return.
func StartInProcess(ctx context.Context, serve Serve, opts Options, rec transport.Sink) (*Transport, error) {
	t := newTransport(opts, rec)
	// The server has no stderr of its own (it logs where its process
	// does), but the stderr reader expects a stream: an empty one ends at
	// once.
	inR, inW, outR, outW, errR, errW, err := Pipes()
	if err != nil {
		return nil, err
	}
	errW.Close()
	t.stdin, t.stdout, t.stderr = inW, outR, errR

	sctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	t.local = &inProcess{cancel: cancel, in: inR, out: outW, returned: make(chan struct{})}

	go t.serve(sctx, serve)
	go t.readStdout()
	go t.readStderr()
	return t, nil
}

// serve runs the server and, when it returns, does what a process exit
// does: its ends of the pipes close and the exit is recorded.
func (t *Transport) serve(ctx context.Context, serve Serve) {
	err := serve(ctx, t.local.in, t.local.out)
	closeAll(t.local.in, t.local.out)
	close(t.local.returned)
	detail := "serve returned"
	if err != nil {
		detail = "serve returned an error: " + err.Error()
	}
	t.exit(detail)
}

// exit marks the in-process server as gone, once: the first of serve
// returning and being given up on.
func (t *Transport) exit(detail string) {
	t.local.once.Do(func() {
		t.exitDesc = detail
		t.rec.Event(sdk.Event{Kind: sdk.EventExit, Detail: detail})
		close(t.exited)
	})
}

// halt is the in-process form of a signal to the process group: SIGTERM
// cancels serve's context, SIGKILL closes its pipes and stops waiting for
// it.
func (t *Transport) halt(sig syscall.Signal) {
	if sig != sigKill {
		t.rec.Event(sdk.Event{Kind: sdk.EventSignal, Detail: "the serve function's context was cancelled"})
		t.local.cancel()
		return
	}
	t.rec.Event(sdk.Event{Kind: sdk.EventSignal, Detail: "the serve function's pipes were closed"})
	closeAll(t.local.in, t.local.out)
	// Closing a pipe may be what makes serve return: give it the moment
	// that takes before giving up on it.
	if !waitFor(t.local.returned, exitDrain) {
		t.exit("serve did not return after its input closed, its context was cancelled and its pipes were closed")
	}
}
