package engine

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcplint/mcplint/engine/mcptest"
	"github.com/mcplint/mcplint/engine/record"
	"github.com/mcplint/mcplint/sdk"
)

// listenServer is a hand-written 2026-07-28 Streamable HTTP server,
// written from the transport page and the subscriptions page: it holds
// the response stream of each subscriptions/listen open, and serves one
// slow tool, work, whose call reports progress on its own response stream
// and, while it runs, changes the tool list, which it announces on the
// listen stream. With progressOnListen it sends the call's progress on
// the listen stream instead (2026-07-28/basic/transports/streamable-http.mdx#receiving-messages).
type listenServer struct {
	progressOnListen bool

	mu       sync.Mutex
	listen   chan string     // the events for the open listen stream, nil when none
	listenID json.RawMessage // the id of its subscriptions/listen request
}

func (s *listenServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		http.Error(w, "POST only", http.StatusMethodNotAllowed)
		return
	}
	body, _ := io.ReadAll(r.Body)
	var m struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
		Params struct {
			Name string `json:"name"`
			Meta struct {
				Token json.RawMessage `json:"progressToken"`
			} `json:"_meta"`
		} `json:"params"`
	}
	if json.Unmarshal(body, &m) != nil || len(m.ID) == 0 {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	reply := func(result string) string { return fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"result":%s}`, m.ID, result) }
	event := func(data string) string { return "data: " + data + "\n\n" }
	switch {
	case m.Method == "server/discover":
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, reply(`{"resultType":"complete","ttlMs":0,"cacheScope":"public","supportedVersions":["2026-07-28"],"capabilities":{"tools":{"listChanged":true}},"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"listen","version":"1.0.0"}}}`))
		return
	case m.Method == "tools/list":
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, reply(`{"resultType":"complete","ttlMs":0,"cacheScope":"public",`+sseWorkTool[1:]))
		return
	case m.Method == "subscriptions/listen":
		q := make(chan string, 8)
		s.mu.Lock()
		s.listen, s.listenID = q, m.ID
		s.mu.Unlock()
		w.Header().Set("Content-Type", "text/event-stream")
		io.WriteString(w, event(fmt.Sprintf(`{"jsonrpc":"2.0","method":"notifications/subscriptions/acknowledged","params":{"_meta":{"io.modelcontextprotocol/subscriptionId":%s},"notifications":{"toolsListChanged":true}}}`, m.ID)))
		w.(http.Flusher).Flush()
		for {
			select {
			case ev := <-q:
				io.WriteString(w, ev)
				w.(http.Flusher).Flush()
			case <-r.Context().Done():
				s.mu.Lock()
				s.listen = nil
				s.mu.Unlock()
				return
			}
		}
	case m.Method == "tools/call" && m.Params.Name == "work":
		s.mu.Lock()
		listen, listenID := s.listen, s.listenID
		s.mu.Unlock()
		w.Header().Set("Content-Type", "text/event-stream")
		progress := func(v int) string {
			return event(fmt.Sprintf(`{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":%s,"progress":%d,"total":2}}`, m.Params.Meta.Token, v))
		}
		io.WriteString(w, progress(0))
		w.(http.Flusher).Flush()
		// The pauses put the listen stream's messages in the middle of
		// the call, where an observer that does not know each message's
		// stream sees two streams open; the verdict must not depend on
		// them.
		time.Sleep(sseStep / 4)
		if s.progressOnListen && listen != nil {
			listen <- progress(1)
		} else {
			io.WriteString(w, progress(1))
			w.(http.Flusher).Flush()
		}
		if listen != nil {
			listen <- event(fmt.Sprintf(`{"jsonrpc":"2.0","method":"notifications/tools/list_changed","params":{"_meta":{"io.modelcontextprotocol/subscriptionId":%s}}}`, listenID))
		}
		time.Sleep(sseStep / 2)
		io.WriteString(w, event(reply(`{"resultType":"complete","content":[{"type":"text","text":"done"}]}`)))
		return
	}
	w.Header().Set("Content-Type", "application/json")
	fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"error":{"code":-32601,"message":"Method not found"}}`, m.ID)
}

// concurrentClient speaks to url as a 2026-07-28 client that keeps a
// subscriptions/listen stream open while it calls a tool: two SSE response
// streams open at once. It returns once the call is answered and the
// listen stream has carried the list change, then closes the listen stream.
func concurrentClient(t *testing.T, url string) {
	t.Helper()
	meta := func(extra string) string {
		return `"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"concurrent","version":"1.0.0"},"io.modelcontextprotocol/clientCapabilities":{}` + extra + `}`
	}
	post := func(ctx context.Context, id int, method, params string) *http.Response {
		body := fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":%q,"params":{%s}}`, id, method, params)
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		req.Header.Set("MCP-Protocol-Version", "2026-07-28")
		req.Header.Set("Mcp-Method", method)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		return resp
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for id, method := range []string{"server/discover", "tools/list"} {
		resp := post(ctx, id+1, method, meta(""))
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	listenCtx, closeListen := context.WithCancel(ctx)
	defer closeListen()
	listen := post(listenCtx, 3, "subscriptions/listen", `"notifications":{"toolsListChanged":true},`+meta(""))
	defer listen.Body.Close()
	changed := make(chan struct{})
	go func() {
		sc := bufio.NewScanner(listen.Body)
		for sc.Scan() {
			if strings.Contains(sc.Text(), "list_changed") {
				close(changed)
				break
			}
		}
		io.Copy(io.Discard, listen.Body)
	}()
	// The acknowledgment is the first event, before any call.
	call := post(ctx, 4, "tools/call", `"name":"work","arguments":{},`+meta(`,"progressToken":"p-4"`))
	data, _ := io.ReadAll(call.Body)
	call.Body.Close()
	if !bytes.Contains(data, []byte(`"done"`)) {
		t.Fatalf("the call's stream carried %q, no response", data)
	}
	select {
	case <-changed:
	case <-ctx.Done():
		t.Fatal("the listen stream carried no list change")
	}
}

// TestStreamScopeWithConcurrentStreams records, through the HTTP
// recording proxy, a client that holds the listen stream open during a
// call, and lints the trace: the call's progress sent on the listen
// stream is sse-stream-scope's finding, and the same session with every
// message on its own stream is silent, however the two streams' messages
// interleave.
func TestStreamScopeWithConcurrentStreams(t *testing.T) {
	mcptest.BusyIfLoad(t)
	family := []string{"sse-stream-scope", "progress-token-unknown", "subscription-acknowledged"}
	for _, tc := range []struct {
		progressOnListen bool
		rule             string
	}{{false, ""}, {true, "sse-stream-scope"}} {
		t.Run(fmt.Sprintf("progress on listen %v", tc.progressOnListen), func(t *testing.T) {
			t.Parallel()
			upstream := httptest.NewServer(&listenServer{progressOnListen: tc.progressOnListen})
			defer upstream.Close()
			out := filepath.Join(t.TempDir(), "trace.jsonl")
			ctx, stop := context.WithCancel(context.Background())
			ready := make(chan string, 1)
			done := make(chan error, 1)
			go func() {
				_, err := record.RunHTTP(ctx, record.HTTPOptions{Upstream: upstream.URL + "/mcp", Output: out, Ready: func(u string) { ready <- u }})
				done <- err
			}()
			concurrentClient(t, <-ready)
			stop()
			if err := <-done; err != nil {
				t.Fatal(err)
			}
			tg := lintURLWith(t, out, Settings{})
			if tg.Era != sdk.EraModern {
				t.Fatalf("era %q, want %q", tg.Era, sdk.EraModern)
			}
			mcptest.CheckOnly(t, tg, family, tc.rule, sdk.Info)
		})
	}
}
