package conformance

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/url"
	"slices"
	"strings"

	"github.com/mcplint/mcplint/internal/snip"
	"github.com/mcplint/mcplint/rules/internal/wire"
	"github.com/mcplint/mcplint/sdk"
)

// The Streamable HTTP transport rules read the http and sse events the
// transport records (sdk.EventHTTP, sdk.EventSSE); a stdio session has
// none, so they are silent for it.

// httpEvent is one recorded HTTP exchange with its record index.
type httpEvent struct {
	Index int
	ID    json.RawMessage
	*sdk.HTTP
}

// httpEvents lists the session's HTTP exchanges; nil for stdio.
func httpEvents(ss *wire.Session) []httpEvent {
	var out []httpEvent
	for _, e := range ss.Events {
		if e.Kind == sdk.EventHTTP && e.HTTP != nil {
			out = append(out, httpEvent{Index: e.Index, ID: e.ID, HTTP: e.HTTP})
		}
	}
	return out
}

// mediaType is a Content-Type without its parameters, lower case.
func mediaType(ct string) string {
	mt, _, _ := strings.Cut(ct, ";")
	return strings.ToLower(strings.TrimSpace(mt))
}

// bodyErrorCode is the JSON-RPC error code of a recorded body, ok false
// when it is not a JSON-RPC error.
func bodyErrorCode(body string) (code int, ok bool) {
	var m struct {
		Error *struct {
			Code int `json:"code"`
		} `json:"error"`
	}
	if json.Unmarshal([]byte(body), &m) != nil || m.Error == nil {
		return 0, false
	}
	return m.Error.Code, true
}

func status(e httpEvent) string {
	if e.Status == 0 {
		return "no answer (" + e.Error + ")"
	}
	s := fmt.Sprintf("HTTP %d", e.Status)
	if e.ContentType != "" {
		s += " (" + e.ContentType + ")"
	}
	return s
}

// httpRule is a Streamable HTTP transport rule: its Meta (all are
// conformance rules, on by default, documented in docs/NAME.md) and a
// check of the session's HTTP exchanges, evs. It is silent without a
// transcript.
type httpRule struct {
	meta  sdk.Meta
	check func(ss *wire.Session, evs []httpEvent, report func(sdk.Issue))
}

func (r httpRule) Meta() sdk.Meta {
	m := r.meta
	m.Category, m.Default, m.Doc = sdk.CategoryConformance, true, doc(m.Name)
	m.Uses = []string{parsedSession.Name}
	return m
}

func (r httpRule) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	if ss := session(ctx, s); ss != nil {
		r.check(ss, httpEvents(ss), report)
	}
	return nil
}

// probeEvent is the answer to the transport probe of purpose, if it ran
// and got an answer.
func probeEvent(evs []httpEvent, purpose string) (httpEvent, bool) {
	for _, e := range evs {
		if e.Purpose == purpose && e.Status != 0 {
			return e, true
		}
	}
	return httpEvent{}, false
}

// httpNotificationStatus: a notification or response POST that the server
// accepted must be answered 202 with no body.
var httpNotificationStatus = httpRule{
	meta: sdk.Meta{
		Name: "http-notification-status", Severity: sdk.Error,
		Summary: "A notification or response POSTed over HTTP is answered 202 Accepted with no body",
		Source:  "2025-11-25/basic/transports.mdx#sending-messages-to-the-server",
		Since:   "2025-03-26",
	},
	check: func(ss *wire.Session, evs []httpEvent, report func(sdk.Issue)) {
		const fix = "answer a POST that carries a notification or a response with 202 Accepted and an empty body; if you cannot accept it, answer with an HTTP error status such as 400"
		for _, e := range evs {
			if e.Purpose != "" || (e.Sent != "notification" && e.Sent != "response") || e.Status == 0 || e.Status >= 400 {
				continue
			}
			switch {
			case e.Status != 202:
				at(report, e.Index, fmt.Sprintf("a POST carrying a %s was answered %s, not 202 Accepted", e.Sent, status(e)), fix)
			case e.Body != "":
				at(report, e.Index, fmt.Sprintf("a POST carrying a %s was answered 202 with a body: %q", e.Sent, e.Body), fix)
			}
		}
	},
}

// httpContentType: a request POST is answered with JSON or an SSE stream.
var httpContentType = httpRule{
	meta: sdk.Meta{
		Name: "http-content-type", Severity: sdk.Error,
		Summary: "A request POSTed over HTTP is answered with application/json or text/event-stream",
		Source:  "2025-11-25/basic/transports.mdx#sending-messages-to-the-server",
		Since:   "2025-03-26",
	},
	check: func(ss *wire.Session, evs []httpEvent, report func(sdk.Issue)) {
		for _, e := range evs {
			if e.Purpose != "" || e.Sent != "request" || e.Status == 0 || e.Status >= 300 {
				continue
			}
			if mt := mediaType(e.ContentType); mt != "application/json" && mt != "text/event-stream" {
				ct := e.ContentType
				if ct == "" {
					ct = "no Content-Type"
				}
				at(report, e.Index, fmt.Sprintf("a request (id %s) was answered HTTP %d with %s", e.ID, e.Status, ct),
					"answer every request POST with Content-Type: application/json (one JSON-RPC response) or text/event-stream (an SSE stream ending with the response)")
			}
		}
	},
}

// httpGetStream: GET on the MCP endpoint opens an SSE stream or is 405.
var httpGetStream = httpRule{
	meta: sdk.Meta{
		Name: "http-get-stream", Severity: sdk.Error, Era: sdk.EraLegacy,
		Summary: "GET on the MCP endpoint opens an SSE stream or is answered 405 Method Not Allowed",
		Source:  "2025-11-25/basic/transports.mdx#listening-for-messages-from-the-server",
		Since:   "2025-03-26",
	},
	check: func(ss *wire.Session, evs []httpEvent, report func(sdk.Issue)) {
		e, ok := probeEvent(evs, sdk.HTTPPurposeGET)
		if !ok || e.Status == 405 || (e.Status/100 == 2 && mediaType(e.ContentType) == "text/event-stream") {
			return
		}
		at(report, e.Index, "GET on the MCP endpoint (Accept: text/event-stream) was answered "+status(e)+", neither an SSE stream nor 405",
			"answer GET with Content-Type: text/event-stream to offer a stream for server messages, or with 405 Method Not Allowed when you offer none")
	},
}

// httpSessionID: session ids are visible ASCII.
var httpSessionID = httpRule{
	meta: sdk.Meta{
		Name: "http-session-id", Severity: sdk.Error, Era: sdk.EraLegacy,
		Summary: "An MCP-Session-Id holds only visible ASCII characters (0x21 to 0x7E)",
		Source:  "2025-11-25/basic/transports.mdx#session-management",
		Since:   "2025-03-26",
	},
	check: func(ss *wire.Session, evs []httpEvent, report func(sdk.Issue)) {
		seen := map[string]bool{}
		for _, e := range evs {
			id, ok := e.Response["MCP-Session-Id"]
			if !ok || seen[id] {
				continue
			}
			seen[id] = true
			for i := 0; i < len(id); i++ {
				if c := id[i]; c < 0x21 || c > 0x7e {
					at(report, e.Index, fmt.Sprintf("the server assigned session id %q, which holds byte 0x%02x at %d, outside visible ASCII", id, c, i),
						"make session ids of visible ASCII only, e.g. a random UUID or a base64url token")
					break
				}
			}
			if id == "" {
				at(report, e.Index, "the server assigned an empty session id", "make session ids of visible ASCII only, e.g. a random UUID or a base64url token")
			}
		}
	},
}

// httpTerminatedSession: a request with an ended session's id gets 404.
var httpTerminatedSession = httpRule{
	meta: sdk.Meta{
		Name: "http-terminated-session", Severity: sdk.Warning, Era: sdk.EraLegacy,
		Summary: "A request with the id of a session the client ended with DELETE is answered 404 Not Found",
		Source:  "2025-11-25/basic/transports.mdx#session-management",
		Since:   "2025-03-26",
	},
	check: func(ss *wire.Session, evs []httpEvent, report func(sdk.Issue)) {
		e, ok := probeEvent(evs, sdk.HTTPPurposeAfterSessionEnd)
		if !ok || e.Status == 404 {
			return
		}
		at(report, e.Index, "after the client ended the session with DELETE, a request with its MCP-Session-Id was answered "+status(e)+", not 404",
			"answer requests that carry an ended or unknown session id with 404 Not Found, so clients know to start a new session with initialize")
	},
}

// knownVersions are the published protocol revisions.
var knownVersions = []string{"2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28"}

// httpProtocolVersionHeader: an invalid or (for a modern-only server) a
// missing MCP-Protocol-Version is refused with 400.
var httpProtocolVersionHeader = httpRule{
	meta: sdk.Meta{
		Name: "http-protocol-version-header", Severity: sdk.Error,
		Summary: "A request with an unsupported MCP-Protocol-Version header (or, to a 2026-07-28-only server, none) is answered 400",
		Source:  "2026-07-28/basic/transports/streamable-http.mdx#protocol-version-header",
		Since:   "2025-06-18",
	},
	check: func(ss *wire.Session, evs []httpEvent, report func(sdk.Issue)) {
		const fix = "answer a request whose MCP-Protocol-Version header names a version you do not support with 400 Bad Request (in 2026-07-28, with an UnsupportedProtocolVersion error listing the supported versions)"
		if e, ok := probeEvent(evs, sdk.HTTPPurposeBadVersion); ok && e.Status != 400 {
			at(report, e.Index, fmt.Sprintf("a request with MCP-Protocol-Version: %s was answered %s, not 400", e.Request["MCP-Protocol-Version"], status(e)), fix)
		}
		for _, e := range evs {
			v := e.Request["MCP-Protocol-Version"]
			if e.Purpose != "" || e.Sent != "request" || v == "" || slices.Contains(knownVersions, v) || e.Status == 0 || e.Status == 400 {
				continue
			}
			at(report, e.Index, fmt.Sprintf("a request with MCP-Protocol-Version: %s, a version no revision defines, was answered %s, not 400", v, status(e)), fix)
		}
		if e, ok := probeEvent(evs, sdk.HTTPPurposeMissingVersion); ok && e.Status != 400 && !offersLegacy(ss) {
			at(report, e.Index, "the server speaks only 2026-07-28, yet a request without MCP-Protocol-Version was answered "+status(e)+", not 400",
				"reject a request without the MCP-Protocol-Version header with 400 Bad Request and a HeaderMismatch (-32020) error, unless you also serve clients older than 2025-06-18")
		}
	},
}

// offersLegacy reports whether the server's DiscoverResult lists a
// handshake-era version: such a server MAY read a missing header as
// 2025-03-26.
func offersLegacy(ss *wire.Session) bool {
	if ss.Discover == nil || ss.Discover.Pair == nil {
		return true
	}
	var res struct {
		SupportedVersions []string `json:"supportedVersions"`
	}
	json.Unmarshal(ss.Discover.Pair.Obj["result"], &res)
	return slices.ContainsFunc(res.SupportedVersions, func(v string) bool { return v < "2026-07-28" })
}

// httpHeaderMismatch: a modern request whose headers differ from its body
// is rejected with 400 and -32020.
var httpHeaderMismatch = httpRule{
	meta: sdk.Meta{
		Name: "http-header-mismatch", Severity: sdk.Error, Era: sdk.EraModern,
		Summary: "A request whose Mcp-Method header differs from its body is rejected with 400 and HeaderMismatch (-32020)",
		Source:  "2026-07-28/basic/transports/streamable-http.mdx#server-validation",
	},
	check: func(ss *wire.Session, evs []httpEvent, report func(sdk.Issue)) {
		e, ok := probeEvent(evs, sdk.HTTPPurposeHeaderMismatch)
		if !ok {
			return
		}
		const fix = "compare Mcp-Method, Mcp-Name and MCP-Protocol-Version with the body and reject a request where they differ with 400 Bad Request and error code -32020 (HeaderMismatch)"
		code, isErr := bodyErrorCode(e.Body)
		switch {
		case e.Status != 400:
			at(report, e.Index, "a tools/list request sent with Mcp-Method: prompts/list was answered "+status(e)+", not 400", fix)
		case !isErr || code != -32020:
			got := "no JSON-RPC error"
			if isErr {
				got = fmt.Sprintf("error code %d", code)
			}
			at(report, e.Index, "a tools/list request sent with Mcp-Method: prompts/list was refused with 400 but "+got+", not HeaderMismatch (-32020)", fix)
		}
	},
}

// httpUnknownMethodStatus: in the modern era an unknown method is 404.
var httpUnknownMethodStatus = httpRule{
	meta: sdk.Meta{
		Name: "http-unknown-method-status", Severity: sdk.Error, Era: sdk.EraModern,
		Summary: "A request for a method the server does not implement is answered 404 Not Found with -32601",
		Source:  "2026-07-28/basic/transports/streamable-http.mdx#protocol-version-header",
	},
	check: func(ss *wire.Session, evs []httpEvent, report func(sdk.Issue)) {
		for _, e := range evs {
			method := e.Request["Mcp-Method"]
			if e.Purpose != "" || e.Sent != "request" || method == "" || protocolMethods[method] || e.Status == 0 || e.Status == 404 {
				continue
			}
			at(report, e.Index, fmt.Sprintf("a request for %q, a method no revision defines, was answered %s, not 404", method, status(e)),
				"answer a request for a method you do not implement with 404 Not Found and a JSON-RPC error with code -32601; the error body tells it apart from a legacy server's 404")
		}
	},
}

// httpDuplicateMessage: one message on one stream only; SSE event ids
// unique across streams.
var httpDuplicateMessage = httpRule{
	meta: sdk.Meta{
		Name: "http-duplicate-message", Severity: sdk.Error, Era: sdk.EraLegacy,
		Summary: "The server sends each message on one SSE stream only, and SSE event ids are unique across streams",
		Source:  "2025-11-25/basic/transports.mdx#multiple-connections",
		Since:   "2025-03-26",
	},
	check: func(ss *wire.Session, evs []httpEvent, report func(sdk.Issue)) {
		ids := map[string]int{} // SSE event id: the stream it first came on
		for _, e := range ss.Events {
			if e.Kind != sdk.EventSSE || e.HTTP == nil {
				continue
			}
			if e.HTTP.DuplicateOf != 0 {
				at(report, e.Index+1, fmt.Sprintf("the same message came on SSE stream %d and on stream %d", e.HTTP.DuplicateOf, e.HTTP.Stream),
					"send each JSON-RPC message on one of the connected streams only; never broadcast it to several")
				continue
			}
			if e.HTTP.SSE == nil || e.HTTP.SSE.ID == "" {
				continue
			}
			id := e.HTTP.SSE.ID
			if first, ok := ids[id]; ok && first != e.HTTP.Stream {
				at(report, e.Index, fmt.Sprintf("SSE event id %q came on stream %d after stream %d used it", id, e.HTTP.Stream, first),
					"make SSE event ids unique across all streams of a session, e.g. by prefixing each with its stream's id")
				continue
			}
			ids[id] = e.HTTP.Stream
		}
	},
}

// httpOriginCheck: a local server refuses a foreign Origin with 403.
var httpOriginCheck = httpRule{
	meta: sdk.Meta{
		Name: "http-origin-check", Severity: sdk.Warning,
		Summary: "A server on localhost refuses a request with a foreign Origin with 403 (DNS rebinding)",
		Source:  "2025-11-25/basic/transports.mdx#security-warning",
		Since:   "2025-11-25",
	},
	check: func(ss *wire.Session, evs []httpEvent, report func(sdk.Issue)) {
		e, ok := probeEvent(evs, sdk.HTTPPurposeForeignOrigin)
		if !ok || e.Status == 403 {
			return
		}
		at(report, e.Index, fmt.Sprintf("the server listens on this machine, and a request with Origin: %s was answered %s, not 403: any web page the user opens can reach it through DNS rebinding", e.Request["Origin"], status(e)),
			"check the Origin header of every request and answer one from a site you do not expect with 403 Forbidden (allow only your own origins, or none)")
	},
}

// httpAuthDiscovery: a 401 leads to protected resource metadata that
// lists authorization servers.
var httpAuthDiscovery = httpRule{
	meta: sdk.Meta{
		Name: "http-auth-discovery", Severity: sdk.Error,
		Summary: "A 401 leads a client to protected resource metadata (RFC 9728) that lists its authorization servers",
		Source:  "2025-11-25/basic/authorization.mdx#protected-resource-metadata-discovery-requirements",
		Since:   "2025-06-18",
	},
	check: func(ss *wire.Session, evs []httpEvent, report func(sdk.Issue)) {
		i := slices.IndexFunc(evs, func(e httpEvent) bool { return e.Purpose == "" && e.Status == 401 })
		if i < 0 {
			return
		}
		challenge := evs[i]
		var metadata []httpEvent
		for _, e := range evs {
			if e.Purpose == sdk.HTTPPurposeResourceMetadata {
				metadata = append(metadata, e)
			}
		}
		hasParam := strings.Contains(strings.ToLower(challenge.Response["WWW-Authenticate"]), "resource_metadata=")
		found := slices.IndexFunc(metadata, func(e httpEvent) bool { return e.Status == 200 })
		switch {
		case found < 0 && !hasParam:
			at(report, challenge.Index, fmt.Sprintf("the server answered 401 with WWW-Authenticate %q, which names no resource_metadata, and serves no protected resource metadata at the well-known URIs", challenge.Response["WWW-Authenticate"]),
				`add resource_metadata="https://…/.well-known/oauth-protected-resource" to the WWW-Authenticate header of 401 answers, and serve that RFC 9728 document`)
			return
		case found < 0:
			last := metadata[len(metadata)-1]
			at(report, last.Index, "the resource_metadata URL of the 401's WWW-Authenticate header was answered "+status(last)+", not 200 with the metadata",
				"serve the RFC 9728 protected resource metadata document at the URL the WWW-Authenticate header names")
			return
		}
		doc := metadata[found]
		var prm struct {
			AuthorizationServers []string `json:"authorization_servers"`
		}
		if json.Unmarshal([]byte(doc.Body), &prm) != nil || len(prm.AuthorizationServers) == 0 {
			// The start of the body is enough to act on; the rest of what a
			// metadata URL answered is not the report's to carry.
			at(report, doc.Index, fmt.Sprintf("the protected resource metadata at %s lists no authorization_servers: %q", doc.URL, snip.Runes(doc.Body, 200)),
				`list at least one authorization server in the metadata: "authorization_servers": ["https://auth.example.com"]`)
			return
		}
		report(sdk.Issue{Tool: sdk.OwnerServer, Severity: sdk.Info, Pointer: wire.RecordPointer(challenge.Index),
			Message: fmt.Sprintf("the server requires authorization (401; authorization servers %s): mcplint linted its authorization posture only, not its tools", strings.Join(prm.AuthorizationServers, ", ")),
			Fix:     "pass a token to lint the tools too: --header 'Authorization: Bearer ${env:TOKEN}' or [server] headers in .mcplint.toml"})
	},
}

// httpPlaintext: plain http:// to a host that is not this machine.
var httpPlaintext = httpRule{
	meta: sdk.Meta{
		Name: "http-plaintext", Severity: sdk.Warning,
		Summary: "A remote server is reached over https://, not plain http://",
		Source:  "2025-11-25/basic/authorization.mdx#communication-security",
		Since:   "2025-03-26",
	},
	check: func(ss *wire.Session, evs []httpEvent, report func(sdk.Issue)) {
		if len(evs) == 0 {
			return
		}
		u, err := url.Parse(evs[0].URL)
		if err != nil || u.Scheme != "http" || loopbackHost(u.Hostname()) {
			return
		}
		at(report, evs[0].Index, fmt.Sprintf("the server at %s is reached over plain http:// on a host that is not this machine: its messages and any credentials cross the network unencrypted", evs[0].URL),
			"serve the MCP endpoint over https:// (TLS), and point clients at the https:// URL")
	},
}

func loopbackHost(host string) bool {
	host = strings.ToLower(host)
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
