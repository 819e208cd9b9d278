// Package catalog is the feature set the correct SDK fixture servers share:
// five tools, two prompts, three resources and a resource template, served
// two to a page so that every list is paginated.
package catalog

import (
	"context"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// PageSize is small so that clients must follow nextCursor.
const PageSize = 2

// Counts of what Register adds, for tests.
const (
	Tools             = 5
	Prompts           = 2
	Resources         = 3
	ResourceTemplates = 1
)

type textArgs struct {
	Text string `json:"text" jsonschema:"the text to work on"`
}

type countResult struct {
	Count int `json:"count" jsonschema:"how many were counted"`
}

// Register adds the catalogue to s.
func Register(s *mcp.Server) {
	text := func(name, description string, f func(string) string) {
		mcp.AddTool(s, &mcp.Tool{Name: name, Description: description, Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true}},
			func(_ context.Context, _ *mcp.CallToolRequest, in textArgs) (*mcp.CallToolResult, any, error) {
				return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: f(in.Text)}}}, nil, nil
			})
	}
	text("upper_case", "Return the text with every letter in upper case.", strings.ToUpper)
	text("lower_case", "Return the text with every letter in lower case.", strings.ToLower)
	text("trim_space", "Return the text without leading and trailing white space.", strings.TrimSpace)
	text("reverse_words", "Return the words of the text in reverse order.", func(t string) string {
		w := strings.Fields(t)
		for i, j := 0, len(w)-1; i < j; i, j = i+1, j-1 {
			w[i], w[j] = w[j], w[i]
		}
		return strings.Join(w, " ")
	})
	mcp.AddTool(s, &mcp.Tool{Name: "count_words", Description: "Count the words of the text, split on white space."},
		func(_ context.Context, _ *mcp.CallToolRequest, in textArgs) (*mcp.CallToolResult, countResult, error) {
			return nil, countResult{Count: len(strings.Fields(in.Text))}, nil
		})

	for _, name := range []string{"proofread", "summarise"} {
		s.AddPrompt(&mcp.Prompt{Name: name, Description: "Ask the model to " + name + " a text.",
			Arguments: []*mcp.PromptArgument{{Name: "text", Description: "The text to " + name + ".", Required: true}}},
			func(_ context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
				text, ok := req.Params.Arguments["text"]
				if !ok {
					// server/prompts.mdx#error-handling: a missing
					// required argument is -32602.
					return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "missing required argument: text"}
				}
				return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{{Role: "user",
					Content: &mcp.TextContent{Text: name + ": " + text}}}}, nil
			})
	}
	read := func(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
		return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, MIMEType: "text/plain", Text: "sample"}}}, nil
	}
	for i := 1; i <= Resources; i++ {
		s.AddResource(&mcp.Resource{URI: fmt.Sprintf("text://samples/%d", i), Name: fmt.Sprintf("sample-%d", i),
			Description: "A sample text to try the tools on.", MIMEType: "text/plain"}, read)
	}
	s.AddResourceTemplate(&mcp.ResourceTemplate{URITemplate: "text://samples/{id}", Name: "sample",
		Description: "A sample text by number.", MIMEType: "text/plain"}, read)
}
