// Command unaskedlog is a 2026-07-28 server that sends a log message
// (notifications/message) while it answers tools/list, although the
// request's _meta set no log level.
package main

import "github.com/mcplint/mcplint/testdata/servers/internal/rawmcp"

func main() {
	rawmcp.Modern{
		Name:  "unaskedlog",
		Tools: []map[string]any{rawmcp.Tool("status", "Report whether the service is up, with its uptime in seconds.")},
		Extra: func(s *rawmcp.Server, m rawmcp.Msg) bool {
			if m.Method == "tools/list" {
				s.Send(map[string]any{"jsonrpc": "2.0", "method": "notifications/message", "params": map[string]any{
					"level": "info", "logger": "catalogue", "data": "listing tools",
				}})
			}
			return false // the default answer follows
		},
	}.Serve(rawmcp.New())
}
