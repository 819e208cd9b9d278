// Package mcp is mcplint's own MCP client: the protocol session (era
// detection, handshake, listing, probes, tool calls, the transcript) over a
// transport (engine/internal/transport: stdio, Streamable HTTP).
//
// It is deliberately not an SDK client: a linter must see every byte the
// server writes, including the ones an SDK would reject or smooth over. The
// session records every message both ways in a transcript (the transport
// adds what it observes), answers server requests so that no server waits
// on it, and bounds every wait with a deadline. Start runs a server as a
// child process over stdio; StartInProcess speaks to a Go server in this
// process over the same bytes; Open takes any transport.
package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mcplint/mcplint/engine/cmdline"
	"github.com/mcplint/mcplint/engine/internal/transport"
	"github.com/mcplint/mcplint/engine/internal/transport/stdio"
	"github.com/mcplint/mcplint/sdk"
)

// Defaults of Options.
const (
	DefaultTimeout        = 10 * time.Second
	DefaultSessionTimeout = 2 * time.Minute
)

// exitDrain is how long a request still waits for its response after the
// server process exited: output written just before exit is still in the
// pipe.
const exitDrain = 200 * time.Millisecond

// Options configure a Client. The zero value is usable.
type Options struct {
	// Timeout bounds each request (DefaultTimeout when zero).
	Timeout time.Duration
	// StartupTimeout is the start-up allowance: until the server has
	// written anything to stdout, a request waits until StartupTimeout
	// after the server was started if that is later than its own
	// deadline, and a request sent before the server first wrote gets its
	// whole wait again from that moment. A server still fetching its
	// package or image is starting, not slow to answer. Timeout when zero
	// or shorter.
	StartupTimeout time.Duration
	// SessionTimeout bounds the whole session (DefaultSessionTimeout when
	// zero): when it passes, the server is stopped and waits end.
	SessionTimeout time.Duration
	// Stdio is how Start and StartInProcess run the server and read its
	// streams (environment, directory, line cap, grace, stderr record),
	// with stdio's defaults where zero. Its Timeout, which bounds each
	// write to the server's stdin, is Timeout when zero.
	Stdio stdio.Options
}

func (o *Options) fill() {
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	o.StartupTimeout = max(o.StartupTimeout, o.Timeout)
	if o.SessionTimeout <= 0 {
		o.SessionTimeout = DefaultSessionTimeout
	}
	if o.Stdio.Timeout <= 0 {
		o.Stdio.Timeout = o.Timeout
	}
}

// Client is a live session with one server over a transport. Its methods
// are safe for concurrent use.
type Client struct {
	opts    Options
	command []string
	rec     *Recorder
	t       transport.Transport
	// opened is when the transport was dialed: the server's start, from
	// which the start-up allowance counts.
	opened time.Time
	// answered counts the server requests answered; only the reading
	// goroutine touches it.
	answered int

	mu      sync.Mutex
	nextID  int64
	pending map[string]chan Message
	// progress maps the progress token of a call still waiting to the
	// channel that tells it the server reported progress.
	progress map[string]chan struct{}
	// progressSeq numbers progress tokens, so that concurrent calls never
	// share one.
	progressSeq int64
	modern      string // protocol version sent in every request's _meta, once chosen
	// clientName is the clientInfo name of the modern _meta; "" for
	// ClientName.
	clientName string

	// heard counts the lines read from the server, so that a wait can
	// tell whether the server is still talking (waitQuiet).
	heard atomic.Int64

	readDone  chan struct{} // closed when reading from the transport ended
	closing   chan struct{} // closed when Close or a deadline starts the shutdown
	closeOnce sync.Once
	stopOnce  sync.Once
	stopped   chan struct{} // closed when the shutdown is complete
}

// Start runs argv (never through a shell) as a child process spoken to
// over stdio (transport/stdio) and begins recording. The session ends, and
// the server is stopped, when ctx is done, when SessionTimeout passes, or
// at Close; Close must be called in any case.
func Start(ctx context.Context, argv []string, opts Options) (*Client, error) {
	if len(argv) == 0 || argv[0] == "" {
		return nil, errors.New("start server: the command is empty")
	}
	opts.fill()
	c, err := Open(ctx, argv, opts, func(rec transport.Sink) (transport.Transport, error) {
		return stdio.Start(argv, opts.Stdio, rec)
	})
	if err != nil {
		return nil, fmt.Errorf("start server %s: %w", quoteArgv(argv), err)
	}
	return c, nil
}

// Open begins a session over the transport that dial connects, recording
// into the session's transcript; command names the server there (its argv,
// or its URL). The session ends as Start's does; Close must be called in
// any case.
func Open(ctx context.Context, command []string, opts Options, dial func(transport.Sink) (transport.Transport, error)) (*Client, error) {
	c := newClient(command, opts)
	c.opened = time.Now()
	t, err := dial(c.rec)
	if err != nil {
		return nil, err
	}
	c.t = t
	go c.read()
	go c.watch(ctx)
	return c, nil
}

// newClient is a session not yet connected to its server.
func newClient(command []string, opts Options) *Client {
	opts.fill()
	return &Client{
		opts:     opts,
		command:  slices.Clone(command),
		rec:      NewRecorder(slices.Clone(command)),
		pending:  map[string]chan Message{},
		progress: map[string]chan struct{}{},
		readDone: make(chan struct{}),
		closing:  make(chan struct{}),
		stopped:  make(chan struct{}),
	}
}

// CommandLine is the argv as one line, for messages.
func (c *Client) CommandLine() string { return quoteArgv(c.command) }

// quoteArgv writes argv as a user would type it, without the values of
// its environment assignments (env TOKEN=..., docker -e TOKEN=...).
func quoteArgv(argv []string) string { return cmdline.Display(argv) }

// Transport is the transport the session speaks over.
func (c *Client) Transport() transport.Transport { return c.t }

// PGID is the server's process group id, 0 when it is not a child process.
func (c *Client) PGID() int {
	if p, ok := c.t.(interface{ PGID() int }); ok {
		return p.PGID()
	}
	return 0
}

// Recorder is the session's transcript so far.
func (c *Client) Recorder() *Recorder { return c.rec }

// Transcript is a copy of the session's transcript so far.
func (c *Client) Transcript() *sdk.Transcript { return c.rec.Transcript() }

// StderrTail is the last lines the server wrote to stderr, for a transport
// that has a stderr.
func (c *Client) StderrTail() []string {
	if p, ok := c.t.(interface{ StderrTail() []string }); ok {
		return p.StderrTail()
	}
	return nil
}

// Exited reports whether the server has gone (its process exited) and how
// ("exit status 1", "signal: killed").
func (c *Client) Exited() (desc string, exited bool) {
	select {
	case <-c.t.Gone():
		return c.t.Status(), true
	default:
		return "", false
	}
}

// watch stops the server when the caller's context ends or the session
// deadline passes. A start-up allowance longer than Timeout lengthens the
// session by the difference: a slow start must not eat the session's time.
func (c *Client) watch(ctx context.Context) {
	limit := c.opts.SessionTimeout + c.opts.StartupTimeout - c.opts.Timeout
	timer := time.NewTimer(limit)
	defer timer.Stop()
	select {
	case <-ctx.Done():
		c.rec.Event(sdk.Event{Kind: sdk.EventTimeout, Detail: "session cancelled: " + context.Cause(ctx).Error()})
		c.stop(false)
	case <-timer.C:
		c.rec.Event(sdk.Event{Kind: sdk.EventTimeout, Detail: fmt.Sprintf("session deadline of %s passed; the server was stopped", limit)})
		c.stop(false)
	case <-c.closing:
	}
}

// Spoke reports whether the server has written anything to stdout: once
// it has, it has started, and every request waits Options.Timeout alone.
func (c *Client) Spoke() bool { return !c.rec.SpokeAt().IsZero() }

// StartupTimeout is the start-up allowance in effect (Options.StartupTimeout,
// never shorter than Options.Timeout).
func (c *Client) StartupTimeout() time.Duration { return c.opts.StartupTimeout }

// limit is when a wait that must end at deadline ends under the start-up
// allowance. wait is how long the wait would be from the server's first
// words; zero exempts it from the allowance (the discover wait, which is
// short by design whether or not the server is up).
func (c *Client) limit(deadline time.Time, wait time.Duration) time.Time {
	if wait <= 0 {
		return deadline
	}
	if at := c.rec.SpokeAt(); !at.IsZero() {
		return latest(deadline, at.Add(wait))
	}
	return latest(deadline, c.opened.Add(c.opts.StartupTimeout))
}

// Close ends the session and closes its transport. For stdio that closes
// the server's stdin, waits Stdio.Grace for it to exit, then sends SIGTERM
// to its process group, waits Grace again, then SIGKILL; it returns once the
// process is reaped and SIGKILL has gone to whatever else is left of its
// group.
func (c *Client) Close() error {
	c.stop(true)
	return nil
}

func (c *Client) stop(gentle bool) {
	c.closeOnce.Do(func() { close(c.closing) })
	c.stopOnce.Do(func() {
		defer close(c.stopped)
		c.t.Close(gentle)
		<-c.readDone
	})
	<-c.stopped
}

func waitFor(ch <-chan struct{}, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ch:
		return true
	case <-t.C:
		return false
	}
}

// read dispatches what the server sends until the transport ends.
func (c *Client) read() {
	defer close(c.readDone)
	for {
		line, err := c.t.Receive(context.Background())
		var unanswered *transport.Unanswered
		if errors.As(err, &unanswered) {
			c.fail(unanswered)
			continue
		}
		if err != nil {
			return
		}
		c.heard.Add(1)
		for _, m := range ParseMessages(line) {
			c.dispatch(m)
		}
	}
}

func (c *Client) dispatch(m Message) {
	switch {
	case m.IsRequest():
		// Answers are written by the reading goroutine: a server that
		// sends requests without reading their answers fills its
		// stdin, and each answer past that would wait for the write
		// deadline while nothing is read.
		if c.answered < MaxAnswers && !c.rec.Flooded() {
			c.answered++
			c.answer(m)
		}
	case m.IsNotification() && m.Method == MethodProgress:
		var p struct {
			Token json.RawMessage `json:"progressToken"`
		}
		json.Unmarshal(m.Params, &p)
		c.mu.Lock()
		ch := c.progress[IDKey(p.Token)]
		c.mu.Unlock()
		if ch != nil {
			select {
			case ch <- struct{}{}:
			default: // one signal pending is enough
			}
		}
	case m.IsResponse():
		key := IDKey(m.ID)
		c.mu.Lock()
		ch, ok := c.pending[key]
		if ok {
			delete(c.pending, key)
		}
		c.mu.Unlock()
		if ok {
			ch <- m
		}
	}
}

// fail completes a request the transport says will get no response: with
// the error object the server sent without an id, when it sent one (a
// modern server's 400 body), else with an error (code 0) saying what the
// transport saw. It is not a message of the transcript; the transport
// recorded what happened.
func (c *Client) fail(u *transport.Unanswered) {
	m := Message{ID: json.RawMessage(u.ID), HasError: true}
	var e RPCError
	if len(u.RPCError) > 0 && json.Unmarshal(u.RPCError, &e) == nil {
		m.Error = &e
	} else {
		m.Error = &RPCError{Message: u.Reason}
	}
	c.dispatch(m)
}

// MaxAnswers is how many requests of the server a session answers. A lint
// session declares no capabilities, so a server asks for little more than
// a ping; a thousand answers (about 50 KB of pings) fit in a pipe the
// server is not reading, where more would block the session.
const MaxAnswers = 1000

// answer replies to a server request so the server never waits on mcplint:
// ping succeeds, roots/list is an empty list (a session that declares
// roots asks for it, see RootsCapabilities), anything else is a method
// mcplint does not offer.
func (c *Client) answer(m Message) {
	resp := map[string]any{"jsonrpc": "2.0", "id": m.ID}
	switch m.Method {
	case MethodPing:
		resp["result"] = struct{}{}
	case MethodRootsList:
		resp["result"] = map[string]any{"roots": []any{}}
	default:
		resp["error"] = RPCError{Code: CodeMethodNotFound, Message: "mcplint does not offer " + strconv.Quote(m.Method)}
	}
	c.send(resp)
}

// send encodes one message and hands it to the transport, which records it.
func (c *Client) send(msg any) error {
	b, err := json.Marshal(msg)
	if err != nil {
		return fmt.Errorf("encode message for %s: %w", c.CommandLine(), err)
	}
	if err := c.t.Send(b); err != nil {
		var se *transport.SendError
		if errors.As(err, &se) {
			return c.gone(se.Doing, se.Err)
		}
		return c.gone("sending a message", err)
	}
	return nil
}

// gone describes a server that stopped talking. Its stdout usually closes
// a moment before it is reaped, so the exit status is waited for briefly.
func (c *Client) gone(doing string, err error) *GoneError {
	waitFor(c.t.Gone(), exitDrain)
	exit := c.t.Status()
	return &GoneError{Command: c.CommandLine(), Doing: doing, Exit: exit, Err: err}
}

// request is a JSON-RPC request in the field order people read.
type request struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  map[string]any  `json:"params,omitempty"`
}

// Request sends method with params and waits for the response, at most
// timeout (Options.Timeout when zero). Once the modern era is chosen (see
// Handshake), the per-request _meta is added to params. A response with an
// error object is returned together with that error (*RPCError); a
// response that never comes is a *TimeoutError, recorded in the transcript
// as an EventTimeout naming the request id.
func (c *Client) Request(ctx context.Context, method string, params map[string]any, timeout time.Duration) (Message, error) {
	wait, err := c.Begin(method, params, timeout)
	if err != nil {
		return Message{}, err
	}
	return wait(ctx)
}

// RequestWithProgress is Request for a call that may take long: params get
// a progressToken in their _meta, and every notifications/progress the
// server sends for it moves the deadline to timeout from then, up to
// ceiling after the request was sent. A call that reports progress and
// finishes is never a timeout. A call given up is cancelled with
// notifications/cancelled.
func (c *Client) RequestWithProgress(ctx context.Context, method string, params map[string]any, timeout, ceiling time.Duration) (Message, error) {
	if timeout <= 0 {
		timeout = c.opts.Timeout
	}
	c.mu.Lock()
	c.progressSeq++
	token := "mcplint-progress-" + strconv.FormatInt(c.progressSeq, 10)
	signal := make(chan struct{}, 1)
	c.progress[IDKey(json.RawMessage(strconv.Quote(token)))] = signal
	c.mu.Unlock()
	defer func() {
		c.mu.Lock()
		delete(c.progress, IDKey(json.RawMessage(strconv.Quote(token))))
		c.mu.Unlock()
	}()
	call, err := c.begin(method, withMeta(params, map[string]any{"progressToken": token}))
	if err != nil {
		return Message{}, err
	}
	call.progress, call.extend, call.ceiling = signal, timeout, call.sent.Add(max(ceiling, timeout))
	return c.result(ctx, call, timeout)
}

// withMeta returns params (copied) with fields merged into its _meta
// (copied too), for the fields a request of mcplint's own adds: the
// caller's params are never changed.
func withMeta(params, fields map[string]any) map[string]any {
	out := maps.Clone(params)
	if out == nil {
		out = map[string]any{}
	}
	meta := map[string]any{}
	if m, ok := out["_meta"].(map[string]any); ok {
		maps.Copy(meta, m)
	}
	maps.Copy(meta, fields)
	out["_meta"] = meta
	return out
}

// result waits for call's response as Request describes. The timeout runs
// from when the request was sent, not from when its wait began: requests
// sent together and awaited one after the other (see probe's batch) wait
// one timeout in all, and their timeouts are recorded in the order they
// are awaited.
func (c *Client) result(ctx context.Context, call *call, timeout time.Duration) (Message, error) {
	_, m, err := c.await(ctx, call.sent.Add(timeout), timeout, call, nil)
	if err == errDeadline {
		return Message{}, c.giveUp(call)
	}
	if err != nil && m.Error == nil {
		c.forget(call.key)
		if ctx.Err() != nil && (call.method == MethodToolsCall || call.method == MethodListen) {
			// Abandoned, not failed: the server may stop working on it
			// (a subscription ends only so).
			c.cancel(call, "mcplint stopped waiting: "+context.Cause(ctx).Error())
		}
	}
	return m, err
}

// call is a request on the wire, waiting for its response.
type call struct {
	id     json.RawMessage
	key    string
	method string
	sent   time.Time
	ch     chan Message
	// progress, when not nil, signals that the server reported progress
	// on the call: the deadline then moves to extend from now, but never
	// past ceiling.
	progress <-chan struct{}
	extend   time.Duration
	ceiling  time.Time
}

// begin sends a request without waiting for its response.
func (c *Client) begin(method string, params map[string]any) (*call, error) {
	return c.beginAs(method, params, c.withMeta)
}

// beginAs is begin with the params finished by meta, which runs with c.mu
// held.
func (c *Client) beginAs(method string, params map[string]any, meta func(map[string]any) map[string]any) (*call, error) {
	c.mu.Lock()
	c.nextID++
	id := json.RawMessage(strconv.FormatInt(c.nextID, 10))
	k := &call{id: id, key: IDKey(id), method: method, ch: make(chan Message, 1)}
	c.pending[k.key] = k.ch
	params = meta(params)
	c.mu.Unlock()
	k.sent = time.Now()
	if err := c.send(request{JSONRPC: "2.0", ID: id, Method: method, Params: params}); err != nil {
		c.forget(k.key)
		return nil, err
	}
	return k, nil
}

// errDeadline is await's "no answer by the deadline"; the caller decides
// whether that is a timeout to record.
var errDeadline = errors.New("deadline")

// await waits until first or second (which may be nil) is answered and
// says which (0 or 1), or until deadline (errDeadline), the server's end
// (*GoneError) or ctx's end. A call that is not answered stays pending.
// deadline is moved by the start-up allowance as limit says for wait.
func (c *Client) await(ctx context.Context, deadline time.Time, wait time.Duration, first, second *call) (int, Message, error) {
	answered := func(i int, m Message) (int, Message, error) {
		if m.Error != nil {
			return i, m, m.Error
		}
		return i, m, nil
	}
	ch0 := first.ch
	var ch1 chan Message
	if second != nil {
		ch1 = second.ch
	}
	// A response already delivered wins over an end noticed at the same time.
	poll := func() (int, Message, bool) {
		select {
		case m := <-ch0:
			return 0, m, true
		case m := <-ch1:
			return 1, m, true
		default:
			return 0, Message{}, false
		}
	}
	timer := time.NewTimer(time.Until(c.limit(deadline, wait)))
	defer timer.Stop()
	var spoke <-chan struct{}
	if wait > 0 {
		spoke = c.rec.Spoke()
	}
	exited := c.t.Gone()
	var drain <-chan time.Time
	for {
		select {
		case <-spoke:
			// The server is up: from now on the wait is its own.
			spoke = nil
			timer.Reset(time.Until(c.limit(deadline, wait)))
		case <-first.progress:
			if next := time.Now().Add(first.extend); next.After(deadline) {
				deadline = next
				if deadline.After(first.ceiling) {
					deadline = first.ceiling
				}
				timer.Reset(time.Until(c.limit(deadline, wait)))
			}
		case m := <-ch0:
			return answered(0, m)
		case m := <-ch1:
			return answered(1, m)
		case <-timer.C:
			if i, m, ok := poll(); ok {
				return answered(i, m)
			}
			if until := time.Until(c.limit(deadline, wait)); until > 0 {
				// The server spoke as the timer fired.
				timer.Reset(until)
				continue
			}
			return 0, Message{}, errDeadline
		case <-exited:
			exited = nil
			drain = time.After(exitDrain)
		case <-drain:
			if i, m, ok := poll(); ok {
				return answered(i, m)
			}
			return 0, Message{}, c.gone("waiting for the answer to "+first.method, nil)
		case <-c.readDone:
			if i, m, ok := poll(); ok {
				return answered(i, m)
			}
			return 0, Message{}, c.gone("waiting for the answer to "+first.method, nil)
		case <-ctx.Done():
			return 0, Message{}, fmt.Errorf("%s to %s: %w", first.method, c.CommandLine(), context.Cause(ctx))
		}
	}
}

// giveUp stops waiting for k: it records the timeout and, where the
// protocol allows, tells the server to stop working on the request.
func (c *Client) giveUp(k *call) error {
	c.forget(k.key)
	waited := time.Since(k.sent).Round(time.Millisecond)
	detail := fmt.Sprintf("%s got no answer in %s", k.method, waited)
	if !c.Spoke() {
		detail += fmt.Sprintf("; the server had written nothing in the %s since it was started (the start-up allowance is %s)",
			time.Since(c.opened).Round(time.Millisecond), c.opts.StartupTimeout)
	}
	c.rec.Event(sdk.Event{Kind: sdk.EventTimeout, ID: k.id, Detail: detail})
	// initialize must not be cancelled, and a cancellation of the era
	// probe would reach a server whose era is still unknown.
	if k.method != MethodInitialize && k.method != MethodDiscover {
		c.cancel(k, "mcplint timed out after "+waited.String())
	}
	return &TimeoutError{Method: k.method, ID: k.id, After: waited}
}

// cancel tells the server to stop working on k.
func (c *Client) cancel(k *call, reason string) {
	c.send(request{JSONRPC: "2.0", Method: MethodCancelled, Params: c.withMetaLocked(map[string]any{
		"requestId": k.id, "reason": reason})})
}

func (c *Client) forget(key string) {
	c.mu.Lock()
	delete(c.pending, key)
	c.mu.Unlock()
}

// Notify sends a notification.
func (c *Client) Notify(method string, params map[string]any) error {
	return c.send(request{JSONRPC: "2.0", Method: method, Params: c.withMetaLocked(params)})
}

func (c *Client) withMetaLocked(params map[string]any) map[string]any {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.withMeta(params)
}

// withMeta adds the modern per-request fields; c.mu is held.
func (c *Client) withMeta(params map[string]any) map[string]any {
	if c.modern == "" {
		return params
	}
	out := ModernParams(c.modern, params)
	if c.clientName != "" {
		out["_meta"].(map[string]any)[MetaClientInfo] = map[string]any{"name": c.clientName, "version": ClientVersion}
	}
	return out
}

// ModernParams returns params (copied) with the per-request _meta fields of
// the modern era: protocol version, client info and the client's
// capabilities, merged into any _meta already there. The capabilities are
// empty unless params' _meta declares some: a probe declares an extension
// for one request that way.
func ModernParams(version string, params map[string]any) map[string]any {
	fields := map[string]any{MetaProtocolVersion: version, MetaClientInfo: ClientInfo()}
	if m, _ := params["_meta"].(map[string]any); m[MetaClientCapabilities] == nil {
		fields[MetaClientCapabilities] = map[string]any{}
	}
	return withMeta(params, fields)
}

// ClientInfo is the Implementation object mcplint identifies itself with.
func ClientInfo() map[string]any {
	return map[string]any{"name": ClientName, "version": ClientVersion}
}

// TimeoutError is a request that got no answer in time.
type TimeoutError struct {
	Method string
	ID     json.RawMessage
	After  time.Duration
}

func (e *TimeoutError) Error() string {
	return fmt.Sprintf("%s (id %s) got no answer in %s", e.Method, e.ID, e.After)
}

// GoneError is a server that went away (exited or closed its streams)
// while mcplint needed it.
type GoneError struct {
	Command string
	// Doing is what mcplint was doing: "waiting for the answer to initialize".
	Doing string
	// Exit is how the process ended ("exit status 2"), or "still running"
	// when only its stdout closed.
	Exit string
	Err  error
}

func (e *GoneError) Error() string {
	s := fmt.Sprintf("server %s went away while mcplint was %s (%s)", e.Command, e.Doing, e.Exit)
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

func (e *GoneError) Unwrap() error { return e.Err }
