// Command nosupported is a 2026-07-28 server whose DiscoverResult lacks
// supportedVersions; it refuses initialize, as a modern-only server does.
package main

import "github.com/mcplint/mcplint/testdata/servers/internal/rawmcp"

func main() {
	rawmcp.Modern{Name: "nosupported", Tools: []map[string]any{rawmcp.Tool("lookup", "Look a word up in the dictionary.")},
		Extra: func(s *rawmcp.Server, m rawmcp.Msg) bool {
			if m.Method != "server/discover" {
				return false
			}
			s.Reply(m.ID, map[string]any{"resultType": "complete", "capabilities": map[string]any{"tools": map[string]any{}},
				"ttlMs": 0, "cacheScope": "public"})
			return true
		}}.Serve(rawmcp.New())
}
