package record

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mcplint/mcplint/engine/internal/probe"
	mcpsession "github.com/mcplint/mcplint/engine/internal/session"
	"github.com/mcplint/mcplint/engine/internal/source/live"
	"github.com/mcplint/mcplint/engine/internal/target"
	"github.com/mcplint/mcplint/engine/trace"
	"github.com/mcplint/mcplint/sdk"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type echoIn struct {
	Text string `json:"text" jsonschema:"the text to echo back"`
}

// TestRecordHTTP puts the recording proxy between mcplint's own HTTP
// client and a Go SDK server over SSE, then reads the trace back: the
// same tools, the http events, and no credential.
func TestRecordHTTP(t *testing.T) {
	const secret = "Bearer rec-secret-41c2"
	s := mcp.NewServer(&mcp.Implementation{Name: "recorded", Version: "1.0.0"}, &mcp.ServerOptions{PageSize: 1})
	for _, name := range []string{"echo", "shout"} {
		mcp.AddTool(s, &mcp.Tool{Name: name, Description: "Returns the text it is given as " + name + "."},
			func(_ context.Context, _ *mcp.CallToolRequest, in echoIn) (*mcp.CallToolResult, any, error) {
				return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: in.Text}}}, nil, nil
			})
	}
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, nil)
	upstream := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != secret {
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return
		}
		h.ServeHTTP(w, r)
	}))
	defer upstream.Close()

	out := filepath.Join(t.TempDir(), "trace.jsonl")
	ctx, cancel := context.WithCancel(context.Background())
	ready := make(chan string, 1)
	done := make(chan struct{})
	var res Result
	var runErr error
	go func() {
		defer close(done)
		res, runErr = RunHTTP(ctx, HTTPOptions{Upstream: upstream.URL + "/mcp", Output: out, Ready: func(u string) { ready <- u }})
	}()
	proxyURL := <-ready
	// No probes: the default ones open a second session, which would go
	// through the same recorder and interleave with the first in one trace.
	snap, err := live.Load(context.Background(), target.Target{Kind: target.Remote, URL: proxyURL, Headers: map[string]string{"Authorization": secret}},
		live.Options{Timeout: 5 * time.Second, Probes: probe.None})
	if err != nil {
		t.Fatal(err)
	}
	cancel()
	<-done
	if runErr != nil {
		t.Fatal(runErr)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(data), "rec-secret") {
		t.Error("the trace holds the credential")
	}
	tr, err := trace.ReadFile(out, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(tr.Records) != res.Records {
		t.Errorf("the trace has %d records; RunHTTP said %d", len(tr.Records), res.Records)
	}
	recorded, err := mcpsession.Build(tr)
	if err != nil {
		t.Fatal(err)
	}
	names := func(s *sdk.Snapshot) (n []string) {
		for _, tool := range s.Tools {
			n = append(n, tool.Name)
		}
		return n
	}
	if got, want := names(recorded), names(snap); len(want) != 2 || !slices.Equal(got, want) {
		t.Errorf("the trace lists %q; the live session listed %q", got, want)
	}
	if recorded.Era != snap.Era {
		t.Errorf("era %s from the trace, %s live", recorded.Era, snap.Era)
	}
	sse, sessionID := false, false
	for _, r := range tr.Records {
		if r.Event != nil && r.Event.HTTP != nil {
			sse = sse || r.Event.HTTP.Stream > 0
			sessionID = sessionID || r.Event.HTTP.Response["MCP-Session-Id"] != ""
		}
	}
	if !sse || !sessionID {
		t.Errorf("the trace's http events lack SSE streams (%v) or the session id (%v)", sse, sessionID)
	}
}

func TestRecordHTTPListensOnLoopbackOnly(t *testing.T) {
	_, err := RunHTTP(context.Background(), HTTPOptions{Upstream: "http://127.0.0.1:1/mcp", Listen: "0.0.0.0:0", Output: filepath.Join(t.TempDir(), "t.jsonl")})
	if err == nil || !strings.Contains(err.Error(), "loopback") {
		t.Fatalf("err %v, want a refusal to listen beyond loopback", err)
	}
}
