package probe

import (
	"context"

	"github.com/mcplint/mcplint/engine/mcp"
	"github.com/mcplint/mcplint/sdk"
)

// Fresh is the probe that needs a server process of its own, one that has
// not been initialized: it sends tools/list before initialize
// (request-before-init), then initialize asking for UnsupportedVersionName
// (version-negotiation), and waits for both answers. It runs beside the
// main session, so it costs a process start but little wall time.
type Fresh struct {
	cancel context.CancelFunc
	done   chan struct{}
	tr     *sdk.Transcript
}

// StartFresh starts the fresh-process probe of set with argv and opts (the
// main session's), or returns nil when set does not include it (only All
// does). Finish must be called on a non-nil Fresh.
func StartFresh(ctx context.Context, argv []string, opts mcp.Options, set Set) *Fresh {
	return StartFreshWith(ctx, func(ctx context.Context, opts mcp.Options) (*mcp.Client, error) { return mcp.Start(ctx, argv, opts) }, opts, set)
}

// StartFreshWith is StartFresh for a server that start begins a fresh
// session with: a new process, or a new HTTP session with no session id.
func StartFreshWith(ctx context.Context, start func(context.Context, mcp.Options) (*mcp.Client, error), opts mcp.Options, set Set) *Fresh {
	if set != All {
		return nil
	}
	ctx, cancel := context.WithCancel(ctx)
	f := &Fresh{cancel: cancel, done: make(chan struct{})}
	go f.run(ctx, start, opts)
	return f
}

func (f *Fresh) run(ctx context.Context, start func(context.Context, mcp.Options) (*mcp.Client, error), opts mcp.Options) {
	defer close(f.done)
	opts.Timeout = probeTimeout(opts.Timeout)
	c, err := start(ctx, opts)
	if err != nil {
		return
	}
	c.Recorder().Event(sdk.Event{Kind: sdk.EventProbe, Detail: RequestBeforeInit})
	// Both at once: the server reads them in order, so tools/list still
	// comes before initialize, and the probe costs one round trip.
	list, err := c.Begin(mcp.MethodToolsList, nil, 0)
	if err == nil {
		init, err := c.Begin(mcp.MethodInitialize, map[string]any{
			"protocolVersion": UnsupportedVersionName,
			"capabilities":    map[string]any{},
			"clientInfo":      mcp.ClientInfo(),
		}, 0)
		list(ctx)
		if err == nil {
			init(ctx)
		}
	}
	c.Close()
	f.tr = c.Transcript()
}

// Finish ends the probe and returns its transcript for a session of era
// (nil when the probe does not apply to the era, the process did not
// start, or f is nil). For a legacy session it waits for the probe's
// answers (each request waits at most MaxTimeout); otherwise it stops the
// probe server at once. Once it has returned, it returns nil at once.
func (f *Fresh) Finish(era string) *sdk.Transcript {
	if f == nil {
		return nil
	}
	if era != sdk.EraLegacy {
		f.cancel()
	}
	<-f.done
	f.cancel()
	tr := f.tr
	f.tr = nil
	if era != sdk.EraLegacy {
		return nil
	}
	return tr
}
