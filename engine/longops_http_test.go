package engine

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/mcplint/mcplint/engine/mcptest"
	"github.com/mcplint/mcplint/sdk"
)

// sseServer is a hand-written Streamable HTTP server, written from the
// transport page of 2025-11-25 (SSE polling, SEP-1699) and from the
// progress and cancellation pages, that answers every request on an SSE
// stream and serves one slow tool, work, reporting progress. In the
// legacy era each stream starts with a priming event (an event id and
// empty data), and the stream of a tools/call is closed after its first
// progress, with a retry field, to be resumed by GET with Last-Event-ID
// (the polling the text allows). defect breaks one thing:
//
//   - priming: no priming event
//   - retry: the connection is closed before the response without a retry field
//   - wrong-token: progress carries the request's id, not its progressToken
//   - decreasing: the progress value goes down
//   - ignores-cancel: a cancelled call goes on and is answered
//
// and, in the modern era, what a response stream may carry
// (2026-07-28/basic/transports/streamable-http.mdx#receiving-messages):
//
//   - stream-request: the stream of a tools/call carries an
//     elicitation/create request before the response
//   - stream-list-changed: it carries notifications/tools/list_changed
//   - foreign-progress: it carries one progress of the previous call
type sseServer struct {
	modern bool
	defect string

	mu      sync.Mutex
	streams int
	// queued holds the events of a polled stream not yet sent, by stream
	// number, for the GET that resumes it.
	queued map[int]chan string
	// cancels holds, by request id, a channel closed by its cancellation.
	cancels map[string]chan struct{}
	// lastToken is the progressToken of the previous tools/call.
	lastToken json.RawMessage
}

// sseStep is one step of the slow tool: a call of two steps then runs
// 400 ms after its first progress, twice what the cancellation probe needs
// (a call answered within 200 ms of its first progress cannot be caught in
// flight, and is left alone), so a busy machine's delays do not decide
// whether the probe runs.
const sseStep = 200 * time.Millisecond

const sseWorkTool = `{"tools":[{"name":"work","description":"Do some slow work in steps, reporting progress after each one.","inputSchema":{"type":"object","properties":{"steps":{"type":"integer","minimum":2,"maximum":4,"description":"How many steps to take"}}},"annotations":{"readOnlyHint":true,"openWorldHint":false}}]}`

func (s *sseServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch r.Method {
	case http.MethodGet:
		var n int
		if _, err := fmt.Sscanf(r.Header.Get("Last-Event-ID"), "%d-", &n); err != nil || s.modern {
			http.Error(w, "no stream here", http.StatusMethodNotAllowed)
			return
		}
		s.mu.Lock()
		q := s.queued[n]
		s.mu.Unlock()
		if q == nil {
			http.Error(w, "no such stream", http.StatusNotFound)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		for ev := range q {
			io.WriteString(w, ev)
			w.(http.Flusher).Flush()
		}
		return
	case http.MethodPost:
	default:
		http.Error(w, "not here", http.StatusMethodNotAllowed)
		return
	}
	body, _ := io.ReadAll(r.Body)
	var m struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
		Params struct {
			Name      string          `json:"name"`
			RequestID json.RawMessage `json:"requestId"`
			Arguments struct {
				Steps int `json:"steps"`
			} `json:"arguments"`
			Meta struct {
				Token json.RawMessage `json:"progressToken"`
			} `json:"_meta"`
		} `json:"params"`
	}
	json.Unmarshal(body, &m)
	if len(m.ID) == 0 || m.Method == "" {
		if m.Method == "notifications/cancelled" {
			s.mu.Lock()
			if ch := s.cancels[string(m.Params.RequestID)]; ch != nil {
				close(ch)
				delete(s.cancels, string(m.Params.RequestID))
			}
			s.mu.Unlock()
		}
		w.WriteHeader(http.StatusAccepted)
		return
	}
	reply := func(result string) string {
		return fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"result":%s}`, m.ID, result)
	}
	var answer string
	switch {
	case !s.modern && m.Method == "server/discover":
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"error":{"code":-32601,"message":"Method not found"}}`, m.ID)
		return
	case m.Method == "initialize" && !s.modern:
		answer = reply(`{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"sse","version":"1.0.0"}}`)
	case m.Method == "server/discover":
		answer = reply(`{"resultType":"complete","ttlMs":0,"cacheScope":"public","supportedVersions":["2026-07-28"],"capabilities":{"tools":{}},"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"sse","version":"1.0.0"}}}`)
	case m.Method == "tools/list" && s.modern:
		answer = reply(`{"resultType":"complete","ttlMs":0,"cacheScope":"public",` + sseWorkTool[1:])
	case m.Method == "tools/list":
		answer = reply(sseWorkTool)
	case m.Method == "ping" && !s.modern:
		answer = reply(`{}`)
	case m.Method == "tools/call" && m.Params.Name == "work":
	default:
		answer = fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"error":{"code":-32601,"message":"Method not found"}}`, m.ID)
	}
	s.mu.Lock()
	s.streams++
	n := s.streams
	s.mu.Unlock()
	w.Header().Set("Content-Type", "text/event-stream")
	seq := 0
	event := func(data string) string {
		seq++
		if s.modern {
			return "data: " + data + "\n\n"
		}
		return fmt.Sprintf("id: %d-%d\ndata: %s\n\n", n, seq, data)
	}
	if !s.modern && s.defect != "priming" {
		io.WriteString(w, fmt.Sprintf("id: %d-0\ndata:\n\n", n))
	}
	if answer != "" {
		io.WriteString(w, event(answer))
		return
	}
	// The slow tool: its events go through a queue, which this response
	// drains until the first progress, then (legacy) a GET with
	// Last-Event-ID, or (modern) this response to the end.
	q := make(chan string, 16)
	stop := make(chan struct{})
	s.mu.Lock()
	if s.queued == nil {
		s.queued, s.cancels = map[int]chan string{}, map[string]chan struct{}{}
	}
	s.queued[n], s.cancels[string(m.ID)] = q, stop
	s.mu.Unlock()
	steps := min(max(m.Params.Arguments.Steps, 2), 4)
	token := m.Params.Meta.Token
	if s.defect == "wrong-token" {
		token = m.ID
	}
	s.mu.Lock()
	previous := s.lastToken
	s.lastToken = token
	s.mu.Unlock()
	go func() {
		defer close(q)
		progress := func(v int) {
			if len(token) > 0 {
				q <- event(fmt.Sprintf(`{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":%s,"progress":%d,"total":%d}}`, token, v, steps))
			}
		}
		progress(0)
		switch {
		case s.defect == "stream-request":
			q <- event(`{"jsonrpc":"2.0","id":"srv-1","method":"elicitation/create","params":{"mode":"form","message":"Go on?","requestedSchema":{"type":"object","properties":{}}}}`)
		case s.defect == "stream-list-changed":
			q <- event(`{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}`)
		case s.defect == "foreign-progress" && len(previous) > 0:
			q <- event(fmt.Sprintf(`{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":%s,"progress":1000}}`, previous))
		}
		for i := 1; i <= steps; i++ {
			if s.defect == "ignores-cancel" {
				stop = nil // the whole step is taken, cancelled or not
			}
			select {
			case <-stop:
				return
			case <-time.After(sseStep):
			}
			v := i
			if s.defect == "decreasing" {
				v = steps - i
			}
			progress(v)
		}
		result := `{"content":[{"type":"text","text":"done"}]}`
		if s.modern {
			result = `{"resultType":"complete","content":[{"type":"text","text":"done"}]}`
		}
		q <- event(reply(result))
	}()
	first := true
	for ev := range q {
		io.WriteString(w, ev)
		w.(http.Flusher).Flush()
		if first && !s.modern {
			if s.defect != "retry" {
				io.WriteString(w, "retry: 50\n\n")
			}
			return // polling: the rest waits for the GET that resumes the stream
		}
		first = false
	}
}

// TestSSEAndLongOperationFixtures lints the SSE fixture server in both
// eras with --exercise, correct and with one defect at a time: each defect
// gets its rule and no other of the SSE, progress and cancellation rules,
// and the correct server none of them.
func TestSSEAndLongOperationFixtures(t *testing.T) {
	mcptest.BusyIfLoad(t)
	rules := []string{"sse-priming-event", "sse-retry-missing", "sse-stream-scope", "progress-token-unknown", "progress-not-increasing", "cancelled-request-answered"}
	tests := []struct {
		modern       bool
		defect, rule string
	}{
		{defect: "", rule: ""},
		{modern: true, defect: "", rule: ""},
		{defect: "priming", rule: "sse-priming-event"},
		{defect: "retry", rule: "sse-retry-missing"},
		{defect: "wrong-token", rule: "progress-token-unknown"},
		{modern: true, defect: "wrong-token", rule: "progress-token-unknown"},
		{defect: "decreasing", rule: "progress-not-increasing"},
		{modern: true, defect: "decreasing", rule: "progress-not-increasing"},
		{defect: "ignores-cancel", rule: "cancelled-request-answered"},
		{modern: true, defect: "stream-request", rule: "sse-stream-scope"},
		{modern: true, defect: "stream-list-changed", rule: "sse-stream-scope"},
		{modern: true, defect: "foreign-progress", rule: "sse-stream-scope"},
	}
	for _, tc := range tests {
		era := "legacy"
		if tc.modern {
			era = "modern"
		}
		t.Run(era+" "+tc.defect, func(t *testing.T) {
			t.Parallel()
			srv := httptest.NewServer(&sseServer{modern: tc.modern, defect: tc.defect})
			defer srv.Close()
			saved := filepath.Join(t.TempDir(), "session.jsonl")
			tg := lintURLWith(t, srv.URL+"/mcp", Settings{Exercise: "readonly", SaveTrace: SaveTrace{Path: saved}})
			mcptest.CheckOnly(t, tg, rules, tc.rule, sdk.Info)
			if tc.modern {
				// The saved session keeps the stream of each message,
				// so the trace gets the stream rules' verdict too.
				mcptest.CheckOnly(t, lintURLWith(t, saved, Settings{}), []string{"sse-stream-scope"}, map[bool]string{true: tc.rule}[tc.rule == "sse-stream-scope"], sdk.Info)
			}
			for _, in := range tg.Inconclusive {
				if slices.Contains(in.Rules, "cancelled-request-answered") {
					t.Errorf("inconclusive: %+v", in)
				}
			}
			if want := map[bool]string{false: sdk.EraLegacy, true: sdk.EraModern}[tc.modern]; tg.Era != want {
				t.Errorf("era %q, want %q", tg.Era, want)
			}
		})
	}
}
