package live

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/mcplint/mcplint/engine/internal/probe"
	"github.com/mcplint/mcplint/engine/internal/target"
	"github.com/mcplint/mcplint/engine/mcptest"
	"github.com/mcplint/mcplint/sdk"
)

// A tools/list of the main session that fails (no answer, an error, a
// result without a tools array, a line over the cap, a server that dies)
// fails the target: a *StartError naming the server, the request and what
// was wrong, with the Snapshot of what the server said beside it. A server
// that lists no tools, correctly, is no failure.
func TestFailedToolListingFailsTheTarget(t *testing.T) {
	tests := []struct {
		name, server string
		env          map[string]string
		lineCap      int
		want         []string
	}{
		{name: "silent", server: "badlist", env: map[string]string{"BADLIST": "silent"},
			want: []string{"tools/list (id ", "got no answer in ", "tools/list must be answered within --timeout"}},
		{name: "nope", server: "badlist", env: map[string]string{"BADLIST": "nope"},
			want: []string{`tools/list (id `, `was answered with a result that has "tools" that is not an array: "nope"`, `{"tools": []}`}},
		{name: "missing", server: "badlist", env: map[string]string{"BADLIST": "missing"},
			want: []string{`was answered with a result that has no "tools" array`}},
		{name: "second page", server: "badlist", env: map[string]string{"BADLIST": "secondpage"},
			want: []string{"got no answer in ", `(page 2 of the listing, cursor "page-2")`}},
		{name: "oversize", server: "badlist", env: map[string]string{"BADLIST": "oversize"}, lineCap: 16 << 10,
			want: []string{"got no answer in ", "over mcplint's line cap", "raising --timeout will not help"}},
		{name: "relist", server: "badlist", env: map[string]string{"BADLIST": "relist"},
			want: []string{"tools/list (id 4) got no answer in "}},
		{name: "error", server: "toolserror",
			want: []string{"tools/list was answered with an error: JSON-RPC error -32603: database unavailable: connection refused"}},
		{name: "crash", server: "crash",
			want: []string{"went away while mcplint was waiting for the answer to tools/list", "exit status 3", "panic: tool registry is corrupted"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tg := command(mcptest.Server(t, tt.server))
			tg.Env = tt.env
			s, err := load(t, tg, Options{Timeout: time.Second, LineCap: tt.lineCap, Probes: probe.None})
			var se *StartError
			if !errors.As(err, &se) {
				t.Fatalf("want a *StartError, got %v", err)
			}
			msg := err.Error()
			for _, want := range append([]string{"server " + se.Command + " could not be linted: "}, tt.want...) {
				if !strings.Contains(msg, want) {
					t.Errorf("the error lacks %q:\n%s", want, msg)
				}
			}
			if strings.Contains(msg, "handshake") || strings.Contains(msg, "still running") {
				t.Errorf("the error speaks of the handshake or of the process running:\n%s", msg)
			}
			if s == nil || s.Era != sdk.EraLegacy || s.Transcript == nil {
				t.Fatalf("want the Snapshot of the session beside the error, got %+v", s)
			}
		})
	}
}

// A server with no tools that says so is linted like any other.
func TestEmptyToolListIsNoFailure(t *testing.T) {
	tg := command(mcptest.Server(t, "badlist"))
	tg.Env = map[string]string{"BADLIST": "empty"}
	s, err := load(t, tg, Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if s.Era != sdk.EraLegacy || len(s.Tools) != 0 || s.Tools == nil {
		t.Errorf("era %q, tools %v: want a legacy session listing an empty list", s.Era, s.Tools)
	}
}

// listingServer is a legacy Streamable HTTP server that answers
// tools/list with answer.
func listingServer(t *testing.T, answer func(w http.ResponseWriter, id json.RawMessage)) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			http.Error(w, "POST only", http.StatusMethodNotAllowed)
			return
		}
		var m struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
		}
		json.NewDecoder(r.Body).Decode(&m)
		if len(m.ID) == 0 {
			w.WriteHeader(http.StatusAccepted)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		switch m.Method {
		case "initialize":
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"lister","version":"1"}}}`, m.ID)
		case "tools/list":
			answer(w, m.ID)
		default:
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"error":{"code":-32601,"message":"Method not found"}}`, m.ID)
		}
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/mcp"
}

// Over HTTP too, a tools/list that fails fails the target, and the error
// says what the answer was instead: an error status, a body over the cap
// (one that never ends), a result that is not a list.
func TestFailedHTTPToolListingFailsTheTarget(t *testing.T) {
	tests := []struct {
		name   string
		answer func(w http.ResponseWriter, id json.RawMessage)
		want   []string
	}{
		{"status", func(w http.ResponseWriter, _ json.RawMessage) { http.Error(w, "boom", http.StatusInternalServerError) },
			[]string{"tools/list failed: ", "was answered 500 Internal Server Error with no response to request 3", "in a body or an SSE event of at most 8 MiB"}},
		{"endless body", func(w http.ResponseWriter, id json.RawMessage) {
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":{"tools":[{"name":"x","description":"`, id)
			chunk := strings.Repeat("x", 64<<10)
			for {
				if _, err := io.WriteString(w, chunk); err != nil {
					return
				}
			}
		}, []string{"tools/list failed: ", "the body is larger than 8388608 bytes; it was not read", "at most 8 MiB"}},
		{"nope", func(w http.ResponseWriter, id json.RawMessage) {
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":{"tools":"nope"}}`, id)
		}, []string{`tools/list (id 3) was answered with a result that has "tools" that is not an array: "nope"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			url := listingServer(t, tt.answer)
			s, err := load(t, target.Target{Kind: target.Remote, URL: url, Name: "lister"}, Options{Timeout: time.Second, Probes: probe.None})
			var se *StartError
			if !errors.As(err, &se) || s == nil {
				t.Fatalf("want a *StartError with the Snapshot beside it, got %v and %v", err, s)
			}
			for _, want := range tt.want {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("the error lacks %q:\n%s", want, err)
				}
			}
		})
	}
}
