package engine

import (
	"crypto"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mcplint/mcplint/engine/mcptest"
	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/sdk"
)

// The authorization rules against implementations nobody here wrote: the
// official TypeScript SDK's example server with its OAuth demo provider,
// and oauth2-mock-server (an independent OAuth 2 / OpenID Connect server)
// in front of a fixture MCP server. Both run on loopback only.

func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// startNPM runs argv (from mcptest.NPMServer) with env, listening on
// loopback only, and waits until every port accepts connections.
func startNPM(t *testing.T, argv []string, env []string, ports ...int) {
	t.Helper()
	preload, err := filepath.Abs("../testdata/auth/loopback.cjs")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(argv[0], append([]string{"--require", preload}, argv[1:]...)...)
	cmd.Env = append(os.Environ(), env...)
	mcptest.OwnGroup(cmd)
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { mcptest.KillGroup(cmd); cmd.Wait() })
	deadline := time.Now().Add(60 * time.Second)
	for _, p := range ports {
		for {
			c, err := net.DialTimeout("tcp", fmt.Sprintf("127.0.0.1:%d", p), time.Second)
			if err == nil {
				c.Close()
				break
			}
			if time.Now().After(deadline) {
				mcptest.KillGroup(cmd)
				cmd.Wait()
				t.Fatalf("%s did not listen on port %d: %s", strings.Join(argv, " "), p, out.String())
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
}

// findings lists tg's issues of severity warning or error as "rule:
// message", logging each.
func findings(t *testing.T, tg *result.Target) []string {
	var out []string
	for _, is := range tg.Issues {
		t.Logf("%s %s: %s", is.Severity, is.Rule, is.Message)
		if is.Severity == sdk.Error || is.Severity == sdk.Warning {
			out = append(out, is.Rule)
		}
	}
	return out
}

// noClient follows no redirect: the authorization code is in the first.
var noClient = &http.Client{Timeout: 10 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

// sdkDemoToken goes through the demo provider's authorization code flow
// with PKCE S256, as an MCP client would: dynamic client registration,
// the authorization request (the demo approves at once), the token
// request with the resource of the MCP server.
func sdkDemoToken(t *testing.T, as, resource string) string {
	t.Helper()
	const redirect = "http://localhost:1/callback"
	reg, err := noClient.Post(as+"/register", "application/json", strings.NewReader(
		`{"client_name":"mcplint test","redirect_uris":["`+redirect+`"],"token_endpoint_auth_method":"none","grant_types":["authorization_code"],"response_types":["code"]}`))
	if err != nil {
		t.Fatal(err)
	}
	var client struct {
		ClientID string `json:"client_id"`
	}
	json.NewDecoder(reg.Body).Decode(&client)
	reg.Body.Close()
	verifier := make([]byte, 32)
	rand.Read(verifier)
	v := base64.RawURLEncoding.EncodeToString(verifier)
	sum := sha256.Sum256([]byte(v))
	q := url.Values{"response_type": {"code"}, "client_id": {client.ClientID}, "redirect_uri": {redirect}, "state": {"s"},
		"code_challenge": {base64.RawURLEncoding.EncodeToString(sum[:])}, "code_challenge_method": {"S256"}, "resource": {resource}}
	auth, err := noClient.Get(as + "/authorize?" + q.Encode())
	if err != nil {
		t.Fatal(err)
	}
	auth.Body.Close()
	loc, err := url.Parse(auth.Header.Get("Location"))
	if err != nil || loc.Query().Get("code") == "" {
		t.Fatalf("the authorization request was answered %d, Location %q", auth.StatusCode, auth.Header.Get("Location"))
	}
	tok, err := noClient.PostForm(as+"/token", url.Values{"grant_type": {"authorization_code"}, "code": {loc.Query().Get("code")},
		"code_verifier": {v}, "client_id": {client.ClientID}, "redirect_uri": {redirect}, "resource": {resource}})
	if err != nil {
		t.Fatal(err)
	}
	defer tok.Body.Close()
	var token struct {
		AccessToken string `json:"access_token"`
	}
	body, _ := io.ReadAll(tok.Body)
	if json.Unmarshal(body, &token) != nil || token.AccessToken == "" {
		t.Fatalf("the token request was answered %d: %s", tok.StatusCode, body)
	}
	return token.AccessToken
}

// TestAuthTypeScriptSDKDemo lints the TypeScript SDK's example server
// (--oauth, its demo authorization server on a port of its own) without a
// token and with one it issued.
func TestAuthTypeScriptSDKDemo(t *testing.T) {
	argv := mcptest.NPMServer(t, "@modelcontextprotocol/sdk/dist/esm/examples/server/simpleStreamableHttp.js", "--oauth")
	mcpPort, authPort := freePort(t), freePort(t)
	startNPM(t, argv, []string{fmt.Sprintf("MCP_PORT=%d", mcpPort), fmt.Sprintf("MCP_AUTH_PORT=%d", authPort)}, mcpPort, authPort)
	// The URL the server names itself by: its metadata's resource.
	endpoint := fmt.Sprintf("http://localhost:%d/mcp", mcpPort)

	without := findings(t, lintURL(t, endpoint))
	token := sdkDemoToken(t, fmt.Sprintf("http://localhost:%d", authPort), endpoint)
	tg := lintURL(t, endpoint, "Authorization: Bearer "+token)
	with := findings(t, tg)
	if tg.Counts.Tools == 0 {
		t.Errorf("with the token mcplint listed no tools")
	}
	// True: the 401 challenge of requireBearerAuth names no scope, and
	// "MCP servers SHOULD include a scope parameter in the
	// WWW-Authenticate header" (2025-11-25).
	checkAuthFindings(t, "without a token", without, "http-auth-scope")
	// True: the example's token verifier throws a plain Error for a token
	// the introspection endpoint does not know, which requireBearerAuth
	// answers 500, where "Invalid or expired tokens MUST receive a HTTP
	// 401 response" (2025-03-26 to 2026-07-28). With no 401 to the
	// session or the probe there is no challenge for the scope rule.
	checkAuthFindings(t, "with a token", with, "http-auth-invalid-token")
}

// checkAuthFindings fails unless the authorization findings of a run are
// exactly the expected rules.
func checkAuthFindings(t *testing.T, run string, got []string, expected ...string) {
	t.Helper()
	seen := map[string]bool{}
	for _, r := range got {
		if strings.HasPrefix(r, "http-auth-") {
			seen[r] = true
			if !slices.Contains(expected, r) {
				t.Errorf("%s: unexpected finding %s", run, r)
			}
		}
	}
	for _, r := range expected {
		if !seen[r] {
			t.Errorf("%s: no %s finding", run, r)
		}
	}
}

// jwtServer is a fixture MCP server (rawHTTPServer) that takes a JWT
// issued by the authorization server at issuer: signed with one of its
// keys (RS256), not expired, from that issuer; anything else is 401.
type jwtServer struct {
	issuer, base string
	mcp          http.Handler
}

func (s *jwtServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == "/.well-known/oauth-protected-resource/mcp" {
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"resource": s.base + "/mcp", "authorization_servers": []string{s.issuer}, "scopes_supported": []string{"mcp:tools"}})
		return
	}
	token, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	if !ok || s.verify(token) != nil {
		w.Header().Set("WWW-Authenticate", `Bearer error="invalid_token", resource_metadata="`+s.base+`/.well-known/oauth-protected-resource/mcp", scope="mcp:tools"`)
		http.Error(w, "unauthorized", http.StatusUnauthorized)
		return
	}
	s.mcp.ServeHTTP(w, r)
}

func (s *jwtServer) verify(token string) error {
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		return fmt.Errorf("not a JWT")
	}
	var head struct{ Alg, Kid string }
	var claims struct {
		Iss string `json:"iss"`
		Exp int64  `json:"exp"`
	}
	h, _ := base64.RawURLEncoding.DecodeString(parts[0])
	c, _ := base64.RawURLEncoding.DecodeString(parts[1])
	sig, err := base64.RawURLEncoding.DecodeString(parts[2])
	if err != nil || json.Unmarshal(h, &head) != nil || json.Unmarshal(c, &claims) != nil || head.Alg != "RS256" {
		return fmt.Errorf("malformed")
	}
	if claims.Iss != s.issuer || time.Now().Unix() >= claims.Exp {
		return fmt.Errorf("wrong issuer or expired")
	}
	resp, err := http.Get(s.issuer + "/jwks")
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	var set struct {
		Keys []struct{ Kid, N, E string }
	}
	if err := json.NewDecoder(resp.Body).Decode(&set); err != nil {
		return err
	}
	sum := sha256.Sum256([]byte(parts[0] + "." + parts[1]))
	for _, k := range set.Keys {
		n, err1 := base64.RawURLEncoding.DecodeString(k.N)
		e, err2 := base64.RawURLEncoding.DecodeString(k.E)
		if k.Kid != head.Kid || err1 != nil || err2 != nil {
			continue
		}
		pub := &rsa.PublicKey{N: new(big.Int).SetBytes(n), E: int(new(big.Int).SetBytes(e).Int64())}
		return rsa.VerifyPKCS1v15(pub, crypto.SHA256, sum[:], sig)
	}
	return fmt.Errorf("no key %q", head.Kid)
}

// TestAuthOAuth2MockServer lints a fixture MCP server whose authorization
// server is oauth2-mock-server: its metadata is OpenID Connect discovery
// only, so mcplint must fall back to it in the order the specification
// gives; the server takes only the JWTs it signs.
func TestAuthOAuth2MockServer(t *testing.T) {
	argv := mcptest.NPMServer(t, "oauth2-mock-server/dist/oauth2-mock-server.mjs")
	port := freePort(t)
	startNPM(t, append(argv, "-a", "127.0.0.1", "-p", fmt.Sprint(port)), nil, port)
	issuer := fmt.Sprintf("http://localhost:%d", port)
	js := &jwtServer{issuer: issuer, mcp: &rawHTTPServer{sessions: map[string]bool{}}}
	srv := httptest.NewServer(js)
	defer srv.Close()
	js.base = srv.URL

	without := findings(t, lintURL(t, srv.URL+"/mcp"))
	resp, err := noClient.PostForm(issuer+"/token", url.Values{"grant_type": {"client_credentials"}, "client_id": {"mcplint-test"}, "scope": {"mcp:tools"}})
	if err != nil {
		t.Fatal(err)
	}
	var token struct {
		AccessToken string `json:"access_token"`
	}
	json.NewDecoder(resp.Body).Decode(&token)
	resp.Body.Close()
	if js.verify(token.AccessToken) != nil {
		t.Fatalf("the fixture refuses the token the authorization server issued")
	}
	tg := lintURL(t, srv.URL+"/mcp", "Authorization: Bearer "+token.AccessToken)
	with := findings(t, tg)
	if tg.Counts.Tools == 0 {
		t.Errorf("with the token mcplint listed no tools")
	}
	// True: its metadata (found by the OpenID Connect fallback, which
	// proves the fallback) has neither registration_endpoint nor
	// client_id_metadata_document_supported, where "Authorization servers
	// and MCP clients SHOULD support OAuth Client ID Metadata Documents"
	// (2025-11-25). A warning, not an error.
	checkAuthFindings(t, "without a token", without, "http-auth-registration")
	checkAuthFindings(t, "with a token", with, "http-auth-registration")
}
