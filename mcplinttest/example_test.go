package mcplinttest_test

import (
	"context"
	"fmt"
	"io"
	"testing"

	"github.com/mcplint/mcplint/mcplinttest"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// newNotesServer is the server under test, built with the Go SDK.
func newNotesServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "notes", Version: "0.3.0"}, nil)
	type args struct {
		Text string `json:"text"`
	}
	mcp.AddTool(s, &mcp.Tool{Name: "addNote", Description: "Adds a note."},
		func(context.Context, *mcp.CallToolRequest, args) (*mcp.CallToolResult, any, error) {
			return &mcp.CallToolResult{}, nil, nil
		})
	return s
}

// In a test of the server's package, Run lints the server and fails the
// test with the report when an issue is at or above the fail level.
func ExampleRun() {
	var t *testing.T // the test function's t

	mcplinttest.Run(t, func(ctx context.Context, in io.ReadCloser, out io.WriteCloser) error {
		return newNotesServer().Run(ctx, &mcp.IOTransport{Reader: in, Writer: out})
	}, mcplinttest.WithFailOn("warning"))
}

// Lint returns the report without judging it, for assertions of one's own.
func ExampleLint() {
	rep, err := mcplinttest.Lint(context.Background(), func(ctx context.Context, in io.ReadCloser, out io.WriteCloser) error {
		return newNotesServer().Run(ctx, &mcp.IOTransport{Reader: in, Writer: out})
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	target := rep.Targets[0]
	fmt.Println(target.Name, target.Era, target.ProtocolVersion)
	for _, is := range target.Issues {
		fmt.Println(is.Severity, is.Rule, is.Tool)
	}
	// Output:
	// notes modern 2026-07-28
	// info annotations-missing addNote
	// info description-too-short addNote
	// warning parameter-description-missing addNote
	// info deprecated-feature <server>
}
