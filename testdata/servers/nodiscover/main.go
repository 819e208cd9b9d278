// Command nodiscover is a 2026-07-28 server that refuses server/discover
// with MissingRequiredClientCapability (-32021), a modern error, although
// the protocol makes discovery mandatory; it serves its tools.
package main

import "github.com/mcplint/mcplint/testdata/servers/internal/rawmcp"

func main() {
	rawmcp.Modern{
		Name: "nodiscover",
		Tools: []map[string]any{
			rawmcp.Tool("status", "Report whether the service is up, with its uptime in seconds."),
		},
		Extra: func(s *rawmcp.Server, m rawmcp.Msg) bool {
			if m.Method != "server/discover" {
				return false
			}
			s.Send(map[string]any{"jsonrpc": "2.0", "id": m.ID, "error": map[string]any{
				"code": -32021, "message": "Missing required client capability",
				"data": map[string]any{"requiredCapabilities": map[string]any{"sampling": map[string]any{}}},
			}})
			return true
		},
	}.Serve(rawmcp.New())
}
