// Command crash completes the legacy handshake, then dies on the first
// tools/list with a message on stderr, as a server with a broken tool
// registry would.
package main

import (
	"os"

	"github.com/mcplint/mcplint/testdata/servers/internal/rawmcp"
)

func main() {
	rawmcp.Logf("crash: listening on stdio")
	rawmcp.Legacy{
		Name: "crash",
		Extra: func(s *rawmcp.Server, m rawmcp.Msg) bool {
			if m.Method == "tools/list" {
				rawmcp.Logf("panic: tool registry is corrupted")
				os.Exit(3)
			}
			return false
		},
	}.Serve(rawmcp.New())
}
