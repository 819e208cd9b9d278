package streamhttp

import (
	"encoding/json"
	"net"
	"net/http"
	"net/url"
	"strings"

	"github.com/mcplint/mcplint/sdk"
)

// MetadataCap bounds the characters of a metadata document (protected
// resource or authorization server) that are recorded: enough for the
// metadata of real authorization servers, which list many endpoints and
// algorithms, and far less than a body a hostile server could send.
const MetadataCap = 64 << 10

// maxAuthServers bounds how many of the authorization servers a protected
// resource metadata document lists mcplint asks for their metadata.
const maxAuthServers = 4

// InvalidToken is the bearer token the invalid-token probe sends in place
// of the user's: well-formed, issued by nobody.
const InvalidToken = "mcplint-invalid-token-0000000000000000"

// fetchAuthServers asks each authorization server the protected resource
// metadata prm lists for its metadata, at the well-known URIs in the
// order the specification gives
// (2025-11-25/basic/authorization.mdx#authorization-server-metadata-discovery),
// stopping at the first that answers 200. These are the only hosts other
// than the server's own that mcplint asks anything, and never with the
// user's headers; no redirect is followed, and each answer is bounded by
// the timeout and MetadataCap.
func (t *Transport) fetchAuthServers(prm string) {
	var doc struct {
		AuthorizationServers []string `json:"authorization_servers"`
	}
	if json.Unmarshal([]byte(prm), &doc) != nil {
		return
	}
	for i, issuer := range doc.AuthorizationServers {
		if i == maxAuthServers {
			break
		}
		for _, u := range AuthServerMetadataURLs(issuer) {
			if reason := unaskable(u); reason != "" {
				t.rec.Event(sdk.Event{Kind: sdk.EventHTTP, HTTP: &sdk.HTTP{Method: http.MethodGet, URL: stripQuery(mustParse(u)), Purpose: sdk.HTTPPurposeAuthServerMetadata,
					Error: "mcplint did not fetch it: " + reason}})
				break
			}
			ev := t.rawCapped(http.MethodGet, u, sdk.HTTPPurposeAuthServerMetadata, "", nil, func(h http.Header) { h.Set("Accept", "application/json") }, false, MetadataCap)
			if ev != nil && ev.Status == http.StatusOK {
				break
			}
		}
	}
}

// AuthServerMetadataURLs are the URLs at which a client looks for the
// metadata of the authorization server issuer, in the order the
// specification gives: RFC 8414 with path insertion, OpenID Connect
// discovery with path insertion, then OpenID Connect discovery with path
// appending; for an issuer without a path, RFC 8414 then OpenID Connect.
// Nil when issuer is not an http(s) URL.
func AuthServerMetadataURLs(issuer string) []string {
	u, err := url.Parse(issuer)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil
	}
	origin := u.Scheme + "://" + u.Host
	path := strings.TrimSuffix(u.EscapedPath(), "/")
	if path == "" {
		return []string{origin + "/.well-known/oauth-authorization-server", origin + "/.well-known/openid-configuration"}
	}
	return []string{
		origin + "/.well-known/oauth-authorization-server" + path,
		origin + "/.well-known/openid-configuration" + path,
		origin + path + "/.well-known/openid-configuration",
	}
}

// unaskable says why mcplint does not fetch u, "" when it does: a
// metadata document is quoted into the report, so a server must not be
// able to point mcplint at a cloud metadata service or another
// link-local address through its list of authorization servers.
func unaskable(u string) string {
	p, err := url.Parse(u)
	if err != nil {
		return "it is not a URL"
	}
	host := strings.ToLower(p.Hostname())
	if ip := net.ParseIP(host); ip != nil && (ip.IsLinkLocalUnicast() || ip.IsUnspecified() || ip.IsMulticast()) {
		return "it is a link-local, unspecified or multicast address, where no authorization server is"
	}
	if host == "metadata.google.internal" {
		return "it names a cloud metadata service, not an authorization server"
	}
	return ""
}

// bearer is the token of the user's Authorization header, "" when the
// user passed none or not a bearer one.
func (t *Transport) bearer() string {
	scheme, token, ok := strings.Cut(strings.TrimSpace(t.opts.Header.Get("Authorization")), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return ""
	}
	return strings.TrimSpace(token)
}

// authorized reports whether h carries the user's Authorization header.
func (t *Transport) authorized(h http.Header) bool {
	user := t.opts.Header.Get("Authorization")
	return user != "" && h.Get("Authorization") == user
}

// authProbes run when the user passed a bearer token: the same harmless
// request (body, set the protocol headers) with the token replaced by an
// invalid one, which must be answered 401
// (2025-11-25/basic/authorization.mdx#token-handling), and with the token
// in the access_token query parameter and no Authorization header, which
// must not be accepted (#token-requirements). Between the two it fetches
// the protected resource metadata, as a 401 to the session would have.
func (t *Transport) authProbes(method string, body func(purpose string) []byte, set func(http.Header)) {
	token := t.bearer()
	if token == "" {
		return
	}
	ev := t.raw(http.MethodPost, t.url, sdk.HTTPPurposeInvalidToken, method+" with an invalid bearer token", body(sdk.HTTPPurposeInvalidToken),
		func(h http.Header) { set(h); h.Set("Authorization", "Bearer "+InvalidToken) }, true)
	// The metadata is fetched here when nothing asked for it before:
	// through the challenge of a 401, else at the well-known URIs, since a
	// server that takes bearer tokens is a protected resource whose
	// posture the rules judge, whatever it answered the invalid token.
	t.mu.Lock()
	first := !t.askedMetadata
	t.askedMetadata = true
	t.mu.Unlock()
	if first {
		challenge := ""
		if ev != nil && ev.Status == http.StatusUnauthorized {
			challenge = ev.Response["WWW-Authenticate"]
		}
		t.fetchMetadata(challenge)
	}
	u := mustParse(t.url)
	q := u.Query()
	q.Set("access_token", token)
	u.RawQuery = q.Encode()
	t.raw(http.MethodPost, u.String(), sdk.HTTPPurposeTokenInQuery, method+" with the token in the access_token query parameter instead of the header", body(sdk.HTTPPurposeTokenInQuery),
		func(h http.Header) { set(h); h.Del("Authorization") }, true)
}
