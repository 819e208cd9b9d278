package engine

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcplint/mcplint/config"
	"github.com/mcplint/mcplint/engine/mcptest"
	"github.com/mcplint/mcplint/engine/result"
)

// rawHTTPServer is a hand-written Streamable HTTP server that follows the
// transport rules except where break says otherwise, so that each broken
// fixture breaks exactly one rule.
type rawHTTPServer struct {
	modern bool
	brk    string

	mu       sync.Mutex
	sessions map[string]bool // id: still open
	next     int
	lastList []byte // the last tools/list response, for the broadcast fixture
}

const rawTools = `{"tools":[{"name":"echo","description":"Returns the text it is given, unchanged.","inputSchema":{"type":"object","properties":{"text":{"type":"string","description":"The text to return."}},"required":["text"]},"annotations":{"readOnlyHint":true}}]}`

func (s *rawHTTPServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if s.brk == "auth-discovery" {
		w.Header().Set("WWW-Authenticate", `Bearer realm="mcp"`)
		http.Error(w, "unauthorized", http.StatusUnauthorized)
		return
	}
	if s.brk != "origin-check" && (!loopback(r.Host) || r.Header.Get("Origin") != "" && !loopbackOrigin(r.Header.Get("Origin"))) {
		http.Error(w, "forbidden origin", http.StatusForbidden)
		return
	}
	switch r.Method {
	case http.MethodGet:
		if s.brk == "get-stream" {
			w.Header().Set("Content-Type", "text/html")
			io.WriteString(w, "<html>an MCP server</html>")
			return
		}
		http.Error(w, "no stream here", http.StatusMethodNotAllowed)
		return
	case http.MethodDelete:
		if s.modern {
			http.Error(w, "no sessions", http.StatusMethodNotAllowed)
			return
		}
		s.mu.Lock()
		s.sessions[r.Header.Get("MCP-Session-Id")] = false
		s.mu.Unlock()
		w.WriteHeader(http.StatusOK)
		return
	}
	body, _ := io.ReadAll(r.Body)
	var m struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
		Params struct {
			Meta map[string]any `json:"_meta"`
			Name string         `json:"name"`
		} `json:"params"`
	}
	json.Unmarshal(body, &m)
	if len(m.ID) == 0 {
		if s.brk == "notification-status" {
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, "{}")
			return
		}
		w.WriteHeader(http.StatusAccepted)
		return
	}
	if s.modern {
		s.modernRequest(w, r, m.ID, m.Method, m.Params.Name, m.Params.Meta)
		return
	}
	s.legacyRequest(w, r, m.ID, m.Method)
}

// loopback tells whether a Host header names this machine: the fixture
// listens on loopback, and a page that rebinds a name of its own to it
// sends that name.
func loopback(host string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.Trim(host, "[]")
	return host == "localhost" || net.ParseIP(host).IsLoopback()
}

// loopbackOrigin tells whether an Origin is a page served from this
// machine, the only origin the fixture lets in.
func loopbackOrigin(origin string) bool {
	u, err := url.Parse(origin)
	return err == nil && loopback(u.Host)
}

func rpcError(w http.ResponseWriter, status int, id json.RawMessage, code int, msg string, data string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	if data != "" {
		data = `,"data":` + data
	}
	fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"error":{"code":%d,"message":%q%s}}`, id, code, msg, data)
}

func (s *rawHTTPServer) legacyRequest(w http.ResponseWriter, r *http.Request, id json.RawMessage, method string) {
	sid := r.Header.Get("MCP-Session-Id")
	if method == "initialize" {
		s.mu.Lock()
		s.next++
		sid = fmt.Sprintf("session-%d", s.next)
		if s.brk == "session-id" {
			sid = fmt.Sprintf("session %d", s.next)
		}
		s.sessions[sid] = true
		s.mu.Unlock()
		w.Header().Set("MCP-Session-Id", sid)
		s.answer(w, id, `{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"raw-http","version":"1.0.0"}}`)
		return
	}
	s.mu.Lock()
	open, known := s.sessions[sid]
	s.mu.Unlock()
	switch {
	case !known:
		rpcError(w, http.StatusBadRequest, nil, -32000, "Bad Request: no valid session", "")
		return
	case !open && s.brk != "terminated-session":
		http.Error(w, "session ended", http.StatusNotFound)
		return
	}
	if v := r.Header.Get("MCP-Protocol-Version"); v != "2025-11-25" && s.brk != "protocol-version-header" {
		rpcError(w, http.StatusBadRequest, nil, -32000, "Bad Request: unsupported protocol version "+v, "")
		return
	}
	switch method {
	case "tools/list":
		s.answer(w, id, rawTools)
	case "ping":
		s.answer(w, id, `{}`)
	default:
		s.answerError(w, id, -32601, "Method not found")
	}
}

func (s *rawHTTPServer) modernRequest(w http.ResponseWriter, r *http.Request, id json.RawMessage, method, name string, meta map[string]any) {
	v := r.Header.Get("MCP-Protocol-Version")
	switch {
	case meta["io.modelcontextprotocol/protocolVersion"] == nil:
		rpcError(w, http.StatusBadRequest, id, -32602, "Invalid params: _meta lacks io.modelcontextprotocol/protocolVersion", "")
		return
	case v == "":
		rpcError(w, http.StatusBadRequest, id, -32020, "Header mismatch: MCP-Protocol-Version is missing", "")
		return
	case v != meta["io.modelcontextprotocol/protocolVersion"]:
		rpcError(w, http.StatusBadRequest, id, -32020, "Header mismatch: MCP-Protocol-Version", "")
		return
	case v != "2026-07-28":
		rpcError(w, http.StatusBadRequest, id, -32022, "Unsupported protocol version", `{"supported":["2026-07-28"],"requested":"`+v+`"}`)
		return
	case r.Header.Get("Mcp-Method") != method && s.brk != "header-mismatch":
		rpcError(w, http.StatusBadRequest, id, -32020, "Header mismatch: Mcp-Method", "")
		return
	case method == "tools/call" && strings.TrimSpace(r.Header.Get("Mcp-Name")) != name && s.brk != "name-mismatch":
		rpcError(w, http.StatusBadRequest, id, -32020, "Header mismatch: Mcp-Name", "")
		return
	case meta["io.modelcontextprotocol/clientCapabilities"] == nil && s.brk != "meta-field":
		status := http.StatusBadRequest
		if s.brk == "meta-field-status" {
			status = http.StatusOK
		}
		rpcError(w, status, id, -32602, "Invalid params: _meta lacks io.modelcontextprotocol/clientCapabilities", "")
		return
	}
	const cacheable = `"resultType":"complete","ttlMs":0,"cacheScope":"public",`
	switch method {
	case "server/discover":
		s.answer(w, id, `{`+cacheable+`"supportedVersions":["2026-07-28"],"capabilities":{"tools":{}},"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"raw-http","version":"1.0.0"}}}`)
	case "tools/list":
		s.answer(w, id, `{`+cacheable+rawTools[1:])
	case "tools/call":
		if name != "echo" {
			rpcError(w, http.StatusOK, id, -32602, "Unknown tool: "+name, "")
			return
		}
		s.answer(w, id, `{"resultType":"complete","content":[{"type":"text","text":"echoed"}]}`)
	default:
		status := http.StatusNotFound
		if s.brk == "unknown-method-status" {
			status = http.StatusBadRequest
		}
		rpcError(w, status, id, -32601, "Method not found", "")
	}
}

// answer sends a result: as JSON, or (broken for content-type) as text,
// or (broken for duplicate-message) on an SSE stream that first repeats
// the last tools/list response.
func (s *rawHTTPServer) answer(w http.ResponseWriter, id json.RawMessage, result string) {
	msg := []byte(fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"result":%s}`, id, result))
	switch s.brk {
	case "content-type":
		w.Header().Set("Content-Type", "text/plain")
		w.Write(msg)
	case "duplicate-message":
		w.Header().Set("Content-Type", "text/event-stream")
		s.mu.Lock()
		last := s.lastList
		if strings.Contains(result, `"tools"`) {
			s.lastList = msg
		}
		s.mu.Unlock()
		if last != nil {
			fmt.Fprintf(w, "data: %s\n\n", last)
		}
		fmt.Fprintf(w, "data: %s\n\n", msg)
	default:
		w.Header().Set("Content-Type", "application/json")
		w.Write(msg)
	}
}

func (s *rawHTTPServer) answerError(w http.ResponseWriter, id json.RawMessage, code int, msg string) {
	rpcError(w, http.StatusOK, id, code, msg, "")
}

// lintURL lints the server at url through the whole engine, with no
// plugins and no lock, passing headers as --header does; the one target
// must be linted.
func lintURL(t *testing.T, url string, headers ...string) *result.Target {
	t.Helper()
	return lintURLWith(t, url, Settings{Headers: headers})
}

// lintURLWith is lintURL with the settings s holds besides the URL.
func lintURLWith(t *testing.T, url string, s Settings) *result.Target {
	t.Helper()
	s.Args = []string{url}
	return lintWith(t, s)
}

// lintWith lints the one target s names (Args or Command) with the default
// config, no plugins and no lock file, and a timeout of 5 seconds when s
// sets none; the test fails when the target could not be linted.
func lintWith(t *testing.T, s Settings) *result.Target {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	s.Dir, s.Config, s.Plugins, s.NoLock = t.TempDir(), config.Default(), PluginSettings{Off: true}, true
	if s.Timeout == 0 {
		s.Timeout = 5 * time.Second
	}
	rep, err := Run(ctx, s)
	if err != nil {
		t.Fatal(err)
	}
	tg := rep.Targets[0]
	if tg.Error != nil {
		t.Fatalf("%q was not linted: %s", append(s.Args, s.Command...), *tg.Error)
	}
	return tg
}

// TestBrokenHTTPFixtures lints raw HTTP servers, each breaking one
// transport rule, through the whole engine: each must get its finding,
// and the correct ones none of the transport rules'.
func TestBrokenHTTPFixtures(t *testing.T) {
	mcptest.BusyIfLoad(t)
	tests := []struct {
		brk    string
		modern bool
		rule   string
	}{
		{brk: "", rule: ""},
		{brk: "", modern: true, rule: ""},
		{brk: "notification-status", rule: "http-notification-status"},
		{brk: "content-type", rule: "http-content-type"},
		{brk: "get-stream", rule: "http-get-stream"},
		{brk: "session-id", rule: "http-session-id"},
		{brk: "terminated-session", rule: "http-terminated-session"},
		{brk: "protocol-version-header", rule: "http-protocol-version-header"},
		{brk: "header-mismatch", modern: true, rule: "http-header-mismatch"},
		{brk: "unknown-method-status", modern: true, rule: "http-unknown-method-status"},
		{brk: "duplicate-message", rule: "http-duplicate-message"},
		{brk: "origin-check", rule: "http-origin-check"},
		{brk: "origin-check", modern: true, rule: "http-origin-check"},
		{brk: "auth-discovery", rule: "http-auth-discovery"},
	}
	for _, tc := range tests {
		era := "legacy"
		if tc.modern {
			era = "modern"
		}
		t.Run(era+" "+tc.brk, func(t *testing.T) {
			srv := httptest.NewServer(&rawHTTPServer{modern: tc.modern, brk: tc.brk, sessions: map[string]bool{}})
			defer srv.Close()
			tg := lintURL(t, srv.URL+"/mcp")
			var transport []string
			for _, is := range tg.Issues {
				if strings.HasPrefix(is.Rule, "http-") {
					transport = append(transport, is.Rule)
				}
			}
			t.Logf("%d issues, transport findings %q", len(tg.Issues), transport)
			switch {
			case tc.rule == "" && len(transport) > 0:
				t.Errorf("the correct server got %q: %+v", transport, tg.Issues)
			case tc.rule != "" && !slices.Contains(transport, tc.rule):
				t.Errorf("breaking %s did not give %s; transport findings %q", tc.brk, tc.rule, transport)
			case tc.rule != "" && slices.ContainsFunc(transport, func(r string) bool { return r != tc.rule }):
				t.Errorf("breaking %s gave other transport findings too: %q", tc.brk, transport)
			}
		})
	}
}

// TestHTTPHeaderValuesStayOut sends a credential with --header and [server]
// headers to servers that refuse it, accept it, or are not there, and
// checks that neither value is in the report or the error.
func TestHTTPHeaderValuesStayOut(t *testing.T) {
	const flagSecret, configSecret = "flag-secret-8d1e", "config-secret-77b0"
	cfg := config.Default()
	cfg.Server.Headers = map[string]string{"X-Api-Key": "${env:RAW_TEST_KEY}"}
	getenv := func(k string) string { return map[string]string{"RAW_TEST_KEY": configSecret}[k] }
	refusing := httptest.NewServer(&rawHTTPServer{brk: "auth-discovery", sessions: map[string]bool{}})
	defer refusing.Close()
	var mu sync.Mutex
	var got http.Header
	accepting := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		got = r.Header.Clone()
		mu.Unlock()
		(&rawHTTPServer{sessions: map[string]bool{}}).ServeHTTP(w, r)
	}))
	defer accepting.Close()
	gone := httptest.NewServer(http.NotFoundHandler())
	gone.Close()
	for _, url := range []string{refusing.URL, accepting.URL, gone.URL} {
		rep, err := Run(context.Background(), Settings{Dir: t.TempDir(), Config: cfg, Getenv: getenv, Args: []string{url + "/mcp"},
			Headers: []string{"Authorization: Bearer " + flagSecret}, Timeout: 5 * time.Second, Plugins: PluginSettings{Off: true}, NoLock: true})
		if err != nil {
			t.Fatal(err)
		}
		out, _ := json.Marshal(rep)
		for _, secret := range []string{flagSecret, configSecret} {
			if strings.Contains(string(out), secret) {
				t.Errorf("%s: the report holds a header value: %s", url, out)
			}
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if got.Get("Authorization") != "Bearer "+flagSecret || got.Get("X-Api-Key") != configSecret {
		t.Errorf("the server did not get the headers: %v", got)
	}
	_, err := Run(context.Background(), Settings{Dir: t.TempDir(), Config: cfg, Args: []string{accepting.URL},
		Headers: []string{"Authorization " + flagSecret}, Plugins: PluginSettings{Off: true}, NoLock: true})
	if err == nil || strings.Contains(err.Error(), flagSecret) || !strings.Contains(err.Error(), "--header number 1") {
		t.Errorf("a malformed --header: %v", err)
	}
}

// TestVSCodeConfigWithHTTPServers lints a VS Code config whose servers are
// Streamable HTTP ones, credentials from the environment: both are linted
// live, concurrently, and the cross-server rules see both.
func TestVSCodeConfigWithHTTPServers(t *testing.T) {
	var mu sync.Mutex
	keys := map[string]bool{}
	serve := func(modern bool) *httptest.Server {
		raw := &rawHTTPServer{modern: modern, sessions: map[string]bool{}}
		return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			mu.Lock()
			keys[r.Header.Get("X-Api-Key")] = true
			mu.Unlock()
			raw.ServeHTTP(w, r)
		}))
	}
	legacy, modern := serve(false), serve(true)
	defer legacy.Close()
	defer modern.Close()
	dir := t.TempDir()
	vscode := filepath.Join(dir, ".vscode")
	if err := os.MkdirAll(vscode, 0o755); err != nil {
		t.Fatal(err)
	}
	cfg := fmt.Sprintf(`{
	  // one server per era, both over HTTP
	  "servers": {
	    "old": {"type": "http", "url": %q, "headers": {"X-Api-Key": "${env:TEST_API_KEY}"}},
	    "new": {"type": "http", "url": %q}
	  }
	}`, legacy.URL+"/mcp", modern.URL+"/mcp")
	if err := os.WriteFile(filepath.Join(vscode, "mcp.json"), []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	rep, err := Run(context.Background(), Settings{Dir: dir, Config: config.Default(), Args: []string{".vscode/mcp.json"},
		Getenv:  func(k string) string { return map[string]string{"TEST_API_KEY": "key-1"}[k] },
		Timeout: 5 * time.Second, Plugins: PluginSettings{Off: true}, NoLock: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Targets) != 2 || len(rep.Skipped) != 0 {
		t.Fatalf("%d targets, skipped %+v", len(rep.Targets), rep.Skipped)
	}
	eras := map[string]string{}
	collisions := 0
	for _, tg := range rep.Targets {
		if tg.Error != nil {
			t.Fatalf("%s: %s", tg.Name, *tg.Error)
		}
		eras[tg.Name] = tg.Era
		for _, is := range tg.Issues {
			if is.Rule == "cross-server-collision" {
				collisions++
			}
		}
	}
	if eras["old"] != "legacy" || eras["new"] != "modern" {
		t.Errorf("eras %v", eras)
	}
	if collisions == 0 {
		t.Error("both servers offer echo, and no cross-server rule saw it")
	}
	mu.Lock()
	defer mu.Unlock()
	if !keys["key-1"] {
		t.Errorf("the config's header did not reach its server: %v", keys)
	}
}
