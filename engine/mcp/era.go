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

// DefaultDiscoverTimeout bounds the server/discover probe. A legacy server
// may ignore the unknown request instead of answering it, and then only this
// timeout tells it apart from a modern one, so it is shorter than a normal
// request's.
const DefaultDiscoverTimeout = 3 * time.Second

// MaxPages is how many pages of one list mcplint follows.
const MaxPages = 100

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
// without an answer, initialize is sent
// with the probe still open, and the first decisive answer wins: this keeps
// a slow starter (npx, `go run` compiling) from being misread, and bounds a
// server that answers nothing at all by Options.Timeout for the whole
// handshake.
//
// When the handshake fails after the server answered something, the
// returned Hello is still filled as far as it got, with the error.
func (c *Client) Handshake(ctx context.Context, discoverTimeout time.Duration) (*Hello, error) {
	if discoverTimeout <= 0 {
		discoverTimeout = DefaultDiscoverTimeout
	}
	// initialize, sent beside an unanswered probe, must keep at least half
	// of the handshake's time.
	discoverTimeout = min(discoverTimeout, c.opts.Timeout/2)
	probe, err := c.begin(MethodDiscover, ModernParams(ModernVersion, nil))
	if err != nil {
		return nil, err
	}
	hard := probe.sent.Add(c.opts.Timeout)
	_, m, err := c.await(ctx, earliest(probe.sent.Add(discoverTimeout), hard), probe, nil)
	var rpcErr *RPCError
	switch {
	case err == errDeadline:
		return c.initializeBeside(ctx, probe, hard, discoverTimeout)
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
	init, err := c.begin(MethodInitialize, initializeParams())
	if err != nil {
		return nil, err
	}
	_, m, err = c.await(ctx, init.sent.Add(c.opts.Timeout), init, nil)
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
		i, m, err := c.await(ctx, deadline, first, second)
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
		case Modern:
			c.forget(init.key)
			c.setModern(hello.ProtocolVersion)
			hello.How += " (late, with initialize already sent)"
			return hello, nil
		case NoCommonVersion:
			c.forget(init.key)
			return hello, &VersionError{Offered: hello.offered}
		}
		silent = how
		if initAnswer != nil {
			return c.initialized(silent, *initAnswer, initErr)
		}
		// The server is alive and legacy: initialize gets its own full time.
		deadline = latest(deadline, init.sent.Add(c.opts.Timeout))
	}
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
	return map[string]any{
		"protocolVersion": LegacyVersion,
		"capabilities":    map[string]any{},
		"clientInfo":      ClientInfo(),
	}
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
		return Legacy, nil, "server/discover was answered with something that is not a DiscoverResult (no supportedVersions list), so the server is legacy"
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
// sdk.EventPagination. The items are in the transcript, where the session
// package reads them.
func (c *Client) ListAll(ctx context.Context, method string) (pages int, err error) {
	seen := map[string]bool{}
	cursor := ""
	for {
		var params map[string]any
		if pages > 0 {
			params = map[string]any{"cursor": cursor}
		}
		resp, err := c.Request(ctx, method, params, 0)
		if err != nil {
			return pages, err
		}
		pages++
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
		if pages >= MaxPages {
			c.rec.Event(sdk.Event{Kind: sdk.EventPagination, Detail: fmt.Sprintf(
				"%s: stopped after %d pages, the most mcplint follows; the server still sent a nextCursor", method, MaxPages)})
			return pages, nil
		}
		seen[next] = true
		cursor = next
	}
}
