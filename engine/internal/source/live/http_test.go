package live

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/textproto"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcplint/mcplint/engine/internal/exercise"
	"github.com/mcplint/mcplint/engine/internal/probe"
	"github.com/mcplint/mcplint/engine/internal/target"
	"github.com/mcplint/mcplint/engine/mcptest"
	"github.com/mcplint/mcplint/sdk"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// secret is a credential the tests send; it must appear in no transcript.
const secret = "s3cret-token-value-2f9c"

type echoIn struct {
	Text string `json:"text" jsonschema:"the text to echo back"`
}

// goSDKServer is a Go SDK server of three tools, two to a page, speaking
// versions over Streamable HTTP on loopback, that refuses requests without
// the credential.
func goSDKServer(t *testing.T, versions []string, opts *mcp.StreamableHTTPOptions) string {
	t.Helper()
	s := mcp.NewServer(&mcp.Implementation{Name: "http-fixture", Version: "1.0.0"}, &mcp.ServerOptions{
		PageSize: 2, SupportedProtocolVersions: versions,
	})
	for _, name := range []string{"echo", "shout", "whisper"} {
		mcp.AddTool(s, &mcp.Tool{Name: name, Description: "Returns the text it is given, unchanged, as " + name + "."},
			func(_ context.Context, _ *mcp.CallToolRequest, in echoIn) (*mcp.CallToolResult, any, error) {
				return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: in.Text}}}, nil, nil
			})
	}
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, opts)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer "+secret {
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return
		}
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/mcp"
}

func remote(url string) target.Target {
	return target.Target{Name: "remote", Kind: target.Remote, URL: url, Input: url,
		Headers: map[string]string{"Authorization": "Bearer " + secret}}
}

func httpEvents(tr *sdk.Transcript) []*sdk.HTTP {
	var out []*sdk.HTTP
	for _, r := range tr.Records {
		if r.Event != nil && r.Event.Kind == sdk.EventHTTP {
			out = append(out, r.Event.HTTP)
		}
	}
	return out
}

func TestHTTPGoSDKBothEras(t *testing.T) {
	tests := []struct {
		name     string
		versions []string
		opts     *mcp.StreamableHTTPOptions
		era      string
		version  string
	}{
		{name: "legacy SSE", versions: []string{"2025-11-25", "2025-06-18"}, era: sdk.EraLegacy, version: "2025-11-25"},
		{name: "legacy JSON", versions: []string{"2025-06-18"}, opts: &mcp.StreamableHTTPOptions{JSONResponse: true}, era: sdk.EraLegacy, version: "2025-06-18"},
		// The SDK serves 2026-07-28 over HTTP only without sessions.
		{name: "modern", versions: []string{"2026-07-28"}, opts: &mcp.StreamableHTTPOptions{Stateless: true}, era: sdk.EraModern, version: "2026-07-28"},
		{name: "both eras, modern preferred", opts: &mcp.StreamableHTTPOptions{Stateless: true}, era: sdk.EraModern, version: "2026-07-28"},
		{name: "both eras, stateful: legacy", era: sdk.EraLegacy, version: "2025-11-25"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			url := goSDKServer(t, tc.versions, tc.opts)
			s, err := load(t, remote(url), Options{Timeout: 10 * time.Second, Probes: probe.All})
			if err != nil {
				t.Fatal(err)
			}
			if s.Era != tc.era || s.ProtocolVersion != tc.version {
				t.Errorf("era %s %s, want %s %s", s.Era, s.ProtocolVersion, tc.era, tc.version)
			}
			var names []string
			for _, tool := range s.Tools {
				names = append(names, tool.Name)
			}
			if !slices.Equal(names, []string{"echo", "shout", "whisper"}) {
				t.Errorf("tools %q: pagination over HTTP lost or doubled some", names)
			}
			evs := httpEvents(s.Transcript)
			if len(evs) == 0 {
				t.Fatal("no http events in the transcript")
			}
			session, deleted := false, false
			for i, ev := range evs {
				request := len(httpIDs(s.Transcript)[i]) > 0
				if ev.Status == http.StatusUnauthorized {
					t.Errorf("a request went without the credential: %+v", ev)
				}
				if ev.Response[streamhttpSessionID] != "" {
					session = true
				}
				if ev.Method == http.MethodDelete && ev.Status/100 == 2 {
					deleted = true
				}
				if tc.era == sdk.EraModern && request && ev.Purpose == "" && ev.Method == http.MethodPost {
					if ev.Request["Mcp-Method"] == "" || ev.Request["MCP-Protocol-Version"] == "" {
						t.Errorf("modern POST without its request metadata headers: %+v", ev.Request)
					}
				}
			}
			if tc.era == sdk.EraLegacy && (!session || !deleted) {
				t.Errorf("legacy session: session id seen %v, ended with DELETE %v", session, deleted)
			}
			if tc.era == sdk.EraModern && session {
				t.Error("the modern session carried an MCP-Session-Id")
			}
			all, _ := json.Marshal(s)
			if strings.Contains(string(all), secret) {
				t.Error("the credential header's value is in the snapshot")
			}
			if strings.Contains(string(all), "Authorization") {
				t.Error("the credential header's name and value are recorded")
			}
		})
	}
}

// httpIDs are the message ids of the http events, in httpEvents' order.
func httpIDs(tr *sdk.Transcript) []json.RawMessage {
	var out []json.RawMessage
	for _, r := range tr.Records {
		if r.Event != nil && r.Event.Kind == sdk.EventHTTP {
			out = append(out, r.Event.ID)
		}
	}
	return out
}

const streamhttpSessionID = "MCP-Session-Id"

func TestHTTPUnreachable(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	url := "http://" + l.Addr().String() + "/mcp"
	l.Close()
	// A key in the query is a credential too.
	_, err = load(t, remote(url+"?key="+secret), Options{Timeout: 2 * time.Second})
	if err == nil || !strings.Contains(err.Error(), url) || !strings.Contains(err.Error(), "refused") {
		t.Fatalf("err %v, want one naming the URL and the refused connection", err)
	}
	if strings.Contains(err.Error(), secret) {
		t.Error("the error shows the credential")
	}
}

// TestHTTPServerEverything lints the reference server over Streamable HTTP
// and checks it lists what it lists over stdio.
func TestHTTPServerEverything(t *testing.T) {
	argv := mcptest.NPMServer(t, "@modelcontextprotocol/server-everything/dist/index.js", "streamableHttp")
	// Cleanups run last first: the check comes after the server is stopped.
	t.Cleanup(func() { mcptest.CheckNoLeftovers(t) })
	url := mcptest.HTTPServer(t, argv)
	s, err := Load(context.Background(), target.Target{Name: "everything", Kind: target.Remote, URL: url}, Options{Timeout: 30 * time.Second, Probes: probe.All})
	if err != nil {
		t.Fatal(err)
	}
	stdio, err := Load(context.Background(), command(argv[0], argv[1]), Options{Timeout: 30 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	names := func(s *sdk.Snapshot) (out []string) {
		for _, tool := range s.Tools {
			out = append(out, tool.Name)
		}
		return out
	}
	if got, want := names(s), names(stdio); len(got) == 0 || !slices.Equal(got, want) {
		t.Errorf("over HTTP mcplint saw tools %q; over stdio %q", got, want)
	}
	if s.Era != stdio.Era || s.ProtocolVersion != stdio.ProtocolVersion || len(s.Prompts) != len(stdio.Prompts) || len(s.Resources) != len(stdio.Resources) {
		t.Errorf("HTTP %s %s %d prompts %d resources; stdio %s %s %d prompts %d resources", s.Era, s.ProtocolVersion, len(s.Prompts), len(s.Resources),
			stdio.Era, stdio.ProtocolVersion, len(stdio.Prompts), len(stdio.Resources))
	}
	t.Logf("over HTTP: %s %s, %d tools, %d http events", s.Era, s.ProtocolVersion, len(s.Tools), len(httpEvents(s.Transcript)))
}

// TestHTTPLegacySSEServerIsNamed points mcplint at a 2024-11-05 HTTP+SSE
// server (the Go SDK's SSE handler): it is named as such, not misread.
func TestHTTPLegacySSEServerIsNamed(t *testing.T) {
	s := mcp.NewServer(&mcp.Implementation{Name: "old-sse", Version: "1.0.0"}, nil)
	srv := httptest.NewServer(mcp.NewSSEHandler(func(*http.Request) *mcp.Server { return s }, nil))
	defer srv.Close()
	_, err := load(t, target.Target{Kind: target.Remote, URL: srv.URL, Name: "old"}, Options{Timeout: 3 * time.Second})
	if err == nil || !strings.Contains(err.Error(), "HTTP+SSE") {
		t.Fatalf("err %v, want one naming the legacy HTTP+SSE transport", err)
	}
}

// TestHTTPMirrorsXMCPHeaderParameters exercises a 2026-07-28 Go SDK tool
// whose region parameter the server wants mirrored into Mcp-Param-Region:
// the SDK refuses a call without the header (HeaderMismatch), so the call
// succeeds only when mcplint sends it.
func TestHTTPMirrorsXMCPHeaderParameters(t *testing.T) {
	s := mcp.NewServer(&mcp.Implementation{Name: "headers", Version: "1.0.0"}, &mcp.ServerOptions{SupportedProtocolVersions: []string{"2026-07-28"}})
	var mu sync.Mutex
	var regions []string
	s.AddTool(&mcp.Tool{Name: "where", Description: "Says which region a query would run in.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true},
		InputSchema: map[string]any{"type": "object", "required": []string{"region"}, "properties": map[string]any{
			"region": map[string]any{"type": "string", "description": "The region to run in, e.g. us-west1.", "x-mcp-header": "Region"},
		}}},
		func(_ context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ok"}}}, nil
		})
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, &mcp.StreamableHTTPOptions{Stateless: true})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if v := r.Header.Get("Mcp-Param-Region"); v != "" {
			mu.Lock()
			regions = append(regions, v)
			mu.Unlock()
		}
		h.ServeHTTP(w, r)
	}))
	defer srv.Close()
	snap, err := load(t, target.Target{Kind: target.Remote, URL: srv.URL, Name: "headers"},
		Options{Timeout: 5 * time.Second, Exercise: exercise.Options{Mode: "readonly"}})
	if err != nil {
		t.Fatal(err)
	}
	calls, failed := 0, 0
	for _, r := range snap.Transcript.Records {
		if r.Dir != sdk.DirServerToClient || !strings.Contains(string(r.Msg), `"content"`) && !strings.Contains(string(r.Msg), `"error"`) {
			continue
		}
		if strings.Contains(string(r.Msg), "-32020") {
			failed++
		}
		calls++
	}
	mu.Lock()
	defer mu.Unlock()
	if len(regions) == 0 || failed > 0 {
		t.Errorf("%d tool answers, %d refused as HeaderMismatch; regions sent %q", calls, failed, regions)
	}
}

// bodyLeftServer is a legacy Streamable HTTP server of one tool that
// answers as servers built on Python's http.server often do: a POST it
// refuses on its headers (an MCP-Protocol-Version it does not speak, a
// foreign Origin) gets its error before the body is read, and the
// connection stays open with the body still in it. The next request on
// that connection is then parsed from the leftover body, and its garbled
// request line gets 501 "Unsupported method" (or 400 "Bad request syntax")
// and the connection is closed, as http.server does.
func bodyLeftServer(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	conns := map[net.Conn]bool{}
	done := false
	var wg sync.WaitGroup
	// A connection the client still keeps open would keep its loop
	// reading: closing it ends the loop.
	t.Cleanup(func() {
		l.Close()
		mu.Lock()
		done = true
		for c := range conns {
			c.Close()
		}
		mu.Unlock()
		wg.Wait()
	})
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			if done {
				mu.Unlock()
				c.Close()
				return
			}
			conns[c] = true
			mu.Unlock()
			wg.Add(1)
			go func() {
				defer wg.Done()
				defer c.Close()
				serveBodyLeft(c)
			}()
		}
	}()
	return "http://" + l.Addr().String() + "/mcp"
}

// serveBodyLeft reads the requests of one connection until one closes it.
func serveBodyLeft(c net.Conn) {
	tp := textproto.NewReader(bufio.NewReader(c))
	reply := func(status int, contentType, body string, closing bool) {
		head := fmt.Sprintf("HTTP/1.1 %d %s\r\nContent-Length: %d\r\n", status, http.StatusText(status), len(body))
		if contentType != "" {
			head += "Content-Type: " + contentType + "\r\n"
		}
		if closing {
			head += "Connection: close\r\n"
		}
		io.WriteString(c, head+"\r\n"+body)
	}
	for {
		line, err := tp.ReadLine()
		if err != nil {
			return
		}
		words := strings.Fields(line)
		if len(words) != 3 {
			reply(http.StatusBadRequest, "text/plain", fmt.Sprintf("Bad request syntax (%q)", line), true)
			return
		}
		header, err := tp.ReadMIMEHeader()
		if err != nil {
			return
		}
		switch {
		case words[0] == http.MethodGet || words[0] == http.MethodDelete:
			reply(http.StatusMethodNotAllowed, "", "", false)
			continue
		case words[0] != http.MethodPost:
			reply(http.StatusNotImplemented, "text/plain", fmt.Sprintf("Unsupported method (%q)", words[0]), true)
			return
		case header.Get("Origin") != "" && !strings.HasPrefix(header.Get("Origin"), "http://127.0.0.1:"):
			reply(http.StatusForbidden, "text/plain", "forbidden origin", false)
			continue
		case header.Get("MCP-Protocol-Version") != "" && header.Get("MCP-Protocol-Version") != "2025-06-18":
			reply(http.StatusBadRequest, "application/json", `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Unsupported protocol version"}}`, false)
			continue
		}
		n, _ := strconv.Atoi(header.Get("Content-Length"))
		body := make([]byte, n)
		if _, err := io.ReadFull(tp.R, body); err != nil {
			return
		}
		var m struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
		}
		json.Unmarshal(body, &m)
		if m.ID == nil {
			reply(http.StatusAccepted, "", "", false)
			continue
		}
		out := map[string]any{"jsonrpc": "2.0", "id": m.ID}
		switch m.Method {
		case "initialize":
			out["result"] = map[string]any{"protocolVersion": "2025-06-18", "capabilities": map[string]any{"tools": map[string]any{}},
				"serverInfo": map[string]any{"name": "body-left", "version": "1.0.0"}}
		case "tools/list":
			out["result"] = map[string]any{"tools": []any{map[string]any{
				"name": "echo", "description": "Returns the text it is given, unchanged.",
				"inputSchema": map[string]any{"type": "object", "properties": map[string]any{
					"text": map[string]any{"type": "string", "description": "The text to echo back."}}},
			}}}
		case "ping":
			out["result"] = map[string]any{}
		default:
			out["error"] = map[string]any{"code": -32601, "message": "Method not found: " + m.Method}
		}
		b, _ := json.Marshal(out)
		reply(http.StatusOK, "application/json", string(b), false)
	}
}

// TestHTTPServerThatLeavesTheBodyUnread lints bodyLeftServer: server/discover
// is refused before its body is read, so initialize must go out on another
// connection, and so must every request after a probe refused the same way.
func TestHTTPServerThatLeavesTheBodyUnread(t *testing.T) {
	s, err := load(t, target.Target{Kind: target.Remote, URL: bodyLeftServer(t), Name: "body-left"}, Options{Timeout: 10 * time.Second, Probes: probe.All})
	if err != nil {
		t.Fatal(err)
	}
	if s.Era != sdk.EraLegacy || s.ProtocolVersion != "2025-06-18" || len(s.Tools) != 1 || s.Tools[0].Name != "echo" {
		t.Errorf("era %s %s with %d tools, want legacy 2025-06-18 with echo", s.Era, s.ProtocolVersion, len(s.Tools))
	}
	var refused []string
	for _, ev := range httpEvents(s.Transcript) {
		if ev.Status == http.StatusNotImplemented || strings.Contains(ev.Body, "Bad request syntax") {
			refused = append(refused, fmt.Sprintf("%s %q: %d %s", ev.Method, ev.Purpose, ev.Status, ev.Body))
		}
	}
	if len(refused) > 0 {
		t.Errorf("requests went out on a connection holding an earlier request's unread body:\n%s", strings.Join(refused, "\n"))
	}
}
