// Command noresulttype is a 2026-07-28 server whose tools/list results
// carry no "resultType", as a server written for an earlier revision would
// answer; everything else about it is correct.
package main

import "github.com/mcplint/mcplint/testdata/servers/internal/rawmcp"

func main() {
	tools := []map[string]any{rawmcp.Tool("status", "Report whether the service is up, with its uptime in seconds.")}
	rawmcp.Modern{
		Name:  "noresulttype",
		Tools: tools,
		Extra: func(s *rawmcp.Server, m rawmcp.Msg) bool {
			if m.Method != "tools/list" {
				return false
			}
			s.Reply(m.ID, map[string]any{"ttlMs": 60000, "cacheScope": "public", "tools": tools, "_meta": rawmcp.ServerInfo("noresulttype")})
			return true
		},
	}.Serve(rawmcp.New())
}
