// Command toolserror completes the handshake and then answers tools/list
// with a JSON-RPC error instead of its tools. TOOLSERROR_ERA=modern makes
// it a 2026-07-28 server; anything else a legacy one.
package main

import (
	"os"

	"github.com/mcplint/mcplint/testdata/servers/internal/rawmcp"
)

func main() {
	fail := func(s *rawmcp.Server, m rawmcp.Msg) bool {
		if m.Method != "tools/list" {
			return false
		}
		s.Fail(m.ID, -32603, "database unavailable: connection refused")
		return true
	}
	if os.Getenv("TOOLSERROR_ERA") == "modern" {
		rawmcp.Modern{Name: "toolserror", Extra: fail}.Serve(rawmcp.New())
		return
	}
	rawmcp.Legacy{Name: "toolserror", Extra: fail}.Serve(rawmcp.New())
}
