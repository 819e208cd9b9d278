// Command modern is a correct 2026-07-28 server built with the Go SDK,
// restricted to that revision: no handshake, server/discover and
// per-request _meta. Its capabilities are set explicitly because the SDK
// declares logging by default, which 2026-07-28 deprecates.
package main

import (
	"context"
	"log"

	"github.com/mcplint/mcplint/testdata/servers/internal/catalog"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func main() {
	s := mcp.NewServer(&mcp.Implementation{Name: "modern-fixture", Version: "1.0.0"}, &mcp.ServerOptions{
		Instructions:              "Text utilities: transform or count the words of a text.",
		PageSize:                  catalog.PageSize,
		SupportedProtocolVersions: []string{"2026-07-28"},
		Capabilities:              &mcp.ServerCapabilities{},
	})
	catalog.Register(s)
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
