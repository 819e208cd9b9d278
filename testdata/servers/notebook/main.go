// Command notebook is a small correct server with one of each: a tool, a
// resource and a prompt, for `mcplint call`, `read-resource` and
// `get-prompt`. NOTEBOOK_OWNER (its environment, as -e sets it) names
// whose notebook it is.
package main

import (
	"context"
	"fmt"
	"log"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type addArgs struct {
	Title string `json:"title" jsonschema:"the note's title"`
	Stars int    `json:"stars,omitempty" jsonschema:"how good it is, 0 to 5"`
}

func main() {
	owner := os.Getenv("NOTEBOOK_OWNER")
	if owner == "" {
		owner = "nobody"
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "notebook", Version: "1.0.0"}, nil)
	mcp.AddTool(s, &mcp.Tool{
		Name:        "add_note",
		Description: "Add a note to the notebook and return what was stored, with its owner.",
	}, func(_ context.Context, _ *mcp.CallToolRequest, in addArgs) (*mcp.CallToolResult, any, error) {
		if in.Title == "" {
			return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "title is empty: give the note a title"}}}, nil, nil
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: fmt.Sprintf("stored %q (%d stars) in the notebook of %s", in.Title, in.Stars, owner)}}}, nil, nil
	})
	s.AddResource(&mcp.Resource{URI: "notes://readme", Name: "readme", Description: "How the notebook works.", MIMEType: "text/plain"},
		func(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, MIMEType: "text/plain", Text: "Notes have a title and 0 to 5 stars.\nThis notebook belongs to " + owner + "."}}}, nil
		})
	s.AddPrompt(&mcp.Prompt{Name: "review", Description: "Review the notes on a topic.", Arguments: []*mcp.PromptArgument{{Name: "topic", Description: "what the notes are about", Required: true}}},
		func(_ context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
			topic := req.Params.Arguments["topic"]
			if topic == "" {
				return nil, fmt.Errorf("topic is required")
			}
			return &mcp.GetPromptResult{Description: "A review of the notes on " + topic, Messages: []*mcp.PromptMessage{{Role: "user", Content: &mcp.TextContent{Text: "Review my notes on " + topic + " and say which to keep."}}}}, nil
		})
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
