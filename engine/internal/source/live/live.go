// Package live is the live stdio source: it starts a server, speaks MCP to
// it with mcplint's own client, and builds the Snapshot from the recorded
// session with the same function that reads recorded traces.
package live

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/mcplint/mcplint/engine/cmdline"
	"github.com/mcplint/mcplint/engine/internal/exercise"
	"github.com/mcplint/mcplint/engine/internal/mcp"
	"github.com/mcplint/mcplint/engine/internal/probe"
	"github.com/mcplint/mcplint/engine/internal/session"
	"github.com/mcplint/mcplint/engine/internal/target"
	"github.com/mcplint/mcplint/engine/internal/transport/stdio"
	"github.com/mcplint/mcplint/engine/internal/transport/streamhttp"
	"github.com/mcplint/mcplint/internal/snip"
	"github.com/mcplint/mcplint/sdk"
)

// Options configure a live session. The zero value uses the defaults.
type Options struct {
	// Timeout bounds each request (mcp.DefaultTimeout when zero).
	Timeout time.Duration
	// StartupTimeout is the start-up allowance of a server started over
	// stdio: how long it may take to write its first line, never shorter
	// than Timeout (LauncherStartupTimeout for a command that goes through
	// a package launcher or container runner, DefaultStartupTimeout for
	// any other, when zero). The fresh-process probes' servers get it too;
	// a URL's server and one in this process get Timeout alone.
	StartupTimeout time.Duration
	// SessionTimeout bounds the whole session (mcp.DefaultSessionTimeout
	// when zero).
	SessionTimeout time.Duration
	// DiscoverTimeout is how long the server/discover era probe waits
	// before initialize is sent beside it (mcp.DefaultDiscoverTimeout when
	// zero, at most half of Timeout).
	DiscoverTimeout time.Duration
	// LineCap is the longest stdout line kept (stdio.DefaultLineCap when zero).
	LineCap int
	// Stderr receives one-line progress notes; nil for none.
	Stderr io.Writer
	// Exercise calls the listed tools with generated arguments; the zero
	// value calls none.
	Exercise exercise.Options
	// Probes is which probes the session runs (probe.Default when zero).
	Probes probe.Set
	// Serve, when set, is the server: it runs in this process on a pair
	// of pipes (mcp.StartInProcess) instead of as the target's command.
	Serve mcp.Serve
}

// StartError is a server that could not be linted because it would not
// start, died, stayed silent or refused the handshake, or did not list its
// tools. The CLI reports it as a target that could not be linted (exit 3).
type StartError struct {
	// Command is the server's command line.
	Command string
	// Exit is how the process ended ("exit status 1", "signal: killed
	// (mcplint sent SIGKILL)"), or "did not start"; "" when a listing
	// failed and the process was still running.
	Exit string
	// Request is the request after the handshake whose failure left
	// nothing to lint (tools/list); "" when the start or the handshake
	// failed.
	Request string
	// Stderr is the last lines the server wrote to stderr.
	Stderr []string
	// Err is what went wrong.
	Err error
	// Remote is set for a server reached over HTTP, which has no stderr
	// mcplint can read.
	Remote bool
	// Timeout is the --timeout in effect, for the hint of a timeout.
	Timeout time.Duration
	// Silent is set when the server wrote nothing to stdout before
	// mcplint gave up on it: it did not start within Startup.
	Silent bool
	// Startup is the start-up allowance in effect (--startup-timeout).
	Startup time.Duration
	// Launcher is the launcher the command goes through, when it does.
	Launcher *cmdline.Launcher
	// Unreadable is the first line the server wrote to stdout that is not
	// JSON, when it wrote one: a timeout then is a malformed answer, not a
	// slow one.
	Unreadable string
	// Said says what was wrong with what the server did answer (lines
	// that are not messages and why, responses under ids no request had);
	// "" when it answered nothing.
	Said string
}

func (e *StartError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "server %s could not be linted: %v", e.Command, e.Err)
	// A GoneError already says how the process ended.
	if msg := e.Err.Error(); e.Exit != "" && !strings.Contains(msg, "("+e.Exit+")") {
		fmt.Fprintf(&b, " (%s)", e.Exit)
	}
	if e.Said != "" {
		b.WriteString("; " + e.Said)
	}
	fmt.Fprintf(&b, "; %s", e.hint())
	if e.Remote {
		return b.String()
	}
	if len(e.Stderr) == 0 {
		b.WriteString("; it wrote nothing to stderr")
	} else {
		b.WriteString("; its last stderr lines:")
		for _, l := range e.Stderr {
			b.WriteString("\n  ")
			b.WriteString(l)
		}
	}
	return b.String()
}

func (e *StartError) Unwrap() error { return e.Err }

// hint says what to try next.
func (e *StartError) hint() string {
	var timeout *mcp.TimeoutError
	var gone *mcp.GoneError
	var refused *mcp.HandshakeError
	var page *mcp.PageError
	var rpc *mcp.RPCError
	switch {
	case e.Remote && errors.As(e.Err, &gone):
		return "check that the server is running and the URL names its MCP endpoint"
	case e.Remote && errors.As(e.Err, &refused):
		return "the server must accept an initialize request or server/discover at this URL"
	case e.Exit == "did not start":
		return "check that the command exists and is executable"
	case errors.As(e.Err, &timeout) && e.Unreadable != "":
		return fmt.Sprintf("the server did write to stdout, but not JSON: %s; raising --timeout will not help: it must write each message as one line of JSON", quoteLine(e.Unreadable))
	case errors.As(e.Err, &timeout) && e.Said != "":
		return "raising --timeout will not help: answer each request with one line of JSON that carries the request's id"
	case errors.As(e.Err, &timeout) && e.Silent:
		return startupHint(e.Startup, e.Launcher)
	case errors.As(e.Err, &timeout):
		limit := e.Timeout
		if limit <= 0 {
			limit = mcp.DefaultTimeout
		}
		more := shortDuration(max(4*limit, time.Minute))
		if e.Request != "" {
			return fmt.Sprintf("%s must be answered within --timeout, here %s; if the server only answers slowly, raise it, e.g. --timeout %s or timeout = \"%s\" in [server]", e.Request, shortDuration(limit), more, more)
		}
		return fmt.Sprintf("the whole handshake must finish within --timeout, here %s; if the server is only slow to answer, raise it, e.g. --timeout %s or timeout = \"%s\" in [server]", shortDuration(limit), more, more)
	case errors.As(e.Err, &gone):
		return "run the command by hand to see why it stops"
	case errors.As(e.Err, &refused):
		return "the server must accept an initialize request or server/discover"
	case e.Remote && e.Request != "" && errors.As(e.Err, &rpc) && transportFailure(rpc):
		return fmt.Sprintf("the server must answer %s with one JSON-RPC response carrying the request's id, in a body or an SSE event of at most %d MiB", e.Request, streamhttp.DefaultBodyCap>>20)
	case errors.As(e.Err, &page):
		return fmt.Sprintf(`answer %s with a result holding a "tools" array, {"tools": []} when there are none`, e.Request)
	case e.Request != "":
		return fmt.Sprintf(`serve %s once the session is initialized, with {"tools": []} when there are none; a tool that cannot work now is still listed, and fails with isError when called`, e.Request)
	}
	return "run the command by hand to see what it does"
}

// firstUnreadable is the first stdout line of tr from record from on that
// is not JSON.
func firstUnreadable(tr *sdk.Transcript, from int) string {
	if tr == nil {
		return ""
	}
	for _, r := range tr.Records[from:] {
		if r.Dir == sdk.DirServerToClient && r.Msg == nil && r.Raw != "" {
			return r.Raw
		}
	}
	return ""
}

// quoteLine quotes a line for a message, cut to a readable length.
func quoteLine(s string) string {
	return strconv.Quote(snip.Runes(s, 100))
}

// shortDuration writes d as a user would type it: 2m, not 2m0s.
func shortDuration(d time.Duration) string {
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}

// Load runs the Command target t and returns what it serves. It detects the
// protocol era, lists tools (and prompts, resources and resource templates
// when the server declares them), calls tools when opts.Exercise asks for
// it, then stops the server and builds the Snapshot from the transcript
// with session.Build.
//
// A server that will not start, exits or stays silent before the handshake
// completes, or refuses it, is a *StartError; when the server did say
// something, the Snapshot of that partial session is returned beside the
// error, so that the conformance rules still judge what it said (ids that
// match no request, a malformed answer). Its Era is empty unless the
// server's answers settled it. A server that wrote nothing within its
// start-up allowance (Options.StartupTimeout) did not start: it has no
// Snapshot, whatever it writes once mcplint has given up on it. A server
// that fails after the handshake (crashes, times out, breaks the
// protocol) yields a Snapshot and no error: what it listed, with the
// failure in the transcript, except that a tools/list that fails (no
// answer, an error, a result that is not a page of tools, on the first
// page or a later one) is a *StartError with the Snapshot beside it: a
// server whose tools cannot be listed cannot be linted, and a report of
// no tools would pass it. A cancelled ctx stops the server and returns
// ctx's error.
func Load(ctx context.Context, t target.Target, opts Options) (*sdk.Snapshot, error) {
	remote := t.Kind == target.Remote
	if opts.Serve == nil && !remote && (t.Kind != target.Command || len(t.Command) == 0) {
		return nil, fmt.Errorf("live source: target %q has no command to run", t.Name)
	}
	timeout := opts.Timeout
	if timeout <= 0 {
		timeout = mcp.DefaultTimeout
	}
	var progressMu sync.Mutex
	progress := func(format string, args ...any) {
		if opts.Stderr != nil {
			progressMu.Lock()
			fmt.Fprintf(opts.Stderr, "mcplint: "+format+"\n", args...)
			progressMu.Unlock()
		}
	}

	allowance, launcher := startup(t, opts, timeout)
	mcpOpts := mcp.Options{
		Timeout: timeout, StartupTimeout: allowance, SessionTimeout: opts.sessionTimeout(),
		Stdio: stdio.Options{Env: t.Env, Dir: t.Dir, LineCap: opts.LineCap},
	}
	if remote && t.URL == "" {
		return nil, fmt.Errorf("live source: target %q has no URL", t.Name)
	}
	c, err := start(ctx, t, opts, mcpOpts)
	if err != nil {
		if remote {
			return nil, &StartError{Command: target.RedactURL(t.URL), Exit: "not connected", Remote: true, Err: err}
		}
		return nil, &StartError{Command: cmdline.Display(t.Command), Exit: "did not start", Err: err}
	}
	defer c.Close()
	progress("started %s", c.CommandLine())
	if launcher != nil {
		progress("%s: %s may download %s first: its start-up allowance is %s (--startup-timeout)", c.CommandLine(), launcher.Name, launcher.Fetches, shortDuration(allowance))
	}
	// The second process starts once the main session has settled the
	// era (fresh.Era): its start-up then overlaps the main session's
	// listings, not the main server's own start-up, and a server that
	// never answers, or a launcher still fetching its package, is not
	// started twice.
	fresh := probe.StartFresh(ctx, func(ctx context.Context, o mcp.Options) (*mcp.Client, error) {
		return start(ctx, t, opts, o)
	}, mcpOpts, opts.Probes)
	// Every server stops on every way out, a hung one included.
	defer fresh.Stop()

	hello, err := c.Handshake(ctx, opts.DiscoverTimeout)
	if err == nil && hello.Redo {
		progress("%s: %s", c.CommandLine(), hello.How)
		first := c
		first.Close()
		if c, err = start(ctx, t, opts, mcpOpts); err != nil {
			return nil, &StartError{Command: first.CommandLine(), Exit: "did not start", Remote: remote, Err: err}
		}
		defer c.Close()
		hello, err = c.Rediscover(ctx)
	}
	var versionErr *mcp.VersionError
	switch {
	case ctx.Err() != nil:
		return nil, fmt.Errorf("lint %s: %w", c.CommandLine(), context.Cause(ctx))
	case errors.As(err, &versionErr) && hello != nil:
		// The server answered, in a version mcplint must not continue in:
		// the conformance rules judge the answer, nothing is listed.
		progress("%s: %v; nothing listed", c.CommandLine(), err)
		fresh.Era("")
		return finish(c, fresh, hello.Era)
	case err != nil && remote && unauthorized(c.Transcript()):
		// The server wants credentials mcplint was not given: what it
		// said about its authorization (WWW-Authenticate, the protected
		// resource metadata) is still for the rules to judge.
		progress("%s: the server answered 401 Unauthorized; only its authorization posture is linted (pass credentials with --header)", c.CommandLine())
		fresh.Era("")
		return finish(c, fresh, "")
	case err != nil && remote && legacySSE(c):
		fresh.Era("")
		c.Close()
		return nil, &StartError{Command: c.CommandLine(), Exit: "a legacy HTTP+SSE server", Remote: true,
			Err: errors.New("the URL is a 2024-11-05 HTTP+SSE endpoint (a GET opened an SSE stream that began with an endpoint event); mcplint speaks Streamable HTTP, which replaced that transport: lint a trace of it or its tool list instead")}
	case err != nil:
		// What the server writes once mcplint has given up (a server that
		// finished starting as it was stopped) is not judged: the
		// silence was its start-up, not a request left waiting.
		silent := !remote && !c.Spoke()
		fresh.Era("")
		c.Close()
		exit, _ := c.Exited()
		switch {
		case exit == "" && remote:
			exit = c.Transport().Status()
		case exit == "":
			exit = "still running"
		}
		startErr := &StartError{Command: c.CommandLine(), Exit: exit, Stderr: c.StderrTail(), Remote: remote, Timeout: timeout,
			Silent: silent, Startup: allowance, Launcher: launcher, Err: fmt.Errorf("handshake: %w", err)}
		if !silent {
			startErr.Unreadable, startErr.Said = firstUnreadable(c.Transcript(), 0), unreadable(c.Transcript(), 0)
		}
		// What the server did say is judged beside the error; an era only
		// an answer settled is kept, a guessed one is not.
		era := ""
		if hello != nil {
			era = hello.Era
		}
		s, buildErr := finish(c, fresh, era)
		if buildErr != nil || silent || !answeredAnything(s.Transcript) {
			return nil, startErr
		}
		return s, startErr
	}
	fresh.Era(hello.Era)
	progress("%s: %s %s (%s)", c.CommandLine(), hello.Era, hello.ProtocolVersion, hello.How)
	probe.AfterHandshake(ctx, c, hello.Era, opts.Probes)

	// The lists do not depend on each other: asking for them at once costs
	// one round trip instead of four, and session.Build pairs the answers
	// by id whatever their order. Their first pages are sent in that
	// order and read in it, a list's further pages (rare) asked for as it
	// is read: each request gets the same id, and each timeout its place
	// in the transcript, on every run. A page's timeout runs from when it
	// was sent, so reading the lists in turn waits no longer than reading
	// them at once.
	methods := []string{mcp.MethodToolsList}
	if hello.Declares("prompts") {
		methods = append(methods, mcp.MethodPromptsList)
	}
	if hello.Declares("resources") {
		methods = append(methods, mcp.MethodResourcesList, mcp.MethodResourceTemplates)
	}
	var stuck bool
	var toolsErr error
	lists := make([]func(context.Context) (int, error), len(methods))
	for i, method := range methods {
		lists[i] = c.BeginList(method)
	}
	for i, method := range methods {
		if _, err := lists[i](ctx); err != nil {
			stuck = stuck || serverStuck(err)
			progress("%s: %s: %v", c.CommandLine(), method, err)
			if method == mcp.MethodToolsList {
				toolsErr = err
			}
		}
	}
	// A server that does not declare tools may refuse tools/list with an
	// error: it has no tools, and that is its answer, not a failure.
	var refused *mcp.RPCError
	if toolsErr != nil && !hello.Declares("tools") && errors.As(toolsErr, &refused) && !transportFailure(refused) {
		toolsErr = nil
	}
	if toolsErr != nil && ctx.Err() == nil {
		// Nothing is probed or called: the target fails whatever else
		// the server does, and a server that cannot list may well be
		// stuck.
		return listingFailed(c, fresh, hello.Era, toolsErr, remote, timeout)
	}
	// A list compared with other sessions' must be the one the server
	// kept, not one caught before its post-handshake handlers ran.
	if !stuck && ctx.Err() == nil {
		final, err := probe.SettleTools(ctx, c, hello.Capabilities)
		if toolsErr = err; toolsErr != nil && ctx.Err() == nil {
			// A confirming listing that fails fails the target as the
			// first would: the Snapshot would read what came of it, or
			// an older list.
			return listingFailed(c, fresh, hello.Era, toolsErr, remote, timeout)
		}
		fresh.Listed(c, final)
	}
	if !stuck {
		// Before the in-session probes, whose notification goes last.
		probe.Features(ctx, c, hello.Era, opts.Probes, hello.Capabilities, timeout)
		probe.Session(ctx, c, hello.Era, opts.Probes, timeout)
	}
	exerciseTools(ctx, c, t, opts, timeout)
	if !stuck {
		probe.Extensions(ctx, c, hello.Era, opts.Probes, opts.Exercise.Enabled(), timeout)
	}
	if opts.Exercise.Enabled() {
		probe.Relist(ctx, c, opts.Probes)
	}
	if ctx.Err() == nil {
		probe.Transport(c, hello.Era, opts.Probes)
	}
	if ctx.Err() != nil {
		return nil, fmt.Errorf("lint %s: %w", c.CommandLine(), context.Cause(ctx))
	}
	return finish(c, fresh, hello.Era)
}

// listingFailed stops the server whose tools/list failed with err and
// returns the Snapshot of the session beside a *StartError that says what
// went wrong, read from the listing on: the lines the server wrote that
// mcplint could not read are the likely answer, whatever came before.
func listingFailed(c *mcp.Client, fresh *probe.Fresh, era string, err error, remote bool, timeout time.Duration) (*sdk.Snapshot, error) {
	var rpc *mcp.RPCError
	switch {
	case errors.As(err, &rpc) && !transportFailure(rpc):
		err = fmt.Errorf("%s was answered with an error: %w", mcp.MethodToolsList, err)
	case rpc != nil:
		err = fmt.Errorf("%s failed: %w", mcp.MethodToolsList, err)
	}
	exit, _ := c.Exited()
	s, buildErr := finish(c, fresh, era)
	tr := c.Transcript()
	from := 0
	for _, x := range session.Exchanges(tr) {
		if x.Method == mcp.MethodToolsList {
			from = x.Index
			break
		}
	}
	failure := &StartError{Command: c.CommandLine(), Exit: exit, Request: mcp.MethodToolsList, Stderr: c.StderrTail(), Remote: remote,
		Timeout: timeout, Unreadable: firstUnreadable(tr, from), Said: unreadable(tr, from), Err: err}
	if buildErr != nil {
		return nil, failure
	}
	return s, failure
}

// transportFailure reports an error the HTTP transport made up for a
// request whose answer held no response (mcp.Client.fail gives it code
// 0), rather than one the server sent.
func transportFailure(rpc *mcp.RPCError) bool { return rpc.Code == 0 }

// legacySSE asks c's HTTP transport whether the server is a 2024-11-05
// HTTP+SSE one, after its POSTs failed.
func legacySSE(c *mcp.Client) bool {
	l, ok := c.Transport().(interface{ LegacySSE() bool })
	return ok && l.LegacySSE()
}

// unauthorized reports whether an HTTP request of the session was answered
// 401 Unauthorized.
func unauthorized(tr *sdk.Transcript) bool {
	for _, r := range tr.Records {
		if r.Event != nil && r.Event.HTTP != nil && r.Event.Kind == sdk.EventHTTP && r.Event.HTTP.Status == 401 {
			return true
		}
	}
	return false
}

// finish stops the server (so its exit is in the transcript) and builds the
// Snapshot, with the fresh-process probes' transcripts. era is the era the
// session settled on: when it settled none, the Snapshot has none, whatever
// the transcript alone suggests. Name and Input are the loader's to set.
func finish(c *mcp.Client, fresh *probe.Fresh, era string) (*sdk.Snapshot, error) {
	probes := closeBeside(c, fresh)
	tr := c.Transcript()
	tr.Probes = probes
	build := session.Build
	if era == "" {
		build = session.BuildUnsettled
	}
	s, err := build(tr)
	if err != nil {
		return nil, err
	}
	s.Relisted = probe.Listings(tr, s.Era == sdk.EraLegacy)
	s.Source = sdk.SourceLive
	return s, nil
}
