package engine

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/sdk"
)

// goodToken is the one bearer token the protected fixtures accept.
const goodToken = "good-token-5c1e"

// protectedServer is rawHTTPServer behind OAuth: it answers a request
// without goodToken 401 with a challenge that names its protected
// resource metadata and a scope, serves that metadata, and lists as its
// authorization server as (a separate origin) whose metadata is correct,
// except where brk breaks exactly one authorization rule.
type protectedServer struct {
	brk  string
	base string // the server's own origin, once listening
	as   string // the authorization server's origin
	raw  *rawHTTPServer
}

func (s *protectedServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == "/.well-known/oauth-protected-resource/mcp" {
		resource := s.base + "/mcp"
		if s.brk == "resource-mismatch" {
			resource = "https://mcp.example.com/mcp"
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"resource": resource, "authorization_servers": []string{s.as}, "scopes_supported": []string{"mcp:tools"}})
		return
	}
	token, given := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	ok := given && token == goodToken
	if s.brk == "token-in-query" && r.URL.Query().Get("access_token") == goodToken {
		ok = true
	}
	switch {
	case ok:
		s.raw.ServeHTTP(w, r)
	case given && s.brk == "bad-token-500":
		http.Error(w, "TypeError: cannot read properties of undefined (reading 'sub')", http.StatusInternalServerError)
	default:
		w.Header().Set("WWW-Authenticate", `Bearer error="invalid_token", resource_metadata="`+s.base+`/.well-known/oauth-protected-resource/mcp", scope="mcp:tools"`)
		http.Error(w, "unauthorized", http.StatusUnauthorized)
	}
}

// authServerMetadata serves RFC 8414 metadata for issuer, broken as brk
// says.
func authServerMetadata(brk string, issuer *string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/.well-known/oauth-authorization-server" {
			http.NotFound(w, r)
			return
		}
		doc := map[string]any{
			"issuer": *issuer, "authorization_endpoint": *issuer + "/authorize", "token_endpoint": *issuer + "/token",
			"registration_endpoint": *issuer + "/register", "response_types_supported": []string{"code"},
			"code_challenge_methods_supported": []string{"S256"},
		}
		switch brk {
		case "no-pkce":
			delete(doc, "code_challenge_methods_supported")
		case "plain-http-metadata":
			// A name, not this machine: the loopback exception does not apply.
			doc["token_endpoint"] = "http://auth.example.com/token"
		case "no-registration":
			delete(doc, "registration_endpoint")
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(doc)
	})
}

// startProtected starts a protected fixture and its authorization server
// on loopback, each behind wrap (nil for none).
func startProtected(t *testing.T, brk string, modern bool, wrap func(name string, h http.Handler) http.Handler) (mcpURL string) {
	t.Helper()
	if wrap == nil {
		wrap = func(_ string, h http.Handler) http.Handler { return h }
	}
	var issuer string
	as := httptest.NewServer(wrap("authorization server", authServerMetadata(brk, &issuer)))
	t.Cleanup(as.Close)
	issuer = as.URL
	ps := &protectedServer{brk: brk, as: as.URL, raw: &rawHTTPServer{modern: modern, sessions: map[string]bool{}}}
	srv := httptest.NewServer(wrap("mcp server", ps))
	t.Cleanup(srv.Close)
	ps.base = srv.URL
	return srv.URL + "/mcp"
}

// authFindings are the authorization rules' issues of tg, as rule names,
// without http-auth-discovery's info that says only the posture was linted.
func authFindings(tg *result.Target) []string {
	var out []string
	for _, is := range tg.Issues {
		if strings.HasPrefix(is.Rule, "http-auth-") && !(is.Rule == "http-auth-discovery" && is.Severity == sdk.Info) {
			out = append(out, is.Rule)
		}
	}
	return out
}

// TestProtectedHTTPFixtures lints protected servers, each breaking one
// authorization rule, with and without a token, through the whole engine:
// each must get its finding and no other authorization finding, and the
// correct server none.
func TestProtectedHTTPFixtures(t *testing.T) {
	tests := []struct {
		brk       string
		withToken bool
		rule      string
	}{
		{brk: "", rule: ""},
		{brk: "", withToken: true, rule: ""},
		{brk: "resource-mismatch", rule: "http-auth-resource"},
		{brk: "resource-mismatch", withToken: true, rule: "http-auth-resource"},
		{brk: "no-pkce", rule: "http-auth-pkce"},
		{brk: "plain-http-metadata", rule: "http-auth-https"},
		{brk: "no-registration", rule: "http-auth-registration"},
		{brk: "token-in-query", withToken: true, rule: "http-auth-token-in-query"},
		{brk: "bad-token-500", withToken: true, rule: "http-auth-invalid-token"},
	}
	for _, tc := range tests {
		for _, modern := range []bool{false, true} {
			name := tc.brk
			if name == "" {
				name = "correct"
			}
			if tc.withToken {
				name += " with a token"
			}
			if modern {
				name += " modern"
			}
			t.Run(name, func(t *testing.T) {
				url := startProtected(t, tc.brk, modern, nil)
				var headers []string
				if tc.withToken {
					headers = []string{"Authorization: Bearer " + goodToken}
				}
				tg := lintURL(t, url, headers...)
				if tc.withToken && tg.Counts.Tools == 0 {
					t.Errorf("with the token mcplint listed no tools: %+v", tg.Issues)
				}
				got := authFindings(tg)
				t.Logf("%d issues, authorization findings %q", len(tg.Issues), got)
				switch {
				case tc.rule == "" && len(got) > 0:
					t.Errorf("the correct server got %q: %+v", got, tg.Issues)
				case tc.rule != "" && !slices.Contains(got, tc.rule):
					t.Errorf("breaking %s did not give %s; authorization findings %q: %+v", tc.brk, tc.rule, got, tg.Issues)
				case tc.rule != "" && slices.ContainsFunc(got, func(r string) bool { return r != tc.rule }):
					t.Errorf("breaking %s gave other authorization findings too: %q", tc.brk, got)
				}
			})
		}
	}
}

// TestUserHeadersGoOnlyToTheServer lints a protected server with a token
// and a second header while a logging listener in front of every server
// records what each request carried: the MCP server gets both, the
// authorization server (which mcplint asks for its metadata) and a host
// the challenge points at (which mcplint does not ask) never get either.
func TestUserHeadersGoOnlyToTheServer(t *testing.T) {
	const apiKey = "api-key-41d7"
	type seen struct{ host, path, authorization, apiKey string }
	var mu sync.Mutex
	var log []seen
	wrap := func(name string, h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			mu.Lock()
			log = append(log, seen{name, r.URL.Path, r.Header.Get("Authorization"), r.Header.Get("X-Api-Key")})
			mu.Unlock()
			h.ServeHTTP(w, r)
		})
	}
	elsewhere := httptest.NewServer(wrap("elsewhere", http.NotFoundHandler()))
	defer elsewhere.Close()
	for _, withToken := range []bool{true, false} {
		url := startProtected(t, "", false, wrap)
		headers := []string{"X-Api-Key: " + apiKey}
		if withToken {
			headers = append(headers, "Authorization: Bearer "+goodToken)
		}
		lintURL(t, url, headers...)
	}
	// A challenge that sends mcplint to another host for the metadata.
	foreign := httptest.NewServer(wrap("mcp server", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("WWW-Authenticate", `Bearer resource_metadata="`+elsewhere.URL+`/.well-known/oauth-protected-resource"`)
		http.Error(w, "unauthorized", http.StatusUnauthorized)
	})))
	defer foreign.Close()
	lintURL(t, foreign.URL+"/mcp", "X-Api-Key: "+apiKey, "Authorization: Bearer "+goodToken)

	mu.Lock()
	defer mu.Unlock()
	asked := map[string]int{}
	for _, s := range log {
		asked[s.host]++
		if s.host == "mcp server" {
			continue
		}
		if s.authorization != "" || s.apiKey != "" {
			t.Errorf("a request to the %s (%s) carried a user header: Authorization %q, X-Api-Key %q", s.host, s.path, s.authorization, s.apiKey)
		}
	}
	if asked["authorization server"] == 0 || asked["elsewhere"] != 0 {
		t.Errorf("requests by host %v: the authorization server must be asked for its metadata, the foreign host never", asked)
	}
	var keyed bool
	for _, s := range log {
		keyed = keyed || (s.host == "mcp server" && s.apiKey == apiKey && s.authorization == "Bearer "+goodToken)
	}
	if !keyed {
		t.Errorf("the MCP server never got the user's headers")
	}
}
