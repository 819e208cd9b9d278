package conformance

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"sort"
	"strings"

	"github.com/mcplint/mcplint/internal/snip"
	"github.com/mcplint/mcplint/sdk"
)

// The authorization rules read what the transport recorded of a
// protected server: the 401 challenge, the protected resource metadata
// (RFC 9728) it led to, the metadata of the authorization servers that
// lists (RFC 8414 or OpenID Connect discovery), and, when the user passed
// a token, the invalid-token and token-in-query probes.

// authPosture is what the session recorded of a server's authorization.
type authPosture struct {
	endpoint  string     // the MCP endpoint
	challenge *httpEvent // the first 401 (the session's, else a probe's)
	prm       *httpEvent // the protected resource metadata answered 200
	prmDoc    protectedResource
	servers   []authServer // authorization server metadata answered 200
	asked     []httpEvent  // every authorization server metadata request
}

type protectedResource struct {
	Resource             *string  `json:"resource"`
	AuthorizationServers []string `json:"authorization_servers"`
	ScopesSupported      []string `json:"scopes_supported"`
}

type authServer struct {
	ev  httpEvent
	doc map[string]any
}

func posture(evs []httpEvent) authPosture {
	var p authPosture
	for i := range evs {
		e := &evs[i]
		if e.Purpose == "" && p.endpoint == "" && e.URL != "" {
			p.endpoint = e.URL
		}
		switch {
		case e.Status == 401 && (e.Purpose == "" || e.Purpose == sdk.HTTPPurposeInvalidToken) && p.challenge == nil:
			p.challenge = e
		case e.Purpose == sdk.HTTPPurposeResourceMetadata && e.Status == 200 && p.prm == nil:
			if json.Unmarshal([]byte(e.Body), &p.prmDoc) == nil {
				p.prm = e
			}
		case e.Purpose == sdk.HTTPPurposeAuthServerMetadata:
			p.asked = append(p.asked, *e)
			var doc map[string]any
			if e.Status == 200 && json.Unmarshal([]byte(e.Body), &doc) == nil {
				p.servers = append(p.servers, authServer{ev: *e, doc: doc})
			}
		}
	}
	return p
}

// protected reports whether the server showed that it wants a token: it
// answered 401, or serves protected resource metadata.
func (p authPosture) protected() bool { return p.challenge != nil || p.prm != nil }

// challengeParam is the auth-param name of a WWW-Authenticate challenge,
// "" when it has none.
func challengeParam(challenge, name string) string {
	l := strings.ToLower(challenge)
	for from := 0; ; {
		i := strings.Index(l[from:], name+"=")
		if i < 0 {
			return ""
		}
		i += from
		// A whole parameter name: at the start, or after a space or comma.
		if i > 0 && !strings.ContainsRune(" ,\t", rune(l[i-1])) {
			from = i + len(name)
			continue
		}
		v := challenge[i+len(name)+1:]
		if strings.HasPrefix(v, `"`) {
			if j := strings.IndexByte(v[1:], '"'); j >= 0 {
				return v[1 : j+1]
			}
			return v[1:]
		}
		if j := strings.IndexAny(v, ", "); j >= 0 {
			v = v[:j]
		}
		return v
	}
}

// sameResource reports whether resource identifies the MCP endpoint: the
// same URL, compared as RFC 3986 allows (scheme and host in any case,
// the scheme's default port, a trailing slash), or the same origin with a
// path of which the endpoint's is a sub-path (a less specific canonical
// URI, 2025-11-25/basic/authorization.mdx#canonical-server-uri).
func sameResource(resource, endpoint string) bool {
	r, err1 := url.Parse(resource)
	e, err2 := url.Parse(endpoint)
	if err1 != nil || err2 != nil || r.Host == "" || r.Fragment != "" || !sameOrigin(r, e) {
		return false
	}
	rp, ep := strings.TrimSuffix(r.EscapedPath(), "/"), strings.TrimSuffix(e.EscapedPath(), "/")
	return rp == ep || rp == "" || strings.HasPrefix(ep, rp+"/")
}

func sameOrigin(a, b *url.URL) bool {
	port := func(u *url.URL) string {
		if p := u.Port(); p != "" {
			return p
		}
		if strings.EqualFold(u.Scheme, "https") {
			return "443"
		}
		return "80"
	}
	return strings.EqualFold(a.Scheme, b.Scheme) && strings.EqualFold(a.Hostname(), b.Hostname()) && port(a) == port(b)
}

// plainHTTP reports whether u is a plain http:// URL to a host that is
// not this machine.
func plainHTTP(u string) bool {
	p, err := url.Parse(u)
	return err == nil && strings.EqualFold(p.Scheme, "http") && !loopbackHost(p.Hostname())
}

// httpAuthResource: the protected resource metadata names this server.
type httpAuthResource struct{}

func (httpAuthResource) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "http-auth-resource", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "The protected resource metadata's resource is the MCP server's own URL",
		Doc:     doc("http-auth-resource"),
		Source:  "2025-11-25/basic/authorization.mdx#authorization-server-location",
		Since:   "2025-06-18",
		Uses:    []string{parsedSession.Name},
	}
}

func (httpAuthResource) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	_, evs := exchanges(ctx, s)
	p := posture(evs)
	if p.prm == nil || p.endpoint == "" {
		return nil
	}
	const fix = `set "resource" in the protected resource metadata to the URL clients use for the MCP endpoint (for example "https://mcp.example.com/mcp"), the same one the tokens are issued for`
	switch r := p.prmDoc.Resource; {
	case r == nil || *r == "":
		at(report, p.prm.Index, fmt.Sprintf("the protected resource metadata at %s has no resource: a client cannot check that it describes this server, and must not use it", p.prm.URL), fix)
	case !sameResource(*r, p.endpoint):
		at(report, p.prm.Index, fmt.Sprintf("the protected resource metadata at %s names the resource %q, not this server (%s): a client must not use it, and tokens asked for that resource are not for this server", p.prm.URL, snip.Runes(*r, 200), p.endpoint), fix)
	}
	return nil
}

// httpAuthPKCE: each authorization server advertises PKCE with S256.
type httpAuthPKCE struct{}

func (httpAuthPKCE) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "http-auth-pkce", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "Each authorization server advertises PKCE S256 in code_challenge_methods_supported",
		Doc:     doc("http-auth-pkce"),
		Source:  "2025-11-25/basic/authorization.mdx#authorization-code-protection",
		Since:   "2025-11-25",
		Uses:    []string{parsedSession.Name},
	}
}

func (httpAuthPKCE) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	_, evs := exchanges(ctx, s)
	p := posture(evs)
	for _, as := range p.servers {
		methods, _ := as.doc["code_challenge_methods_supported"].([]any)
		if slices.Contains(methods, any("S256")) {
			continue
		}
		what := "has no code_challenge_methods_supported"
		if len(methods) > 0 {
			what = fmt.Sprintf("lists code_challenge_methods_supported %v, without S256", methods)
		}
		at(report, as.ev.Index, fmt.Sprintf("the authorization server metadata at %s %s: MCP clients must refuse to proceed with an authorization server that does not advertise PKCE", as.ev.URL, what),
			`support PKCE with S256 and say so in the metadata: "code_challenge_methods_supported": ["S256"]`)
	}
	return nil
}

// endpointKeys are the metadata members that name an authorization
// server endpoint (RFC 8414 section 2, OpenID Connect discovery).
var endpointKeys = []string{"issuer", "authorization_endpoint", "token_endpoint", "registration_endpoint", "jwks_uri",
	"introspection_endpoint", "revocation_endpoint", "userinfo_endpoint", "device_authorization_endpoint", "pushed_authorization_request_endpoint", "end_session_endpoint"}

// httpAuthHTTPS: authorization server endpoints are served over https.
type httpAuthHTTPS struct{}

func (httpAuthHTTPS) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "http-auth-https", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "Authorization servers and their endpoints are served over https:// (this machine excepted)",
		Doc:     doc("http-auth-https"),
		Source:  "2025-11-25/basic/authorization.mdx#communication-security",
		Since:   "2025-03-26",
		Uses:    []string{parsedSession.Name},
	}
}

func (httpAuthHTTPS) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	_, evs := exchanges(ctx, s)
	p := posture(evs)
	const fix = "serve the authorization server and every endpoint its metadata lists over https:// (TLS), and list the https:// URLs"
	if p.prm != nil {
		for _, as := range p.prmDoc.AuthorizationServers {
			if plainHTTP(as) {
				at(report, p.prm.Index, fmt.Sprintf("the protected resource metadata lists the authorization server %q over plain http://: authorization codes and tokens would cross the network unencrypted", snip.Runes(as, 200)), fix)
			}
		}
	}
	for _, as := range p.servers {
		var bad []string
		for _, k := range endpointKeys {
			if v, ok := as.doc[k].(string); ok && plainHTTP(v) {
				bad = append(bad, fmt.Sprintf("%s %q", k, snip.Runes(v, 200)))
			}
		}
		if len(bad) > 0 {
			sort.Strings(bad)
			at(report, as.ev.Index, fmt.Sprintf("the authorization server metadata at %s lists endpoints over plain http://: %s", as.ev.URL, strings.Join(bad, ", ")), fix)
		}
	}
	return nil
}

// httpAuthRegistration: an authorization server offers a way for a
// client it has never seen to register.
type httpAuthRegistration struct{}

func (httpAuthRegistration) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "http-auth-registration", Category: sdk.CategoryConformance, Severity: sdk.Warning, Default: true,
		Summary: "Each authorization server offers client ID metadata documents or dynamic client registration",
		Doc:     doc("http-auth-registration"),
		Source:  "2025-11-25/basic/authorization.mdx#client-registration-approaches",
		Since:   "2025-03-26",
		Uses:    []string{parsedSession.Name},
	}
}

func (httpAuthRegistration) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	_, evs := exchanges(ctx, s)
	p := posture(evs)
	for _, as := range p.servers {
		cimd, _ := as.doc["client_id_metadata_document_supported"].(bool)
		reg, _ := as.doc["registration_endpoint"].(string)
		if cimd || reg != "" {
			continue
		}
		at(report, as.ev.Index, fmt.Sprintf("the authorization server metadata at %s offers neither client ID metadata documents (client_id_metadata_document_supported) nor dynamic client registration (registration_endpoint): an MCP client it has never seen can only use it with credentials registered by hand", as.ev.URL),
			`support OAuth Client ID Metadata Documents and advertise "client_id_metadata_document_supported": true, or offer dynamic client registration (RFC 7591) at a registration_endpoint`)
	}
	return nil
}

// httpAuthScope: the 401 challenge names the scope to ask for, and a 403
// for a missing scope says insufficient_scope.
type httpAuthScope struct{}

func (httpAuthScope) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "http-auth-scope", Category: sdk.CategoryConformance, Severity: sdk.Warning, Default: true,
		Summary: "A 401 challenge names the scope a client should ask for, and a 403 for a missing scope says insufficient_scope",
		Doc:     doc("http-auth-scope"),
		Source:  "2025-11-25/basic/authorization.mdx#protected-resource-metadata-discovery-requirements",
		Since:   "2025-11-25",
		Uses:    []string{parsedSession.Name},
	}
}

func (httpAuthScope) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	_, evs := exchanges(ctx, s)
	p := posture(evs)
	// Without protected resource metadata the discovery itself is broken
	// (http-auth-discovery says so), and scopes are the lesser matter.
	if c := p.challenge; c != nil && p.prm != nil && challengeParam(c.Response["WWW-Authenticate"], "scope") == "" {
		msg := fmt.Sprintf("the 401's WWW-Authenticate header %q names no scope", snip.Runes(c.Response["WWW-Authenticate"], 300))
		if len(p.prmDoc.ScopesSupported) > 0 {
			msg += fmt.Sprintf(": clients fall back to asking for every scope in scopes_supported (%s), more than a request may need", strings.Join(p.prmDoc.ScopesSupported, " "))
		} else {
			msg += ", and no scopes_supported is in the protected resource metadata: clients cannot tell which scope to ask for"
		}
		at(report, c.Index, msg, `add the scopes the request needs to the challenge: WWW-Authenticate: Bearer resource_metadata="…", scope="mcp:tools"`)
	}
	for _, e := range evs {
		ch := e.Response["WWW-Authenticate"]
		if e.Status != 403 || !strings.HasPrefix(strings.ToLower(strings.TrimSpace(ch)), "bearer") {
			continue
		}
		if challengeParam(ch, "error") != "insufficient_scope" || challengeParam(ch, "scope") == "" {
			at(report, e.Index, fmt.Sprintf("a 403 answer's WWW-Authenticate header %q does not say error=\"insufficient_scope\" with the scope needed: a client cannot step up its authorization", snip.Runes(ch, 300)),
				`answer a token that lacks a scope with 403 and WWW-Authenticate: Bearer error="insufficient_scope", scope="…", resource_metadata="…"`)
		}
	}
	return nil
}

// httpAuthInvalidToken: an invalid token is refused with 401.
type httpAuthInvalidToken struct{}

func (httpAuthInvalidToken) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "http-auth-invalid-token", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "A request with an invalid bearer token is refused with 401, not served and not answered 500",
		Doc:     doc("http-auth-invalid-token"),
		Source:  "2025-11-25/basic/authorization.mdx#token-handling",
		Since:   "2025-03-26",
		Uses:    []string{parsedSession.Name},
	}
}

func (httpAuthInvalidToken) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	_, evs := exchanges(ctx, s)
	p := posture(evs)
	e, ok := probeEvent(evs, sdk.HTTPPurposeInvalidToken)
	if !ok || e.Status == 401 || !p.protected() {
		return nil
	}
	what := "not 401"
	switch {
	case e.Status/100 == 2:
		what = "so the server serves whoever sends any token"
	case e.Status/100 == 5:
		what = "a server error where the token should have been refused"
	}
	at(report, e.Index, fmt.Sprintf("a request with the invalid bearer token %q in place of yours was answered %s, %s", "mcplint-invalid-token-…", status(e), what),
		`validate every bearer token (signature or introspection, expiry, audience) and answer one that fails with 401 and WWW-Authenticate: Bearer error="invalid_token", resource_metadata="…"`)
	return nil
}

// httpAuthTokenInQuery: a token in the query string is not accepted.
type httpAuthTokenInQuery struct{}

func (httpAuthTokenInQuery) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "http-auth-token-in-query", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "A bearer token is accepted only from the Authorization header, never from the URL's query string",
		Doc:     doc("http-auth-token-in-query"),
		Source:  "2025-11-25/basic/authorization.mdx#token-requirements",
		Since:   "2025-03-26",
		Uses:    []string{parsedSession.Name},
	}
}

func (httpAuthTokenInQuery) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	_, evs := exchanges(ctx, s)
	invalid, ok := probeEvent(evs, sdk.HTTPPurposeInvalidToken)
	e, asked := probeEvent(evs, sdk.HTTPPurposeTokenInQuery)
	// Only a server that refuses a request with a bad token shows, by
	// serving this one, that it took the token from the query.
	if !ok || !asked || invalid.Status != 401 || e.Status/100 != 2 {
		return nil
	}
	at(report, e.Index, fmt.Sprintf("a request with your token in the access_token query parameter and no Authorization header was answered %s: tokens in URLs end up in logs, browser history and Referer headers", status(e)),
		"accept bearer tokens only from the Authorization header; answer a request without one 401, whatever its query string holds")
	return nil
}
