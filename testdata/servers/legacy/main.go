// Command legacy is a correct handshake-era server built with the Go SDK,
// restricted to the 2025-11-25 and earlier revisions: it refuses
// server/discover with UnsupportedProtocolVersion listing those, and speaks
// through initialize. Arguments, when given, are the versions it supports
// instead (newest first), so that a test can hold a session in an older
// revision.
package main

import (
	"context"
	"log"
	"os"

	"github.com/mcplint/mcplint/testdata/servers/internal/catalog"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func main() {
	versions := []string{"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"}
	if len(os.Args) > 1 {
		versions = os.Args[1:]
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "legacy-fixture", Version: "1.0.0"}, &mcp.ServerOptions{
		Instructions:              "Text utilities: transform or count the words of a text.",
		PageSize:                  catalog.PageSize,
		SupportedProtocolVersions: versions,
	})
	catalog.Register(s)
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
