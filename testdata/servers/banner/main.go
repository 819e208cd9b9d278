// Command banner prints a start-up banner on stdout before speaking MCP,
// the most common way a stdio server pollutes its protocol channel.
package main

import (
	"github.com/mcplint/mcplint/testdata/servers/internal/rawmcp"
)

func main() {
	s := rawmcp.New()
	s.Line([]byte("Banner server v1.0 starting on stdio..."))
	rawmcp.Legacy{Name: "banner", Tools: []map[string]any{
		rawmcp.Tool("echo", "Echo the given text back to the caller unchanged."),
	}}.Serve(s)
}
