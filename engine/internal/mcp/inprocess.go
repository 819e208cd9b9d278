package mcp

import (
	"context"
	"fmt"

	"github.com/mcplint/mcplint/engine/internal/transport"
	"github.com/mcplint/mcplint/engine/internal/transport/stdio"
)

// Serve runs an MCP server over one stdio-like byte stream: it reads the
// client's messages from in and writes its own to out, one JSON-RPC message
// a line, and returns when in reaches EOF or ctx is done.
type Serve = stdio.Serve

// StartInProcess runs serve in a goroutine of its own on a pair of OS
// pipes and returns a Client speaking to it exactly as to a child process:
// the same framing, recording, deadlines and era detection, over real
// bytes. name labels the server in messages and in the transcript's
// command. Options.Stdio.Env and Options.Stdio.Dir do not apply.
//
// The session ends as Start's does, with the steps a goroutine allows
// (stdio.StartInProcess): the server's input is closed; after Stdio.Grace
// its context is cancelled (recorded as a "SIGTERM" signal event); after
// Grace again its pipes are closed and it is given up on ("SIGKILL"). One that
// never returns cannot be stopped from outside: Close still returns, and
// the exit event says that serve did not return.
func StartInProcess(ctx context.Context, name string, serve Serve, opts Options) (*Client, error) {
	if serve == nil {
		return nil, fmt.Errorf("start in-process server %q: the serve function is nil", name)
	}
	if name == "" {
		name = "in-process"
	}
	opts.fill()
	c, err := Open(ctx, []string{name}, opts, func(rec transport.Sink) (transport.Transport, error) {
		return stdio.StartInProcess(ctx, serve, opts.Stdio, rec)
	})
	if err != nil {
		return nil, fmt.Errorf("start in-process server %s: %w", name, err)
	}
	return c, nil
}
