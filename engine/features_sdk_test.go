package engine_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/engine"
	"github.com/mcplint/mcplint/sdk"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestFeatureProbesPassTheGoSDK lints the official Go SDK serving
// prompts, a resource, a resource template, completions, logging and
// resource subscriptions over Streamable HTTP, in each era, with every
// probe: the well-behaved server of the feature probes, which must give
// none of their rules a finding. The stdio side is the features fixture,
// correct.
func TestFeatureProbesPassTheGoSDK(t *testing.T) {
	for _, era := range []string{sdk.EraLegacy, sdk.EraModern} {
		t.Run(era, func(t *testing.T) {
			opts := &mcp.ServerOptions{
				CompletionHandler: func(context.Context, *mcp.CompleteRequest) (*mcp.CompleteResult, error) {
					return &mcp.CompleteResult{Completion: mcp.CompletionResultDetails{Values: []string{"Paris", "Berlin"}, Total: 2}}, nil
				},
				SubscribeHandler:   func(context.Context, *mcp.SubscribeRequest) error { return nil },
				UnsubscribeHandler: func(context.Context, *mcp.UnsubscribeRequest) error { return nil },
			}
			if era == sdk.EraModern {
				opts.SupportedProtocolVersions = []string{"2026-07-28"}
			}
			s := mcp.NewServer(&mcp.Implementation{Name: "sdk-features", Version: "1.0.0"}, opts)
			s.AddPrompt(&mcp.Prompt{Name: "weather", Description: "Ask for the weather in a city.",
				Arguments: []*mcp.PromptArgument{{Name: "city", Description: "The city.", Required: true}}},
				func(_ context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
					city, ok := req.Params.Arguments["city"]
					if !ok {
						return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "missing required argument: city"}
					}
					return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{{Role: "user", Content: &mcp.TextContent{Text: "What is the weather in " + city + "?"}}}}, nil
				})
			s.AddResource(&mcp.Resource{URI: "file:///notes.txt", Name: "notes", MIMEType: "text/plain"},
				func(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
					return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, MIMEType: "text/plain", Text: "Buy milk."}}}, nil
				})
			s.AddResourceTemplate(&mcp.ResourceTemplate{URITemplate: "file:///days/{day}", Name: "day", MIMEType: "text/plain"},
				func(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
					day := strings.TrimPrefix(req.Params.URI, "file:///days/")
					return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, MIMEType: "text/plain", Text: "Nothing planned on day " + day + "."}}}, nil
				})
			srv := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, &mcp.StreamableHTTPOptions{Stateless: era == sdk.EraModern}))
			defer srv.Close()
			tg := lintFeatures(t, engine.Settings{Args: []string{srv.URL + "/mcp"}})
			if tg.Counts.Prompts != 1 || tg.Counts.Resources != 2 { // the resource and the template
				t.Fatalf("counts %+v", tg.Counts)
			}
			checkFeatureRules(t, tg, era, "")
		})
	}
}
