// Command toolsucceeds is a legacy server that answers a call of any tool
// name, listed or not, with a successful result.
package main

import "github.com/mcplint/mcplint/testdata/servers/internal/rawmcp"

func main() {
	rawmcp.Legacy{
		Name: "toolsucceeds",
		Tools: []map[string]any{
			rawmcp.Tool("status", "Report whether the service is up, with its uptime in seconds."),
		},
		Extra: func(s *rawmcp.Server, m rawmcp.Msg) bool {
			if m.Method != "tools/call" {
				return false
			}
			s.Reply(m.ID, map[string]any{"content": []any{map[string]any{"type": "text", "text": "ok"}}})
			return true
		},
	}.Serve(rawmcp.New())
}
