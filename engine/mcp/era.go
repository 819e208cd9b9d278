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
// says: it probes with server/discover (waiting at most discoverTimeout,
// DefaultDiscoverTimeout when zero). A DiscoverResult offering the modern
// version, or a recognized modern error, means a modern server; any other
// error, or silence, means a legacy one, which gets the initialize handshake
// (asking for LegacyVersion, accepting any legacy counter-offer) and then
// notifications/initialized. Once modern, every later request carries the
// per-request _meta.
//
// When the handshake fails after the server answered something, the
// returned Hello is still filled as far as it got, with the error.
func (c *Client) Handshake(ctx context.Context, discoverTimeout time.Duration) (*Hello, error) {
	if discoverTimeout <= 0 {
		discoverTimeout = DefaultDiscoverTimeout
	}
	probe, err := c.Request(ctx, MethodDiscover, ModernParams(ModernVersion, nil), discoverTimeout)
	var rpcErr *RPCError
	var timeout *TimeoutError
	var why string
	switch {
	case err == nil:
		hello, legacyOnly, herr := fromDiscover(probe.Result)
		if herr != nil {
			return hello, herr
		}
		if hello != nil {
			c.setModern(hello.ProtocolVersion)
			return hello, nil
		}
		why = legacyOnly
	case errors.As(err, &rpcErr):
		if IsModernError(rpcErr) {
			hello, legacyOnly, herr := fromModernError(rpcErr)
			if herr != nil {
				return hello, herr
			}
			if hello != nil {
				c.setModern(hello.ProtocolVersion)
				return hello, nil
			}
			why = legacyOnly
		} else {
			why = fmt.Sprintf("server/discover was answered with error %d (%q), so the server is legacy", rpcErr.Code, rpcErr.Message)
		}
	case errors.As(err, &timeout):
		why = fmt.Sprintf("server/discover got no answer in %s, so the server is taken to be legacy", discoverTimeout)
	default:
		return nil, err
	}

	hello, err := c.initialize(ctx)
	if err != nil && timeout != nil {
		// A slow starter may answer the probe after it timed out: a modern
		// server that also refused initialize is still modern.
		if late, ok := c.Late(timeout.ID); ok && !late.HasError {
			if modern, _, herr := fromDiscover(late.Result); herr == nil && modern != nil {
				modern.How = "server/discover was answered late and initialize failed, so the server is modern"
				c.setModern(modern.ProtocolVersion)
				return modern, nil
			}
		}
	}
	if hello != nil {
		hello.How = why + "; " + hello.How
	}
	return hello, err
}

func (c *Client) setModern(version string) {
	c.mu.Lock()
	c.modern = version
	c.mu.Unlock()
}

// fromDiscover reads a server/discover result. It returns a modern Hello,
// or a reason to fall back to initialize (a result that is not a
// DiscoverResult, or one listing only legacy versions), or a VersionError.
func fromDiscover(result json.RawMessage) (*Hello, string, error) {
	var res struct {
		SupportedVersions []string       `json:"supportedVersions"`
		Capabilities      map[string]any `json:"capabilities"`
	}
	if json.Unmarshal(result, &res) != nil || res.SupportedVersions == nil {
		return nil, "server/discover was answered with something that is not a DiscoverResult (no supportedVersions list), so the server is legacy", nil
	}
	if slices.Contains(res.SupportedVersions, ModernVersion) {
		return &Hello{Era: sdk.EraModern, ProtocolVersion: ModernVersion, Capabilities: res.Capabilities,
			How: "server/discover offered " + ModernVersion}, "", nil
	}
	if slices.ContainsFunc(res.SupportedVersions, IsLegacyVersion) {
		return nil, "server/discover listed only handshake-era versions (" + strings.Join(res.SupportedVersions, ", ") + ")", nil
	}
	return &Hello{Era: sdk.EraModern, Capabilities: res.Capabilities}, "", &VersionError{Offered: res.SupportedVersions}
}

// fromModernError reads a recognized modern error to the probe.
func fromModernError(e *RPCError) (*Hello, string, error) {
	if e.Code == CodeMissingRequiredClientCapability {
		// A modern server that wants a capability mcplint does not have for
		// discovery may still list its tools without it.
		return &Hello{Era: sdk.EraModern, ProtocolVersion: ModernVersion,
			How: "server/discover was refused with MissingRequiredClientCapability (-32021), a modern error"}, "", nil
	}
	supported, _ := SupportedVersions(e)
	if slices.ContainsFunc(supported, IsLegacyVersion) {
		return nil, "server/discover was refused with UnsupportedProtocolVersion listing handshake-era versions (" + strings.Join(supported, ", ") + ")", nil
	}
	return &Hello{Era: sdk.EraModern}, "", &VersionError{Offered: supported}
}

func (c *Client) initialize(ctx context.Context) (*Hello, error) {
	resp, err := c.Request(ctx, MethodInitialize, map[string]any{
		"protocolVersion": LegacyVersion,
		"capabilities":    map[string]any{},
		"clientInfo":      ClientInfo(),
	}, 0)
	var rpcErr *RPCError
	if errors.As(err, &rpcErr) {
		return &Hello{Era: sdk.EraLegacy}, &HandshakeError{Method: MethodInitialize, Err: rpcErr}
	}
	if err != nil {
		return nil, err
	}
	var res struct {
		ProtocolVersion string         `json:"protocolVersion"`
		Capabilities    map[string]any `json:"capabilities"`
	}
	json.Unmarshal(resp.Result, &res)
	hello := &Hello{Era: sdk.EraLegacy, ProtocolVersion: res.ProtocolVersion, Capabilities: res.Capabilities}
	if !IsLegacyVersion(res.ProtocolVersion) {
		return hello, &VersionError{Offered: []string{res.ProtocolVersion}}
	}
	hello.How = "initialize negotiated " + res.ProtocolVersion
	if err := c.Notify(MethodInitialized, nil); err != nil {
		return hello, err
	}
	return hello, nil
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
