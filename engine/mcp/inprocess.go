package mcp

import (
	"context"
	"fmt"
	"io"
	"os"
	"sync"
	"syscall"

	"github.com/mcplint/mcplint/sdk"
)

// Serve runs an MCP server over one stdio-like byte stream: it reads the
// client's messages from in and writes its own to out, one JSON-RPC message
// a line, and returns when in reaches EOF or ctx is done.
type Serve func(ctx context.Context, in io.ReadCloser, out io.WriteCloser) error

// inProcess is the part of a Client that stands in for the process when
// the server is a Serve function in this process.
type inProcess struct {
	cancel context.CancelFunc
	// in and out are the server's ends of the pipes.
	in, out *os.File

	once sync.Once
	// returned is closed when serve has returned, which may be never.
	returned chan struct{}
}

// StartInProcess runs serve in a goroutine of its own on a pair of OS
// pipes and returns a Client speaking to it exactly as to a child process:
// the same framing, recording, deadlines and era detection, over real
// bytes. name labels the server in messages and in the transcript's
// command. Options.Env and Options.Dir do not apply.
//
// The session ends as Start's does, with the steps a goroutine allows: the
// server's input is closed; after Grace its context is cancelled
// (recorded as a "SIGTERM" signal event); after Grace again its pipes are
// closed and it is given up on ("SIGKILL"). A serve that returns at any
// step is recorded as the process exit. One that never returns cannot be
// stopped from outside: Close still returns, and the exit event says that
// serve did not return.
func StartInProcess(ctx context.Context, name string, serve Serve, opts Options) (*Client, error) {
	if serve == nil {
		return nil, fmt.Errorf("start in-process server %q: the serve function is nil", name)
	}
	if name == "" {
		name = "in-process"
	}
	c := newClient([]string{name}, opts)
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("start in-process server %s: %w", name, err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		closeAll(inR, inW)
		return nil, fmt.Errorf("start in-process server %s: %w", name, err)
	}
	// The server has no stderr of its own (it logs where its process
	// does), but the client's stderr reader expects a stream: an empty one
	// ends at once.
	errR, errW, err := os.Pipe()
	if err != nil {
		closeAll(inR, inW, outR, outW)
		return nil, fmt.Errorf("start in-process server %s: %w", name, err)
	}
	errW.Close()
	c.stdin, c.stdout, c.stderr = inW, outR, errR

	// The caller's cancellation reaches serve through the session's own
	// stop, so that the transcript records the end before serve sees it.
	sctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	c.local = &inProcess{cancel: cancel, in: inR, out: outW, returned: make(chan struct{})}

	go c.serve(sctx, serve)
	go c.readStdout()
	go c.readStderr()
	go c.watch(ctx)
	return c, nil
}

// serve runs the server and, when it returns, does what a process exit
// does: its ends of the pipes close and the exit is recorded.
func (c *Client) serve(ctx context.Context, serve Serve) {
	err := serve(ctx, c.local.in, c.local.out)
	closeAll(c.local.in, c.local.out)
	close(c.local.returned)
	detail := "serve returned"
	if err != nil {
		detail = "serve returned an error: " + err.Error()
	}
	c.exit(detail)
}

// exit marks the in-process server as gone, once: the first of serve
// returning and being given up on.
func (c *Client) exit(detail string) {
	c.local.once.Do(func() {
		c.exitDesc = detail
		c.rec.Event(sdk.Event{Kind: sdk.EventExit, Detail: detail})
		close(c.exited)
	})
}

// halt is the in-process form of a signal to the process group: SIGTERM
// cancels serve's context, SIGKILL closes its pipes and stops waiting for
// it.
func (c *Client) halt(sig syscall.Signal) {
	if sig != sigKill {
		c.rec.Event(sdk.Event{Kind: sdk.EventSignal, Detail: "the serve function's context was cancelled"})
		c.local.cancel()
		return
	}
	c.rec.Event(sdk.Event{Kind: sdk.EventSignal, Detail: "the serve function's pipes were closed"})
	closeAll(c.local.in, c.local.out)
	// Closing a pipe may be what makes serve return: give it the moment
	// that takes before giving up on it.
	if !waitFor(c.local.returned, exitDrain) {
		c.exit("serve did not return after its input closed, its context was cancelled and its pipes were closed")
	}
}
