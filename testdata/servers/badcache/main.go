// Command badcache is a 2026-07-28 server whose tools/list results carry
// caching hints no client can use: a negative ttlMs and a cacheScope that
// is neither "public" nor "private".
package main

import "github.com/mcplint/mcplint/testdata/servers/internal/rawmcp"

func main() {
	tools := []map[string]any{rawmcp.Tool("status", "Report whether the service is up, with its uptime in seconds.")}
	rawmcp.Modern{
		Name:  "badcache",
		Tools: tools,
		Extra: func(s *rawmcp.Server, m rawmcp.Msg) bool {
			if m.Method != "tools/list" {
				return false
			}
			s.Reply(m.ID, map[string]any{"resultType": "complete", "ttlMs": -1, "cacheScope": "everyone", "tools": tools, "_meta": rawmcp.ServerInfo("badcache")})
			return true
		},
	}.Serve(rawmcp.New())
}
