package probe

import (
	"context"
	"sync"
	"time"

	"github.com/mcplint/mcplint/engine/internal/mcp"
	"github.com/mcplint/mcplint/sdk"
)

// batch sends the requests of several probes one after the other, in the
// order the probes are added, and then awaits their answers in that same
// order: the requests' ids, their place in the transcript and the order of
// their timeouts are the same on every run (a finding quotes and points at
// them). A request's timeout runs from when it was sent, so a server that
// answers none costs one timeout, not one per probe.
type batch struct {
	rec   *mcp.Recorder
	waits []func()
}

// begun is a request on the wire; its wait behaves as mcp.Client.Request.
type begun = func(context.Context) (mcp.Message, error)

// add records the probe name, sends its requests with begin now, and
// keeps their wait for run. A begin that fails sent nothing to wait for.
func (b *batch) add(ctx context.Context, name string, begin func() (begun, error)) {
	b.rec.Event(sdk.Event{Kind: sdk.EventProbe, Detail: name})
	if wait, err := begin(); err == nil {
		b.waits = append(b.waits, func() { wait(ctx) })
	}
}

// run awaits every request added, in order, and runs extra beside them,
// each on its own: extra is work whose every step waits for the one before
// (a task's lifecycle), which must not wait for the batch's answers.
func (b *batch) run(extra ...func()) {
	var wg sync.WaitGroup
	for _, w := range extra {
		wg.Go(w)
	}
	for _, w := range b.waits {
		w()
	}
	wg.Wait()
}

// beginEach sends one request per method, with its params, in order, and
// returns one wait for all of them, awaited in order (see batch).
// A send that fails ends the list: the requests before it are waited for,
// and when it is the first, nothing was sent and its error is returned.
func beginEach(c *mcp.Client, methods []string, params []map[string]any, timeout time.Duration) (begun, error) {
	var waits []begun
	for i, m := range methods {
		wait, err := c.Begin(m, params[i], timeout)
		if err != nil {
			if i == 0 {
				return nil, err
			}
			break
		}
		waits = append(waits, wait)
	}
	return func(ctx context.Context) (mcp.Message, error) {
		for _, w := range waits {
			w(ctx)
		}
		return mcp.Message{}, nil
	}, nil
}

// then is begin with after called on the answer once it has come (or the
// wait has ended), before the batch's wait returns.
func then(begin func() (begun, error), after func(mcp.Message, error)) func() (begun, error) {
	return func() (begun, error) {
		wait, err := begin()
		if err != nil {
			return nil, err
		}
		return func(ctx context.Context) (mcp.Message, error) {
			m, err := wait(ctx)
			after(m, err)
			return m, err
		}, nil
	}
}
