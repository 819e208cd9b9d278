// Command echoversion is a legacy server that answers initialize with
// whatever protocol version the client asked for, supported or not.
package main

import (
	"encoding/json"

	"github.com/mcplint/mcplint/testdata/servers/internal/rawmcp"
)

func main() {
	rawmcp.Legacy{
		Name: "echoversion",
		Tools: []map[string]any{
			rawmcp.Tool("status", "Report whether the service is up, with its uptime in seconds."),
		},
		Extra: func(s *rawmcp.Server, m rawmcp.Msg) bool {
			if m.Method != "initialize" {
				return false
			}
			var p struct {
				ProtocolVersion string `json:"protocolVersion"`
			}
			json.Unmarshal(m.Params, &p)
			s.Reply(m.ID, map[string]any{
				"protocolVersion": p.ProtocolVersion,
				"capabilities":    map[string]any{"tools": map[string]any{}},
				"serverInfo":      map[string]any{"name": "echoversion", "version": "1.0.0"},
			})
			return true
		},
	}.Serve(rawmcp.New())
}
