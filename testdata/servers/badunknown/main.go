// Command badunknown is a legacy server that refuses methods it does not
// implement with -32603 (internal error) instead of -32601.
package main

import "github.com/mcplint/mcplint/testdata/servers/internal/rawmcp"

func main() {
	known := map[string]bool{"initialize": true, "ping": true, "tools/list": true, "tools/call": true, "server/discover": true}
	rawmcp.Legacy{
		Name: "badunknown",
		Tools: []map[string]any{
			rawmcp.Tool("status", "Report whether the service is up, with its uptime in seconds."),
		},
		Extra: func(s *rawmcp.Server, m rawmcp.Msg) bool {
			if known[m.Method] {
				return false
			}
			s.Fail(m.ID, -32603, "internal error: no handler for "+m.Method)
			return true
		},
	}.Serve(rawmcp.New())
}
