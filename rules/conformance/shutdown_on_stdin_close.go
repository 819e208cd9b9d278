package conformance

import (
	"context"
	"fmt"

	"github.com/mcplint/mcplint/sdk"
)

// defaultShutdownMs is how long a server may take to exit once its stdin
// is closed: mcplint itself waits this long before it sends SIGTERM. Node
// servers that exit at once on end-of-file took more than 500 ms to do so
// on a busy two-core machine, so a shorter bound flagged them in some runs
// and not others.
const defaultShutdownMs = 2000

// shutdownOnStdinClose reports a server that did not exit within max-ms of
// the client closing its stdin, or that the client had to signal. A
// session the client cut short (its deadline passed, it was cancelled) is
// left out: then the client signals at once.
type shutdownOnStdinClose struct {
	MaxMs float64 `json:"max-ms"`
}

func (*shutdownOnStdinClose) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "shutdown-on-stdin-close", Category: sdk.CategoryConformance, Severity: sdk.Warning, Default: true,
		Summary: "The server exits promptly when its stdin closes (max-ms, default 2000)",
		Doc:     doc("shutdown-on-stdin-close"),
		Source:  "2026-07-28/basic/transports/stdio.mdx#shutdown",
		Uses:    []string{parsedSession.Name},
	}
}

// Configure reads max-ms.
func (r *shutdownOnStdinClose) Configure(decode func(any) error) error {
	if err := decode(r); err != nil {
		return err
	}
	if r.MaxMs <= 0 {
		return fmt.Errorf("max-ms must be a positive number of milliseconds, not %v", r.MaxMs)
	}
	return nil
}

func (r *shutdownOnStdinClose) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(ctx, s)
	if ss == nil {
		return nil
	}
	const fix = "exit when a read from stdin returns end-of-file: stop serving, flush stdout and return from main; do not keep the process alive with timers, watchers or child processes"
	closed := -1
	for i, e := range ss.Events {
		switch {
		case e.Kind == sdk.EventTimeout && len(e.ID) == 0 && closed < 0:
			return nil // the session was cut short: the client did not wait
		case e.Kind == sdk.EventStdinClosed && closed < 0:
			closed = i
		case closed < 0:
		case e.Kind == sdk.EventSignal:
			stdin := ss.Events[closed]
			at(report, e.Index, fmt.Sprintf("the server was still running %.0f ms after its stdin closed, so mcplint sent it %s", e.TMs-stdin.TMs, e.Detail), fix)
			return nil
		case e.Kind == sdk.EventExit:
			if d := e.TMs - ss.Events[closed].TMs; d > r.MaxMs {
				at(report, e.Index, fmt.Sprintf("the server took %.0f ms to exit after its stdin closed, over the %.0f ms budget", d, r.MaxMs), fix)
			}
			return nil
		}
	}
	return nil
}
