package probe

import (
	"context"
	"errors"
	"slices"
	"sync"
	"time"

	"github.com/mcplint/mcplint/engine/internal/mcp"
	"github.com/mcplint/mcplint/sdk"
)

// Starter starts one more process of the server under lint, with the
// options of the main session.
type Starter func(ctx context.Context, opts mcp.Options) (*mcp.Client, error)

// OtherClientName is the clientInfo name of the client-identity probe: a
// client that names itself differently must see the same tools.
const OtherClientName = "mcplint-other-client"

// freshGrace is a probe process's time to exit after SIGTERM.
const freshGrace = 100 * time.Millisecond

// Fresh is the probes that need server processes of their own, each
// started once the main session has settled the era, so that its start-up
// runs beside the main session's listings and probes rather than beside
// the main server's own start-up:
//
//   - request-before-init (every set but None): a process that has not
//     been initialized gets tools/list before initialize
//     (request-before-init), then initialize asking for
//     UnsupportedVersionName (version-negotiation); in the era the main
//     session settled on, it then lists the tools again as a second
//     session (tool-list-varies). That session declares roots
//     (mcp.RootsCapabilities), where the main one declares nothing, so
//     tools a server shows only to clients with roots are seen as what
//     they are: capability-gated, not missing. Its list is confirmed
//     once the server is quiet, unless it holds every tool of the main
//     session's listing as the main session saw it and that listing was
//     the server's first answer already (Listed): then it has nothing
//     to compare that a late registration could explain, and the pause
//     is not waited.
//   - client-identity (All): one more session, declaring roots too, that
//     names itself OtherClientName and lists the tools: it must see
//     what the second session saw (tool-list-varies).
//
// A process started only once the main session's era is known (Era) is
// never sent initialize in a session the main one reads as modern (a
// dual-era server), and never competes with the main server for the CPU
// while that server starts.
type Fresh struct {
	cancel context.CancelFunc
	era    chan string
	main   *mainListing
	done   chan struct{}
	trs    []*sdk.Transcript
}

// mainListing is the main session's tool listing, handed to the second
// session once the main session has confirmed it (Fresh.Listed).
type mainListing struct {
	once  sync.Once
	ready chan struct{}
	tools []string // each tool as the JSON the server sent, sorted
	final bool     // the session's first listing was already the server's list
}

func (m *mainListing) set(tools []string, final bool) {
	m.once.Do(func() {
		m.tools, m.final = tools, final
		close(m.ready)
	})
}

// wait returns the main session's listing once it is known, or nothing
// when ctx is done first.
func (m *mainListing) wait(ctx context.Context) (tools []string, final bool) {
	select {
	case <-m.ready:
		return m.tools, m.final
	case <-ctx.Done():
		return nil, false
	}
}

// StartFresh readies the fresh-process probes of set, or returns nil when
// set is None. Each starts its process with start and opts (the main
// session's) once Era has handed it the main session's era. Era and then
// Finish must be called on a non-nil Fresh.
func StartFresh(ctx context.Context, start Starter, opts mcp.Options, set Set) *Fresh {
	if set == None {
		return nil
	}
	// No rule judges how a probe process exits, and the lint waits for
	// it: it is sent SIGTERM as soon as its probe is done, where the main
	// session's server is given time to leave on its own.
	opts.Stdio.Grace = freshGrace
	opts.Stdio.Abrupt = true
	ctx, cancel := context.WithCancel(ctx)
	f := &Fresh{cancel: cancel, era: make(chan string, 1), main: &mainListing{ready: make(chan struct{})}, done: make(chan struct{})}
	runs := []freshRun{{RequestBeforeInit, beforeInit}}
	if set == All {
		runs = append(runs, freshRun{ClientIdentity, otherClient})
	}
	go func() {
		defer close(f.done)
		era := ""
		select {
		case era = <-f.era:
		case <-ctx.Done():
		}
		if era == "" {
			return
		}
		f.trs = make([]*sdk.Transcript, len(runs))
		var wg sync.WaitGroup
		for i, run := range runs {
			wg.Go(func() { f.trs[i] = runFresh(ctx, start, opts, era, run, f.main) })
		}
		wg.Wait()
	}()
	return f
}

// freshRun is one fresh-process probe: its name and what it does once the
// era is known. run reports whether the server answered none of the
// probe's requests.
type freshRun struct {
	name string
	run  func(ctx context.Context, c *mcp.Client, era string, main *mainListing) (silent bool)
}

// runFresh starts a process and runs one fresh-process probe on it in the
// main session's era; a process that would not start is an inconclusive
// probe.
//
// A process that answered none of the probe's requests gets one more
// try, in a new process: on a busy machine a second server can take
// longer than the timeout to read its first line, and a probe that judges
// nothing one run and reports the next is a verdict that flips. Only the
// last try's transcript is kept, so the silence of the first is never
// read as the server's (request-timeout).
func runFresh(ctx context.Context, start Starter, opts mcp.Options, era string, run freshRun, main *mainListing) *sdk.Transcript {
	tr, silent := runFreshOnce(ctx, start, opts, era, run, main)
	if !silent || ctx.Err() != nil {
		return tr
	}
	retry, _ := runFreshOnce(ctx, start, opts, era, run, main)
	return retry
}

// runFreshOnce is one try of runFresh in era: the transcript and whether
// the server answered none of the probe's requests.
func runFreshOnce(ctx context.Context, start Starter, opts mcp.Options, era string, run freshRun, main *mainListing) (tr *sdk.Transcript, silent bool) {
	c, err := start(ctx, opts)
	if err != nil {
		// A start that failed here but not for the main session (a lock
		// or a port the first process holds) leaves the probe unjudged.
		tr := &sdk.Transcript{}
		tr.Records = append(tr.Records, sdk.Record{Dir: sdk.DirEvent, Event: &sdk.Event{Kind: sdk.EventInconclusive,
			Detail: run.name + ": a second process of the server did not start: " + err.Error()}})
		return tr, false
	}
	defer c.Close()
	silent = run.run(ctx, c, era, main)
	c.Close()
	return c.Transcript(), silent
}

// beforeInit is the request-before-init probe and, after it, the second
// session's listing.
func beforeInit(ctx context.Context, c *mcp.Client, era string, main *mainListing) (silentServer bool) {
	rec := c.Recorder()
	if era == sdk.EraLegacy {
		rec.Event(sdk.Event{Kind: sdk.EventProbe, Detail: RequestBeforeInit})
		// Both at once: the server reads them in order, so tools/list
		// still comes before initialize, and the probe costs one round
		// trip.
		list, err := c.Begin(mcp.MethodToolsList, nil, 0)
		if err != nil {
			inconclusive(c, RequestBeforeInit, err)
			return false
		}
		init, initErr := c.Begin(mcp.MethodInitialize, mcp.InitializeParams(UnsupportedVersionName, mcp.ClientName, mcp.RootsCapabilities()), 0)
		_, listErr := list(ctx)
		var m mcp.Message
		if initErr == nil {
			m, initErr = init(ctx)
		}
		if silent(listErr) && silent(initErr) {
			inconclusive(c, RequestBeforeInit, initErr)
			return true
		}
		if !legacyAnswer(m, initErr) {
			// No session to list in: version-negotiation judges the answer.
			return false
		}
		if c.Notify(mcp.MethodInitialized, nil) != nil {
			return false
		}
	} else {
		c.UseModern(mcp.ModernVersion)
	}
	return secondList(ctx, c, SecondSession, main)
}

// otherClient is the client-identity probe: a whole session that names
// itself OtherClientName, listing the tools.
func otherClient(ctx context.Context, c *mcp.Client, era string, _ *mainListing) (silentServer bool) {
	if era == sdk.EraLegacy {
		m, err := c.Request(ctx, mcp.MethodInitialize, mcp.InitializeParams(mcp.LegacyVersion, OtherClientName, mcp.RootsCapabilities()), 0)
		if silent(err) {
			c.Recorder().Event(sdk.Event{Kind: sdk.EventProbe, Detail: ClientIdentity})
			inconclusive(c, ClientIdentity, err)
			return true
		}
		if !legacyAnswer(m, err) || c.Notify(mcp.MethodInitialized, nil) != nil {
			return false
		}
	} else {
		c.UseModernAs(mcp.ModernVersion, OtherClientName)
	}
	return secondList(ctx, c, ClientIdentity, nil)
}

// secondList lists the tools as probe name, recording an inconclusive
// probe when the server answered nothing, and reports that case. It lists
// a second time once the server is quiet (mcp.Client.Relist): a list
// compared with the main session's is one the server kept, not one caught
// while its post-handshake handlers were still registering tools, and one
// that keeps changing is inconclusive rather than evidence of a variation.
//
// With main (the second session), that second listing is left out when the
// first holds every tool of the main session's, each as the main session
// saw it, and the main session's first listing was already the server's
// list: no tool is missing or redefined that a late registration could
// explain, and the server showed it registers its tools before its first
// answer. Whatever the second session lists besides is read as
// capability-gated, as it is after a second listing.
func secondList(ctx context.Context, c *mcp.Client, name string, main *mainListing) (silentServer bool) {
	c.Recorder().Event(sdk.Event{Kind: sdk.EventProbe, Detail: name})
	if _, err := c.ListAll(ctx, mcp.MethodToolsList); err != nil {
		if silent(err) {
			inconclusive(c, name, err)
		}
		return silent(err)
	}
	if main != nil {
		if tools, final := main.wait(ctx); final && holdsAll(c.LastItems(mcp.MethodToolsList), tools) {
			return false
		}
	}
	settled, err := c.Relist(ctx, mcp.MethodToolsList)
	switch {
	case silent(err):
		inconclusive(c, name, err)
	case err == nil && !settled:
		unsettled(c, name)
	}
	return false
}

// holdsAll reports whether the sorted items hold every one of want.
func holdsAll(items, want []string) bool {
	for _, w := range want {
		if _, ok := slices.BinarySearch(items, w); !ok {
			return false
		}
	}
	return true
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

// Listed hands the second session the main session c's confirmed tool
// listing and whether the session's first listing was already the
// server's list (SettleTools). Only the first call counts; a lint that
// never calls it leaves the second session to confirm its own list.
func (f *Fresh) Listed(c *mcp.Client, final bool) {
	if f == nil {
		return
	}
	f.main.set(c.LastItems(mcp.MethodToolsList), final)
}

// Finish waits for the fresh probes (each request waits at most the
// session's Timeout) and returns their transcripts. Once it has returned,
// it returns nil at once.
func (f *Fresh) Finish() []*sdk.Transcript {
	if f == nil {
		return nil
	}
	f.Era("")
	f.main.set(nil, false)
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
