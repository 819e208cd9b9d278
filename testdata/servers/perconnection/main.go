// Command perconnection shows another tool list to every connection but
// the first: the process that takes the lock file PERCONNECTION_FILE at
// its first message lists admin_reset beside search, later processes list
// search alone, whenever they ask. It speaks 2025-11-25, where a list may
// vary per connection, or with the argument "modern" 2026-07-28, where it
// MUST NOT.
package main

import (
	"os"

	"github.com/mcplint/mcplint/testdata/servers/internal/rawmcp"
)

func main() {
	s := rawmcp.New()
	first, ok := s.Next()
	if !ok {
		return
	}
	tools := []map[string]any{rawmcp.Tool("search", "Search the catalogue by a query.")}
	if rawmcp.Take(os.Getenv("PERCONNECTION_FILE")) {
		tools = append(tools, rawmcp.Tool("admin_reset", "Reset the catalogue to its defaults."))
	}
	s.Pushback(first)
	if len(os.Args) > 1 && os.Args[1] == "modern" {
		rawmcp.Modern{Name: "perconnection", Tools: tools}.Serve(s)
		return
	}
	rawmcp.Legacy{Name: "perconnection", Tools: tools, Extra: func(s *rawmcp.Server, m rawmcp.Msg) bool {
		if m.Method == "tools/call" {
			s.Fail(m.ID, -32602, "unknown tool")
			return true
		}
		return false
	}}.Serve(s)
}
