// Command legacy is a correct handshake-era server built with the Go SDK,
// restricted to the 2025-11-25 and earlier revisions: it refuses
// server/discover with UnsupportedProtocolVersion listing those, and speaks
// through initialize.
package main

import (
	"context"
	"log"

	"github.com/mcplint/mcplint/testdata/servers/internal/catalog"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func main() {
	s := mcp.NewServer(&mcp.Implementation{Name: "legacy-fixture", Version: "1.0.0"}, &mcp.ServerOptions{
		Instructions:              "Text utilities: transform or count the words of a text.",
		PageSize:                  catalog.PageSize,
		SupportedProtocolVersions: []string{"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"},
	})
	catalog.Register(s)
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
