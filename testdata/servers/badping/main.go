// Command badping is a legacy server that does not implement ping: it
// refuses it as an unknown method.
package main

import "github.com/mcplint/mcplint/testdata/servers/internal/rawmcp"

func main() {
	rawmcp.Legacy{
		Name: "badping",
		Tools: []map[string]any{
			rawmcp.Tool("status", "Report whether the service is up, with its uptime in seconds."),
		},
		Extra: func(s *rawmcp.Server, m rawmcp.Msg) bool {
			if m.Method != "ping" {
				return false
			}
			s.Fail(m.ID, -32601, "Method not found: ping")
			return true
		},
	}.Serve(rawmcp.New())
}
