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

// exchanges is the session's transcript and its HTTP exchanges: both nil
// without a transcript, evs nil for stdio, so an HTTP rule is silent for
// both.
func exchanges(ctx context.Context, s *sdk.Snapshot) (ss *wire.Session, evs []httpEvent) {
	if ss = session(ctx, s); ss != nil {
		evs = httpEvents(ss)
	}
	return ss, evs
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
type httpNotificationStatus struct{}

func (httpNotificationStatus) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "http-notification-status", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "A notification or response POSTed over HTTP is answered 202 Accepted with no body",
		Doc:     doc("http-notification-status"),
		Source:  "2025-11-25/basic/transports.mdx#sending-messages-to-the-server",
		Since:   "2025-03-26",
		Uses:    []string{parsedSession.Name},
	}
}

func (httpNotificationStatus) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	_, evs := exchanges(ctx, s)
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
	return nil
}

// httpContentType: a request POST is answered with JSON or an SSE stream.
type httpContentType struct{}

func (httpContentType) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "http-content-type", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "A request POSTed over HTTP is answered with application/json or text/event-stream",
		Doc:     doc("http-content-type"),
		Source:  "2025-11-25/basic/transports.mdx#sending-messages-to-the-server",
		Since:   "2025-03-26",
		Uses:    []string{parsedSession.Name},
	}
}

func (httpContentType) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	_, evs := exchanges(ctx, s)
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
	return nil
}

// httpGetStream: GET on the MCP endpoint opens an SSE stream or is 405.
type httpGetStream struct{}

func (httpGetStream) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "http-get-stream", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "GET on the MCP endpoint opens an SSE stream or is answered 405 Method Not Allowed",
		Doc:     doc("http-get-stream"),
		Source:  "2025-11-25/basic/transports.mdx#listening-for-messages-from-the-server",
		Since:   "2025-03-26",
		Era:     sdk.EraLegacy,
		Uses:    []string{parsedSession.Name},
	}
}

func (httpGetStream) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	_, evs := exchanges(ctx, s)
	e, ok := probeEvent(evs, sdk.HTTPPurposeGET)
	if !ok || e.Status == 405 || (e.Status/100 == 2 && mediaType(e.ContentType) == "text/event-stream") {
		return nil
	}
	at(report, e.Index, "GET on the MCP endpoint (Accept: text/event-stream) was answered "+status(e)+", neither an SSE stream nor 405",
		"answer GET with Content-Type: text/event-stream to offer a stream for server messages, or with 405 Method Not Allowed when you offer none")
	return nil
}

// httpSessionID: session ids are visible ASCII.
type httpSessionID struct{}

func (httpSessionID) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "http-session-id", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "An MCP-Session-Id holds only visible ASCII characters (0x21 to 0x7E)",
		Doc:     doc("http-session-id"),
		Source:  "2025-11-25/basic/transports.mdx#session-management",
		Since:   "2025-03-26",
		Era:     sdk.EraLegacy,
		Uses:    []string{parsedSession.Name},
	}
}

func (httpSessionID) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	_, evs := exchanges(ctx, s)
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
	return nil
}

// httpTerminatedSession: a request with an ended session's id gets 404.
type httpTerminatedSession struct{}

func (httpTerminatedSession) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "http-terminated-session", Category: sdk.CategoryConformance, Severity: sdk.Warning, Default: true,
		Summary: "A request with the id of a session the client ended with DELETE is answered 404 Not Found",
		Doc:     doc("http-terminated-session"),
		Source:  "2025-11-25/basic/transports.mdx#session-management",
		Since:   "2025-03-26",
		Era:     sdk.EraLegacy,
		Uses:    []string{parsedSession.Name},
	}
}

func (httpTerminatedSession) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	_, evs := exchanges(ctx, s)
	e, ok := probeEvent(evs, sdk.HTTPPurposeAfterSessionEnd)
	if !ok || e.Status == 404 {
		return nil
	}
	at(report, e.Index, "after the client ended the session with DELETE, a request with its MCP-Session-Id was answered "+status(e)+", not 404",
		"answer requests that carry an ended or unknown session id with 404 Not Found, so clients know to start a new session with initialize")
	return nil
}

// knownVersions are the published protocol revisions.
var knownVersions = []string{"2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28"}

// httpProtocolVersionHeader: an invalid or (for a modern-only server) a
// missing MCP-Protocol-Version is refused with 400.
type httpProtocolVersionHeader struct{}

func (httpProtocolVersionHeader) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "http-protocol-version-header", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "A request with an unsupported MCP-Protocol-Version header (or, to a 2026-07-28-only server, none) is answered 400",
		Doc:     doc("http-protocol-version-header"),
		Source:  "2026-07-28/basic/transports/streamable-http.mdx#protocol-version-header",
		Since:   "2025-06-18",
		Uses:    []string{parsedSession.Name},
	}
}

func (httpProtocolVersionHeader) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss, evs := exchanges(ctx, s)
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
	return nil
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
type httpHeaderMismatch struct{}

func (httpHeaderMismatch) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "http-header-mismatch", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "A request whose Mcp-Method header differs from its body is rejected with 400 and HeaderMismatch (-32020)",
		Doc:     doc("http-header-mismatch"),
		Source:  "2026-07-28/basic/transports/streamable-http.mdx#server-validation",
		Era:     sdk.EraModern,
		Uses:    []string{parsedSession.Name},
	}
}

func (httpHeaderMismatch) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	_, evs := exchanges(ctx, s)
	e, ok := probeEvent(evs, sdk.HTTPPurposeHeaderMismatch)
	if !ok {
		return nil
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
	return nil
}

// httpUnknownMethodStatus: in the modern era an unknown method is 404.
type httpUnknownMethodStatus struct{}

func (httpUnknownMethodStatus) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "http-unknown-method-status", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "A request for a method the server does not implement is answered 404 Not Found with -32601",
		Doc:     doc("http-unknown-method-status"),
		Source:  "2026-07-28/basic/transports/streamable-http.mdx#protocol-version-header",
		Era:     sdk.EraModern,
		Uses:    []string{parsedSession.Name},
	}
}

func (httpUnknownMethodStatus) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	_, evs := exchanges(ctx, s)
	for _, e := range evs {
		method := e.Request["Mcp-Method"]
		if e.Purpose != "" || e.Sent != "request" || method == "" || protocolMethods[method] || e.Status == 0 || e.Status == 404 {
			continue
		}
		at(report, e.Index, fmt.Sprintf("a request for %q, a method no revision defines, was answered %s, not 404", method, status(e)),
			"answer a request for a method you do not implement with 404 Not Found and a JSON-RPC error with code -32601; the error body tells it apart from a legacy server's 404")
	}
	return nil
}

// httpDuplicateMessage: one message on one stream only; SSE event ids
// unique across streams.
type httpDuplicateMessage struct{}

func (httpDuplicateMessage) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "http-duplicate-message", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "The server sends each message on one SSE stream only, and SSE event ids are unique across streams",
		Doc:     doc("http-duplicate-message"),
		Source:  "2025-11-25/basic/transports.mdx#multiple-connections",
		Since:   "2025-03-26",
		Era:     sdk.EraLegacy,
		Uses:    []string{parsedSession.Name},
	}
}

func (httpDuplicateMessage) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(ctx, s)
	if ss == nil {
		return nil
	}
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
	return nil
}

// httpOriginCheck: a local server refuses a foreign Origin with 403.
type httpOriginCheck struct{}

func (httpOriginCheck) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "http-origin-check", Category: sdk.CategoryConformance, Severity: sdk.Warning, Default: true,
		Summary: "A server on localhost refuses a request with a foreign Origin with 403 (DNS rebinding)",
		Doc:     doc("http-origin-check"),
		Source:  "2025-11-25/basic/transports.mdx#security-warning",
		Since:   "2025-11-25",
		Uses:    []string{parsedSession.Name},
	}
}

func (httpOriginCheck) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	_, evs := exchanges(ctx, s)
	e, ok := probeEvent(evs, sdk.HTTPPurposeForeignOrigin)
	if !ok || e.Status == 403 {
		return nil
	}
	at(report, e.Index, fmt.Sprintf("the server listens on this machine, and a request with Origin: %s was answered %s, not 403: any web page the user opens can reach it through DNS rebinding", e.Request["Origin"], status(e)),
		"check the Origin header of every request and answer one from a site you do not expect with 403 Forbidden (allow only your own origins, or none)")
	return nil
}

// httpAuthDiscovery: a 401 leads to protected resource metadata that
// lists authorization servers.
type httpAuthDiscovery struct{}

func (httpAuthDiscovery) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "http-auth-discovery", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "A 401 leads a client to protected resource metadata (RFC 9728) that lists its authorization servers",
		Doc:     doc("http-auth-discovery"),
		Source:  "2025-11-25/basic/authorization.mdx#protected-resource-metadata-discovery-requirements",
		Since:   "2025-06-18",
		Uses:    []string{parsedSession.Name},
	}
}

func (httpAuthDiscovery) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	_, evs := exchanges(ctx, s)
	i := slices.IndexFunc(evs, func(e httpEvent) bool { return e.Purpose == "" && e.Status == 401 })
	if i < 0 {
		return nil
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
		return nil
	case found < 0:
		last := metadata[len(metadata)-1]
		at(report, last.Index, "the resource_metadata URL of the 401's WWW-Authenticate header was answered "+status(last)+", not 200 with the metadata",
			"serve the RFC 9728 protected resource metadata document at the URL the WWW-Authenticate header names")
		return nil
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
		return nil
	}
	if challenge.Authorized {
		report(sdk.Issue{Tool: sdk.OwnerServer, Severity: sdk.Info, Pointer: wire.RecordPointer(challenge.Index),
			Message: fmt.Sprintf("the server refused the Authorization header you passed (401; authorization servers %s): mcplint linted its authorization posture only, not its tools", strings.Join(prm.AuthorizationServers, ", ")),
			Fix:     "pass a token the server accepts (one issued for this server by one of its authorization servers, not expired)"})
		return nil
	}
	report(sdk.Issue{Tool: sdk.OwnerServer, Severity: sdk.Info, Pointer: wire.RecordPointer(challenge.Index),
		Message: fmt.Sprintf("the server requires authorization (401; authorization servers %s): mcplint linted its authorization posture only, not its tools", strings.Join(prm.AuthorizationServers, ", ")),
		Fix:     "pass a token to lint the tools too: --header 'Authorization: Bearer ${env:TOKEN}' or [server] headers in .mcplint.toml"})
	return nil
}

// httpPlaintext: plain http:// to a host that is not this machine.
type httpPlaintext struct{}

func (httpPlaintext) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "http-plaintext", Category: sdk.CategoryConformance, Severity: sdk.Warning, Default: true,
		Summary: "A remote server is reached over https://, not plain http://",
		Doc:     doc("http-plaintext"),
		Source:  "2025-11-25/basic/authorization.mdx#communication-security",
		Since:   "2025-03-26",
		Uses:    []string{parsedSession.Name},
	}
}

func (httpPlaintext) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	_, evs := exchanges(ctx, s)
	if len(evs) == 0 {
		return nil
	}
	u, err := url.Parse(evs[0].URL)
	if err != nil || u.Scheme != "http" || loopbackHost(u.Hostname()) {
		return nil
	}
	at(report, evs[0].Index, fmt.Sprintf("the server at %s is reached over plain http:// on a host that is not this machine: its messages and any credentials cross the network unencrypted", evs[0].URL),
		"serve the MCP endpoint over https:// (TLS), and point clients at the https:// URL")
	return nil
}

func loopbackHost(host string) bool {
	host = strings.ToLower(host)
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
