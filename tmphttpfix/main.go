package main

import (
	"context"
	"net/http"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type in struct {
	Text string `json:"text" jsonschema:"the text to echo back"`
}

func main() {
	var versions []string
	if os.Args[2] == "modern" {
		versions = []string{"2026-07-28"}
	} else {
		versions = []string{"2025-11-25"}
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "fix", Version: "1.0.0"}, &mcp.ServerOptions{SupportedProtocolVersions: versions})
	mcp.AddTool(s, &mcp.Tool{Name: "echo", Description: "Returns the text it is given, unchanged.", Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true}},
		func(_ context.Context, _ *mcp.CallToolRequest, x in) (*mcp.CallToolResult, any, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: x.Text}}}, nil, nil
		})
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, &mcp.StreamableHTTPOptions{Stateless: os.Args[2] == "modern"})
	http.ListenAndServe("127.0.0.1:"+os.Args[1], h)
}
