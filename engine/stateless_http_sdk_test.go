package engine_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/mcplint/mcplint/config"
	"github.com/mcplint/mcplint/engine"
	"github.com/mcplint/mcplint/sdk"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestStatelessHTTPServesBeforeInitialize lints the official Go SDK
// serving the handshake era over Streamable HTTP without sessions, the
// shape of published servers such as the MCP Apps examples. Such a
// server assigns no MCP-Session-Id (2025-11-25/basic/transports.mdx,
// Session Management: a server "MAY assign a session ID"), so it cannot
// tell a request of a client that initialized from one of a client that
// did not, and it reads a request without MCP-Protocol-Version as
// 2025-03-26, as the same page says it SHOULD. request-before-init has
// nothing to hold against it. (The rule's fixtures keep the stateful
// server that serves before initialize a finding.)
func TestStatelessHTTPServesBeforeInitialize(t *testing.T) {
	{
		const stateless = true
		s := mcp.NewServer(&mcp.Implementation{Name: "sdk-stateless", Version: "1.0.0"},
			&mcp.ServerOptions{SupportedProtocolVersions: []string{"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"}})
		type in struct {
			City string `json:"city" jsonschema:"the city"`
		}
		mcp.AddTool(s, &mcp.Tool{Name: "get_weather", Description: "Returns the current weather for a city.",
			Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true}},
			func(context.Context, *mcp.CallToolRequest, in) (*mcp.CallToolResult, any, error) {
				return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "sunny"}}}, nil, nil
			})
		srv := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, &mcp.StreamableHTTPOptions{Stateless: stateless}))
		rep, err := engine.Run(context.Background(), engine.Settings{Args: []string{srv.URL + "/mcp"}, Dir: t.TempDir(),
			Config: config.Default(), Probes: "default", NoLock: true, Plugins: engine.PluginSettings{Off: true}})
		srv.Close()
		if err != nil {
			t.Fatal(err)
		}
		tg := rep.Targets[0]
		if tg.Error != nil || tg.Era != sdk.EraLegacy {
			t.Fatalf("stateless %v: error %v, era %q", stateless, tg.Error, tg.Era)
		}
		for _, is := range tg.Issues {
			if is.Rule == "request-before-init" {
				t.Errorf("stateless %v: %s", stateless, is.Message)
			}
		}
		for _, ic := range tg.Inconclusive {
			if ic.Probe == "request-before-init" {
				t.Errorf("stateless %v: inconclusive %+v", stateless, ic)
			}
		}
	}
}
