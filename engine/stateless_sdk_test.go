package engine_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"
	"time"

	"github.com/mcplint/mcplint/config"
	"github.com/mcplint/mcplint/engine"
	"github.com/mcplint/mcplint/sdk"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestStatelessRulesPassTheGoSDK lints the official Go SDK serving
// 2026-07-28 over Streamable HTTP, with every probe and --exercise: the
// well-behaved server of the stateless rules, which must give none of
// them (nor the Mcp-Name rule) a finding. The stdio side is the modern
// fixture, linted by the live tests.
func TestStatelessRulesPassTheGoSDK(t *testing.T) {
	s := mcp.NewServer(&mcp.Implementation{Name: "sdk-modern-http", Version: "1.0.0"}, &mcp.ServerOptions{
		SupportedProtocolVersions: []string{"2026-07-28"}, Capabilities: &mcp.ServerCapabilities{},
	})
	type wordIn struct {
		Text string `json:"text" jsonschema:"the text whose words to count"`
	}
	mcp.AddTool(s, &mcp.Tool{Name: "count_words", Description: "Count the words of a text.", Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true}},
		func(_ context.Context, _ *mcp.CallToolRequest, in wordIn) (*mcp.CallToolResult, any, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "some words"}}}, nil, nil
		})
	s.AddResource(&mcp.Resource{URI: "file:///notes.txt", Name: "notes", MIMEType: "text/plain"},
		func(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, MIMEType: "text/plain", Text: "Buy milk."}}}, nil
		})
	srv := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, &mcp.StreamableHTTPOptions{Stateless: true}))
	defer srv.Close()
	rep, err := engine.Run(context.Background(), engine.Settings{Dir: t.TempDir(), Config: config.Default(), Args: []string{srv.URL + "/mcp"},
		Probes: "all", Exercise: "readonly", Timeout: 5 * time.Second, NoLock: true, Plugins: engine.PluginSettings{Off: true}})
	if err != nil {
		t.Fatal(err)
	}
	tg := rep.Targets[0]
	if tg.Error != nil || tg.Era != sdk.EraModern || tg.Counts.Tools != 1 || tg.Counts.Resources != 1 {
		// One resource listed, so the unknown-resource probe ran too.
		t.Fatalf("error %v, era %q, counts %+v", tg.Error, tg.Era, tg.Counts)
	}
	for _, is := range tg.Issues {
		if slices.Contains(statelessRules, is.Rule) || is.Rule == "http-name-mismatch" {
			t.Errorf("%s: %s", is.Rule, is.Message)
		}
	}
	for _, in := range tg.Inconclusive {
		t.Errorf("inconclusive: %+v", in)
	}
}
