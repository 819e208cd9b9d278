package streamhttp

import (
	"context"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/mcplint/mcplint/sdk"
)

// ForeignOrigin is the Origin the DNS-rebinding probe sends: a site that is
// not the server's (.invalid never resolves).
const ForeignOrigin = "http://rebinding.mcplint.invalid"

// InvalidVersion is the MCP-Protocol-Version the legacy header probe sends.
const InvalidVersion = "1999-01-01"

// Probe runs the transport's own probes for a session of era
// (sdk.EraLegacy or sdk.EraModern), each recorded as one EventHTTP with
// its purpose for the transport rules to judge. They go after the session's
// own messages and never change its state, except the last legacy one:
// DELETE ends the session, then a request with its id must get 404.
//
//   - legacy: GET for the server's SSE stream (SSE or 405); a request with
//     MCP-Protocol-Version 1999-01-01 (400);
//   - modern: a request whose Mcp-Method differs from its body (400,
//     -32020); one without MCP-Protocol-Version;
//   - both, for a server on a loopback address: a request with a foreign
//     Origin (403).
func (t *Transport) Probe(era string) {
	t.mu.Lock()
	session, version := t.sessionID, t.version
	t.mu.Unlock()
	legacy := func(h http.Header) {
		if session != "" {
			h.Set(HeaderSessionID, session)
		}
		if version != "" {
			h.Set(HeaderProtocolVersion, version)
		}
	}
	ping := func(purpose string) []byte {
		return []byte(`{"jsonrpc":"2.0","id":"mcplint-` + purpose + `","method":"ping"}`)
	}
	modernList := func(purpose string) []byte {
		return []byte(`{"jsonrpc":"2.0","id":"mcplint-` + purpose + `","method":"tools/list","params":{"_meta":{` +
			`"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"mcplint","version":"probe"},` +
			`"io.modelcontextprotocol/clientCapabilities":{}}}}`)
	}
	modern := func(h http.Header) {
		h.Set(HeaderProtocolVersion, "2026-07-28")
		h.Set(HeaderMethod, "tools/list")
	}
	loopback := IsLoopback(t.url)
	if era == sdk.EraModern {
		if loopback {
			t.Raw(http.MethodPost, sdk.HTTPPurposeForeignOrigin, "tools/list with Origin: "+ForeignOrigin, modernList(sdk.HTTPPurposeForeignOrigin),
				func(h http.Header) { modern(h); h.Set("Origin", ForeignOrigin) })
		}
		t.Raw(http.MethodPost, sdk.HTTPPurposeHeaderMismatch, "tools/list with Mcp-Method: prompts/list", modernList(sdk.HTTPPurposeHeaderMismatch),
			func(h http.Header) { modern(h); h.Set(HeaderMethod, "prompts/list") })
		t.Raw(http.MethodPost, sdk.HTTPPurposeMissingVersion, "tools/list without MCP-Protocol-Version", modernList(sdk.HTTPPurposeMissingVersion),
			func(h http.Header) { modern(h); h.Del(HeaderProtocolVersion) })
		return
	}
	t.Raw(http.MethodGet, sdk.HTTPPurposeGET, "", nil, legacy)
	if loopback {
		t.Raw(http.MethodPost, sdk.HTTPPurposeForeignOrigin, "ping with Origin: "+ForeignOrigin, ping(sdk.HTTPPurposeForeignOrigin),
			func(h http.Header) { legacy(h); h.Set("Origin", ForeignOrigin) })
	}
	t.Raw(http.MethodPost, sdk.HTTPPurposeBadVersion, "ping with MCP-Protocol-Version: "+InvalidVersion, ping(sdk.HTTPPurposeBadVersion),
		func(h http.Header) { legacy(h); h.Set(HeaderProtocolVersion, InvalidVersion) })
	if session == "" {
		return
	}
	if ev := t.Delete(); ev != nil && ev.Status/100 == 2 {
		t.Raw(http.MethodPost, sdk.HTTPPurposeAfterSessionEnd, "ping with the ended session's MCP-Session-Id", ping(sdk.HTTPPurposeAfterSessionEnd), legacy)
	}
}

// IsLoopback reports whether rawURL's host is a loopback address or
// localhost: a server on the user's own machine, the target of DNS
// rebinding.
func IsLoopback(rawURL string) bool {
	u, err := url.Parse(rawURL)
	if err != nil {
		return false
	}
	host := strings.ToLower(u.Hostname())
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// LegacySSE reports whether the endpoint is a 2024-11-05 HTTP+SSE server
// rather than a Streamable HTTP one: a GET opens an SSE stream whose first
// event is "endpoint" (2026-07-28/basic/transports/streamable-http.mdx,
// "HTTP+SSE Transport (2024-11-05)"). The caller asks once POSTs have failed.
// The GET is recorded; its stream is closed after the first event.
func (t *Transport) LegacySSE() bool {
	ctx, cancel := context.WithTimeout(t.ctx, min(t.opts.Timeout, 5*time.Second))
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, t.url, nil)
	if err != nil {
		return false
	}
	req.Header.Set("Accept", "text/event-stream")
	for k, vs := range t.opts.Header {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	ev := &sdk.HTTP{Method: http.MethodGet, URL: stripQuery(req.URL), Purpose: sdk.HTTPPurposeGET, Request: protocolHeaderValues(req.Header, requestHeaders)}
	resp, err := t.opts.Client.Do(req)
	if err != nil {
		ev.Error = err.Error()
		t.rec.Event(sdk.Event{Kind: sdk.EventHTTP, HTTP: ev})
		return false
	}
	defer resp.Body.Close()
	ev.Status, ev.ContentType = resp.StatusCode, resp.Header.Get("Content-Type")
	t.rec.Event(sdk.Event{Kind: sdk.EventHTTP, HTTP: ev})
	mt, _, _ := strings.Cut(strings.ToLower(ev.ContentType), ";")
	if resp.StatusCode != http.StatusOK || strings.TrimSpace(mt) != "text/event-stream" {
		return false
	}
	e, err := NewSSEReader(resp.Body, bodyExcerpt).Next()
	if err != nil {
		return false
	}
	t.rec.Event(sdk.Event{Kind: sdk.EventSSE, HTTP: &sdk.HTTP{Method: http.MethodGet, SSE: &sdk.SSEEvent{ID: e.ID, Event: e.Type}}})
	return e.Type == "endpoint"
}
