package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/mcplint/mcplint/sdk"
)

// DefaultDiscoverTimeout is how long the server/discover probe waits alone
// before initialize is sent beside it (the discover wait, --discover-wait).
// A legacy server may ignore the unknown request instead of answering it,
// and then only this wait keeps the handshake short. It decides no era: a
// server that answers discover later, even after initialize, is still read
// by that answer (see Handshake).
const DefaultDiscoverTimeout = 3 * time.Second

// MaxPages is how many pages of one list mcplint follows.
const MaxPages = 100

// MaxListItems and MaxListBytes bound one listing across its pages: the
// page cap alone lets a hundred pages of a hundred megabytes each through.
// No published server comes near either (the largest lists a few hundred
// tools); a list past them is read no further, as one past MaxPages.
const (
	MaxListItems = 10_000
	MaxListBytes = 64 << 20
)

// Hello is what the era detection learned about the server.
type Hello struct {
	// Era is sdk.EraLegacy or sdk.EraModern.
	Era string
	// ProtocolVersion is the negotiated (legacy) or chosen (modern) version.
	ProtocolVersion string
	// Capabilities is the server's capabilities object, nil when it sent none.
	Capabilities map[string]any
	// How says in one sentence how the era was decided.
	How string
	// Redo is set when the server proved modern only after initialize had
	// been sent beside the discover probe. A dual-era server that has seen
	// initialize may serve the rest of that process in the legacy era, so
	// the session is not continued: the caller starts a fresh process and
	// runs Rediscover on it.
	Redo bool

	offered []string
}

// Declares reports whether the server declared capability name.
func (h *Hello) Declares(name string) bool {
	_, ok := h.Capabilities[name]
	return ok
}

// VersionError is an answer mcplint cannot continue with: a legacy server
// that counter-offered a version mcplint does not speak (the client then
// disconnects, as 2025-11-25/basic/lifecycle.mdx#version-negotiation says),
// or a server that shares no version with mcplint at all.
type VersionError struct {
	// Offered is what the server named: its initialize protocolVersion, or
	// its supported list.
	Offered []string
}

func (e *VersionError) Error() string {
	return fmt.Sprintf("the server speaks protocol version %s; mcplint speaks %s and %s",
		strings.Join(e.Offered, ", "), ModernVersion, strings.Join(LegacyVersions, ", "))
}

// HandshakeError is a server that answered the handshake with an error.
type HandshakeError struct {
	Method string
	Err    *RPCError
}

func (e *HandshakeError) Error() string {
	return fmt.Sprintf("the server refused %s: %s", e.Method, e.Err)
}

func (e *HandshakeError) Unwrap() error { return e.Err }

// Handshake detects the server's era as 2026-07-28/basic/transports/stdio.mdx
// says, and completes whatever handshake that era has.
//
// It probes with server/discover. A DiscoverResult offering the modern
// version, or a recognized modern error, means a modern server: every later
// request carries the per-request _meta. Any other answer means a legacy
// one, which gets initialize (asking for LegacyVersion, accepting any
// legacy counter-offer) and then notifications/initialized.
//
// A legacy server may also ignore the probe. After discoverTimeout
// (DefaultDiscoverTimeout when zero, at most half of Options.Timeout)
// without an answer, initialize is sent with the probe still open. The era
// then does not depend on which answer comes first, or on how long the
// server took to start: an answer to server/discover that identifies a
// modern server makes it modern whenever it comes, and since the server
// has then seen initialize too, the Hello says Redo instead of going on.
// A legacy answer to discover, or an answered initialize while discover is
// still unanswered (a server reads its stdin in order, so it ignored the
// probe), makes it legacy; the exchange on the wire is then the ordinary
// legacy one. A server that answers nothing at all is bounded by
// Options.StartupTimeout, the start-up allowance, for the whole handshake;
// once it has written anything, by Options.Timeout from then.
//
// When the handshake fails after the server answered something, the
// returned Hello is still filled as far as it got, with the error.
func (c *Client) Handshake(ctx context.Context, discoverTimeout time.Duration) (*Hello, error) {
	if discoverTimeout <= 0 {
		discoverTimeout = DefaultDiscoverTimeout
	}
	// initialize, sent beside an unanswered probe, must keep at least half
	// of the handshake's time.
	return c.handshake(ctx, min(discoverTimeout, c.opts.Timeout/2), true)
}

// handshake is Handshake; beside says whether initialize may be sent next
// to a probe still unanswered after discoverTimeout.
func (c *Client) handshake(ctx context.Context, discoverTimeout time.Duration, beside bool) (*Hello, error) {
	probe, err := c.begin(MethodDiscover, ModernParams(ModernVersion, nil))
	if err != nil {
		return nil, err
	}
	hard := probe.sent.Add(c.opts.Timeout)
	// The discover wait stays short while the server starts: initialize
	// goes beside the probe, and the two then share the start-up
	// allowance.
	wait := c.opts.Timeout
	if beside {
		wait = 0
	}
	_, m, err := c.await(ctx, earliest(probe.sent.Add(discoverTimeout), hard), wait, probe, nil)
	var rpcErr *RPCError
	switch {
	case err == errDeadline && beside:
		return c.initializeBeside(ctx, probe, hard, discoverTimeout)
	case err == errDeadline:
		c.giveUp(probe)
		return c.initializeAfter(ctx, fmt.Sprintf("server/discover got no answer in %s, so the server is legacy", discoverTimeout))
	case err != nil && !errors.As(err, &rpcErr):
		c.forget(probe.key)
		return nil, err
	}
	verdict, hello, how := ReadProbe(m)
	switch verdict {
	case Modern:
		c.setModern(hello.ProtocolVersion)
		return hello, nil
	case NoCommonVersion:
		return hello, &VersionError{Offered: hello.offered}
	}
	hello, err = c.initializeAfter(ctx, how)
	var refused *HandshakeError
	if verdict == NotDiscoverResult && errors.As(err, &refused) {
		// It answered discover with a result and refuses initialize: a
		// modern server whose DiscoverResult is malformed.
		c.setModern(ModernVersion)
		return &Hello{Era: sdk.EraModern, ProtocolVersion: ModernVersion,
			How: "server/discover was answered with a result that is not a DiscoverResult, and initialize was refused (" + refused.Err.Error() + "), so the server is modern"}, nil
	}
	return hello, err
}

// initializeAfter is the legacy handshake once the probe is settled.
func (c *Client) initializeAfter(ctx context.Context, how string) (*Hello, error) {
	init, err := c.begin(MethodInitialize, initializeParams())
	if err != nil {
		return nil, err
	}
	_, m, err := c.await(ctx, init.sent.Add(c.opts.Timeout), c.opts.Timeout, init, nil)
	if err == errDeadline {
		return nil, c.giveUp(init)
	}
	return c.initialized(how, m, err)
}

// initializeBeside sends initialize while the unanswered probe stays open
// and takes the first decisive answer.
func (c *Client) initializeBeside(ctx context.Context, probe *call, hard time.Time, discoverTimeout time.Duration) (*Hello, error) {
	init, err := c.begin(MethodInitialize, initializeParams())
	if err != nil {
		return nil, err
	}
	// The probe's wait is not --timeout (it is at most half of it), so the
	// note says which wait this was.
	silent := fmt.Sprintf("server/discover got no answer within the era probe's %s wait (half of --timeout, at most %s), so initialize was sent beside it", discoverTimeout, DefaultDiscoverTimeout)
	deadline := hard
	var initAnswer *Message
	var initErr error
	for {
		first, second := init, probe
		if initAnswer != nil {
			first, second = probe, nil
		}
		i, m, err := c.await(ctx, deadline, c.opts.Timeout, first, second)
		var rpcErr *RPCError
		switch {
		case err == errDeadline:
			if initAnswer != nil {
				// Only the probe was left: initialize had failed.
				c.giveUp(probe)
				return c.initialized(silent, *initAnswer, initErr)
			}
			if probe != nil {
				c.giveUp(probe)
			}
			return nil, c.giveUp(init)
		case err != nil && !errors.As(err, &rpcErr):
			c.forget(init.key)
			if probe != nil {
				c.forget(probe.key)
			}
			return nil, err
		}
		if first == init && i == 0 && probe != nil {
			// The reader delivers answers in the order the server wrote
			// them, but a select between two ready answers picks either:
			// an answer to the probe written before this one comes first.
			select {
			case pm := <-probe.ch:
				im := m
				initAnswer, initErr = &im, err
				m, err = pm, nil
				if pm.Error != nil {
					err = pm.Error
				}
				first, i = probe, 0
			default:
			}
		}
		if first == init && i == 0 {
			if err == nil || probe == nil {
				if probe != nil {
					c.giveUp(probe)
				}
				return c.initialized(silent, m, err)
			}
			// A refused initialize may come from a modern server still
			// answering the probe: wait for it.
			initAnswer, initErr = &m, err
			continue
		}
		// The probe was answered.
		probe = nil
		verdict, hello, how := ReadProbe(m)
		switch verdict {
		case Modern, NoCommonVersion:
			// The server is modern, but it has been sent initialize: its
			// answers from here on may be those of a dual-era server
			// serving the legacy era. A clean session in a fresh process
			// says what a modern client sees.
			c.forget(init.key)
			hello.Redo = true
			hello.How += " after initialize had been sent beside it; the session is redone in a fresh process"
			return hello, nil
		}
		silent = how
		if initAnswer != nil {
			return c.initialized(silent, *initAnswer, initErr)
		}
		// The server is alive and legacy: initialize gets its own full time.
		deadline = latest(deadline, init.sent.Add(c.opts.Timeout))
	}
}

// Rediscover is the handshake of a fresh process of a server that a first
// Handshake found modern only after sending initialize (Hello.Redo): the
// discover probe alone, waiting the whole Options.Timeout, so that no
// initialize reaches this process. Should this process answer differently,
// it is read by the same rules as Handshake.
func (c *Client) Rediscover(ctx context.Context) (*Hello, error) {
	hello, err := c.handshake(ctx, c.opts.Timeout, false)
	if hello != nil && err == nil {
		hello.How += " (in a fresh process, with discover alone)"
	}
	return hello, err
}

func earliest(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

func latest(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

func initializeParams() map[string]any {
	return InitializeParams(LegacyVersion, ClientName, ClientCapabilities())
}

// initialized reads the answer to initialize and, when it is one mcplint
// can continue with, sends notifications/initialized.
func (c *Client) initialized(how string, m Message, err error) (*Hello, error) {
	var rpcErr *RPCError
	if errors.As(err, &rpcErr) {
		return &Hello{Era: sdk.EraLegacy, How: how}, &HandshakeError{Method: MethodInitialize, Err: rpcErr}
	}
	if err != nil {
		return nil, err
	}
	var res struct {
		ProtocolVersion any            `json:"protocolVersion"`
		Capabilities    map[string]any `json:"capabilities"`
	}
	json.Unmarshal(m.Result, &res)
	version, _ := res.ProtocolVersion.(string)
	hello := &Hello{Era: sdk.EraLegacy, ProtocolVersion: version, Capabilities: res.Capabilities}
	if !IsLegacyVersion(version) {
		hello.How = how
		return hello, &VersionError{Offered: []string{fmt.Sprint(res.ProtocolVersion)}}
	}
	hello.How = how + "; initialize negotiated " + version
	if err := c.Notify(MethodInitialized, nil); err != nil {
		return hello, err
	}
	return hello, nil
}

func (c *Client) setModern(version string) {
	c.mu.Lock()
	c.modern = version
	c.mu.Unlock()
}

// Verdict is what the answer to the server/discover probe says.
type Verdict int

// Verdicts of ReadProbe.
const (
	// Legacy: any answer that is not a modern one; initialize follows.
	Legacy Verdict = iota
	// Modern: the server speaks ModernVersion.
	Modern
	// ModernLegacyVersions: a server that knows the modern protocol but
	// offers only handshake-era versions; initialize follows.
	ModernLegacyVersions
	// NoCommonVersion: a modern server that offers no version mcplint
	// speaks.
	NoCommonVersion
	// NotDiscoverResult: a result that is not a DiscoverResult (no
	// supportedVersions list). Read as legacy, so initialize follows; if
	// the server refuses initialize too, it is a modern server with a
	// broken DiscoverResult, and the session goes on in the modern era so
	// that the rules judge that result (discover-missing).
	NotDiscoverResult
)

// ReadProbe reads the answer to server/discover as the stdio
// backward-compatibility rule says (2026-07-28/basic/transports/stdio.mdx):
// a DiscoverResult, or a recognized modern error, identifies a modern
// server; any other error, or a result that is not a DiscoverResult,
// identifies a legacy one. The fallback is never keyed to one error code.
// hello is filled for Modern and NoCommonVersion; how explains the verdict.
func ReadProbe(m Message) (v Verdict, hello *Hello, how string) {
	if m.HasError {
		e := m.Error
		if e == nil {
			return Legacy, nil, "server/discover was answered with a malformed error, so the server is legacy"
		}
		if !IsModernError(e) {
			return Legacy, nil, fmt.Sprintf("server/discover was answered with error %d (%q), so the server is legacy", e.Code, e.Message)
		}
		if e.Code == CodeMissingRequiredClientCapability {
			// A modern server that wants a capability mcplint does not
			// have for discovery may still list its tools without it.
			return Modern, &Hello{Era: sdk.EraModern, ProtocolVersion: ModernVersion,
				How: "server/discover was refused with MissingRequiredClientCapability (-32021), a modern error"}, ""
		}
		supported, _ := SupportedVersions(e)
		if slices.ContainsFunc(supported, IsLegacyVersion) {
			return ModernLegacyVersions, nil, "server/discover was refused with UnsupportedProtocolVersion listing handshake-era versions (" + strings.Join(supported, ", ") + ")"
		}
		return NoCommonVersion, &Hello{Era: sdk.EraModern, offered: supported,
			How: "server/discover was refused with UnsupportedProtocolVersion"}, ""
	}
	var res struct {
		SupportedVersions []string       `json:"supportedVersions"`
		Capabilities      map[string]any `json:"capabilities"`
	}
	if json.Unmarshal(m.Result, &res) != nil || res.SupportedVersions == nil {
		return NotDiscoverResult, nil, "server/discover was answered with something that is not a DiscoverResult (no supportedVersions list), so the server is legacy"
	}
	switch {
	case slices.Contains(res.SupportedVersions, ModernVersion):
		h := &Hello{Era: sdk.EraModern, ProtocolVersion: ModernVersion, Capabilities: res.Capabilities,
			How: "server/discover offered " + ModernVersion}
		return Modern, h, h.How
	case slices.ContainsFunc(res.SupportedVersions, IsLegacyVersion):
		return ModernLegacyVersions, nil, "server/discover listed only handshake-era versions (" + strings.Join(res.SupportedVersions, ", ") + ")"
	}
	return NoCommonVersion, &Hello{Era: sdk.EraModern, Capabilities: res.Capabilities, offered: res.SupportedVersions,
		How: "server/discover offered no version mcplint speaks"}, ""
}

// ListAll requests every page of a list method (tools/list, prompts/list,
// resources/list, resources/templates/list), following nextCursor. It stops
// at the last page, at the first error, on a cursor it has already sent, or
// after MaxPages pages; the last two are recorded as an
// sdk.EventPagination. A page whose result is not an object with the
// array of items is an error, a *PageError: a client reading it lists
// nothing. An error on a page after the first names the page and its
// cursor. The items are in the transcript, where the session package
// reads them.
func (c *Client) ListAll(ctx context.Context, method string) (pages int, err error) {
	return c.BeginList(method)(ctx)
}

// BeginList sends the request of a list's first page now and returns
// what ListAll does once it is called: reading that page and following
// nextCursor. Lists begun one after the other and read in that order get
// their pages' ids in that order on every run.
func (c *Client) BeginList(method string) func(context.Context) (pages int, err error) {
	first, firstErr := c.Begin(method, nil, 0)
	return func(ctx context.Context) (pages int, err error) {
		return c.listFrom(ctx, method, first, firstErr)
	}
}

// listFrom is ListAll from its first page's wait (or the error that
// sending it met).
func (c *Client) listFrom(ctx context.Context, method string, first func(context.Context) (Message, error), firstErr error) (pages int, err error) {
	seen := map[string]bool{}
	cursor := ""
	items, size := 0, 0
	for {
		var resp Message
		var err error
		switch {
		case pages > 0:
			resp, err = c.Request(ctx, method, map[string]any{"cursor": cursor}, 0)
		case firstErr != nil:
			err = firstErr
		default:
			resp, err = first(ctx)
		}
		if err != nil {
			return pages, onPage(err, pages+1, cursor)
		}
		pages++
		n, problem := pageItems(resp.Result, listKeys[method])
		if problem != "" {
			return pages, onPage(&PageError{Method: method, ID: resp.ID, Problem: problem}, pages, cursor)
		}
		items += n
		size += len(resp.Result)
		var page struct {
			NextCursor any `json:"nextCursor"`
		}
		json.Unmarshal(resp.Result, &page)
		next, _ := page.NextCursor.(string)
		if next == "" {
			return pages, nil
		}
		if seen[next] {
			c.rec.Event(sdk.Event{Kind: sdk.EventPagination, Detail: fmt.Sprintf(
				"%s: page %d sent cursor %q again; stopped following nextCursor", method, pages, next)})
			return pages, nil
		}
		if items >= MaxListItems || size >= MaxListBytes {
			c.rec.Event(sdk.Event{Kind: sdk.EventPagination, Detail: fmt.Sprintf(
				"%s: stopped after page %d: its pages held %d %s in %s, past the %d %s or %s mcplint reads of one list; the server still sent a nextCursor",
				method, pages, items, listKeys[method], sizeText(size), MaxListItems, listKeys[method], sizeText(MaxListBytes))})
			return pages, nil
		}
		if pages >= MaxPages {
			c.rec.Event(sdk.Event{Kind: sdk.EventPagination, Detail: fmt.Sprintf(
				"%s: stopped after %d pages, the most mcplint follows; the server still sent a nextCursor", method, MaxPages)})
			return pages, nil
		}
		seen[next] = true
		cursor = next
	}
}

// ClientCapabilities is what the main session declares in initialize:
// nothing. A lint has no model to sample, no user to ask and no workspace
// to share, and a capability it declared would make some servers send it
// requests at moments that vary from run to run (the reference server asks
// for roots 350 ms after the handshake, and a session that ends sooner
// leaves it waiting for an answer instead of exiting).
func ClientCapabilities() map[string]any { return map[string]any{} }

// RootsCapabilities is what the second session of the request-before-init
// probe declares: roots, answered with an empty list. Some servers
// register tools only for a client that declares roots (the reference
// server's get-roots-list, which its instructions name); that session
// lists them, so that they are known as capability-gated instead of
// missing.
func RootsCapabilities() map[string]any { return map[string]any{"roots": map[string]any{}} }

// InitializeParams is mcplint's initialize request asking for version,
// naming the client name and declaring caps.
func InitializeParams(version, name string, caps map[string]any) map[string]any {
	return map[string]any{
		"protocolVersion": version,
		"capabilities":    caps,
		"clientInfo":      map[string]any{"name": name, "version": ClientVersion},
	}
}

// InitializeVersion is the protocolVersion of an initialize result, when it
// is a string.
func InitializeVersion(result json.RawMessage) (string, bool) {
	var res struct {
		ProtocolVersion any `json:"protocolVersion"`
	}
	if json.Unmarshal(result, &res) != nil {
		return "", false
	}
	v, ok := res.ProtocolVersion.(string)
	return v, ok
}

// UseModern makes every later request carry the modern _meta of version,
// as a session whose era was settled elsewhere (the main session of the
// same server) needs.
func (c *Client) UseModern(version string) { c.UseModernAs(version, ClientName) }

// UseModernAs is UseModern with the _meta naming the client name.
func (c *Client) UseModernAs(version, name string) {
	c.mu.Lock()
	c.modern, c.clientName = version, name
	c.mu.Unlock()
}
