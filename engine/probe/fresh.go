package probe

import (
	"context"
	"errors"
	"time"

	"github.com/mcplint/mcplint/engine/mcp"
	"github.com/mcplint/mcplint/sdk"
)

// Starter starts one more process of the server under lint, with the
// options of the main session.
type Starter func(ctx context.Context, opts mcp.Options) (*mcp.Client, error)

// OtherClientName is the clientInfo name of the client-identity probe: a
// client that names itself differently must see the same tools.
const OtherClientName = "mcplint-other-client"

// freshGrace is a probe process's time to exit after its stdin closes.
const freshGrace = 100 * time.Millisecond

// Fresh is the probes that need server processes of their own, started
// beside the main session so that they cost a process start but little
// wall time:
//
//   - request-before-init (every set but None): a process that has not
//     been initialized gets tools/list before initialize
//     (request-before-init), then initialize asking for
//     UnsupportedVersionName (version-negotiation); in the era the main
//     session settled on, it then lists the tools again as a second
//     session (tool-list-varies). That session declares roots
//     (mcp.RootsCapabilities), where the main one declares nothing, so
//     tools a server shows only to clients with roots are seen as what
//     they are: capability-gated, not missing.
//   - client-identity (All): one more session, declaring roots too, that
//     names itself OtherClientName and lists the tools: it must see
//     what the second session saw (tool-list-varies).
//
// Each process waits for the main session's era (Era) before it sends
// anything, so that a dual-era server is never sent initialize in a
// session the main one reads as modern.
type Fresh struct {
	cancel context.CancelFunc
	era    chan string
	done   chan struct{}
	trs    []*sdk.Transcript
}

// StartFresh starts the fresh-process probes of set with start and opts
// (the main session's), or returns nil when set is None. Era and then
// Finish must be called on a non-nil Fresh.
func StartFresh(ctx context.Context, start Starter, opts mcp.Options, set Set) *Fresh {
	if set == None {
		return nil
	}
	// No rule judges how a probe process exits, and the lint waits for
	// it: it gets little time to leave on its own.
	opts.Stdio.Grace = freshGrace
	ctx, cancel := context.WithCancel(ctx)
	f := &Fresh{cancel: cancel, era: make(chan string, 1), done: make(chan struct{})}
	runs := []freshRun{{RequestBeforeInit, beforeInit}}
	if set == All {
		runs = append(runs, freshRun{ClientIdentity, otherClient})
	}
	eras := make([]chan string, len(runs))
	results := make([]*sdk.Transcript, len(runs))
	finished := make(chan struct{}, len(runs))
	for i, run := range runs {
		eras[i] = make(chan string, 1)
		go func() {
			defer func() { finished <- struct{}{} }()
			results[i] = runFresh(ctx, start, opts, eras[i], run)
		}()
	}
	go func() {
		defer close(f.done)
		era := ""
		select {
		case era = <-f.era:
		case <-ctx.Done():
		}
		for _, ch := range eras {
			ch <- era
		}
		for range runs {
			<-finished
		}
		for _, tr := range results {
			if tr != nil {
				f.trs = append(f.trs, tr)
			}
		}
	}()
	return f
}

// freshRun is one fresh-process probe: its name and what it does once the
// era is known.
type freshRun struct {
	name string
	run  func(context.Context, *mcp.Client, string) *sdk.Transcript
}

// runFresh starts a process, waits for the main session's era and runs
// one fresh-process probe on it. The transcript is nil when the era was
// never settled; a process that would not start is an inconclusive probe.
func runFresh(ctx context.Context, start Starter, opts mcp.Options, eras <-chan string, run freshRun) *sdk.Transcript {
	c, startErr := start(ctx, opts)
	if startErr == nil {
		yieldCPU(c.PGID())
	}
	era := <-eras
	if startErr != nil {
		if era == "" {
			return nil
		}
		// A start that failed here but not for the main session (a lock
		// or a port the first process holds) leaves the probe unjudged.
		tr := &sdk.Transcript{}
		tr.Records = append(tr.Records, sdk.Record{Dir: sdk.DirEvent, Event: &sdk.Event{Kind: sdk.EventInconclusive,
			Detail: run.name + ": a second process of the server did not start: " + startErr.Error()}})
		return tr
	}
	defer c.Close()
	if era == "" {
		return nil
	}
	run.run(ctx, c, era)
	c.Close()
	return c.Transcript()
}

// beforeInit is the request-before-init probe and, after it, the second
// session's listing.
func beforeInit(ctx context.Context, c *mcp.Client, era string) *sdk.Transcript {
	rec := c.Recorder()
	if era == sdk.EraLegacy {
		rec.Event(sdk.Event{Kind: sdk.EventProbe, Detail: RequestBeforeInit})
		// Both at once: the server reads them in order, so tools/list
		// still comes before initialize, and the probe costs one round
		// trip.
		list, err := c.Begin(mcp.MethodToolsList, nil, 0)
		if err != nil {
			inconclusive(c, RequestBeforeInit, err)
			return c.Transcript()
		}
		init, initErr := c.Begin(mcp.MethodInitialize, mcp.InitializeParams(UnsupportedVersionName, mcp.ClientName, mcp.RootsCapabilities()), 0)
		_, listErr := list(ctx)
		var m mcp.Message
		if initErr == nil {
			m, initErr = init(ctx)
		}
		if silent(listErr) && silent(initErr) {
			inconclusive(c, RequestBeforeInit, initErr)
			return c.Transcript()
		}
		if !legacyAnswer(m, initErr) {
			// No session to list in: version-negotiation judges the answer.
			return c.Transcript()
		}
		if c.Notify(mcp.MethodInitialized, nil) != nil {
			return c.Transcript()
		}
	} else {
		c.UseModern(mcp.ModernVersion)
	}
	secondList(ctx, c, SecondSession)
	return c.Transcript()
}

// otherClient is the client-identity probe: a whole session that names
// itself OtherClientName, listing the tools.
func otherClient(ctx context.Context, c *mcp.Client, era string) *sdk.Transcript {
	if era == sdk.EraLegacy {
		m, err := c.Request(ctx, mcp.MethodInitialize, mcp.InitializeParams(mcp.LegacyVersion, OtherClientName, mcp.RootsCapabilities()), 0)
		if silent(err) {
			c.Recorder().Event(sdk.Event{Kind: sdk.EventProbe, Detail: ClientIdentity})
			inconclusive(c, ClientIdentity, err)
			return c.Transcript()
		}
		if !legacyAnswer(m, err) || c.Notify(mcp.MethodInitialized, nil) != nil {
			return c.Transcript()
		}
	} else {
		c.UseModernAs(mcp.ModernVersion, OtherClientName)
	}
	secondList(ctx, c, ClientIdentity)
	return c.Transcript()
}

// secondList lists the tools as probe name, recording an inconclusive
// probe when the server answered nothing. It always lists a second time
// once the server is quiet (mcp.Client.Relist): a list compared with the
// main session's is one the server kept, not one caught while its
// post-handshake handlers were still registering tools, and one that
// keeps changing is inconclusive rather than evidence of a variation.
func secondList(ctx context.Context, c *mcp.Client, name string) {
	c.Recorder().Event(sdk.Event{Kind: sdk.EventProbe, Detail: name})
	if _, err := c.ListAll(ctx, mcp.MethodToolsList); err != nil {
		if silent(err) {
			inconclusive(c, name, err)
		}
		return
	}
	settled, err := c.Relist(ctx, mcp.MethodToolsList)
	switch {
	case silent(err):
		inconclusive(c, name, err)
	case err == nil && !settled:
		unsettled(c, name)
	}
}

// silent reports an error that means the server never answered: a
// timeout or a server that went away. An RPC error is an answer.
func silent(err error) bool {
	var timeout *mcp.TimeoutError
	var gone *mcp.GoneError
	return errors.As(err, &timeout) || errors.As(err, &gone)
}

// legacyAnswer reports an initialize answer a session can go on from: a
// result naming a handshake-era version.
func legacyAnswer(m mcp.Message, err error) bool {
	if err != nil || m.Result == nil {
		return false
	}
	v, _ := mcp.InitializeVersion(m.Result)
	return mcp.IsLegacyVersion(v)
}

func inconclusive(c *mcp.Client, name string, err error) {
	detail := name + ": the server answered none of the probe's requests"
	if err != nil {
		detail += " (" + err.Error() + ")"
	}
	c.Recorder().Event(sdk.Event{Kind: sdk.EventInconclusive, Detail: detail})
}

// Era hands the fresh probes the main session's era once it is settled
// ("" when the handshake failed: the probes then send nothing). Only the
// first call counts.
func (f *Fresh) Era(era string) {
	if f == nil {
		return
	}
	select {
	case f.era <- era:
	default:
	}
}

// Finish waits for the fresh probes (each request waits at most the
// session's Timeout) and returns their transcripts. Once it has returned,
// it returns nil at once.
func (f *Fresh) Finish() []*sdk.Transcript {
	if f == nil {
		return nil
	}
	f.Era("")
	<-f.done
	f.cancel()
	trs := f.trs
	f.trs = nil
	return trs
}

// Stop ends the fresh probes at once, as a cancelled lint does.
func (f *Fresh) Stop() {
	if f == nil {
		return
	}
	f.cancel()
	<-f.done
}
