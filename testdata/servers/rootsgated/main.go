// Command rootsgated is a correct 2025-11-25 server that lists get_roots
// only to a client that declares the roots capability, as the reference
// server lists get-roots-list, and whose instructions name that tool: a
// lint that forgets the client with roots calls the reference dangling.
package main

import (
	"encoding/json"

	"github.com/mcplint/mcplint/testdata/servers/internal/rawmcp"
)

func main() {
	roots := false
	tools := []map[string]any{
		rawmcp.Tool("list_notes", "List the notes in the folders the client shared, newest first."),
	}
	gated := rawmcp.Tool("get_roots", "List the folders the client shared, as file URIs.")
	rawmcp.Legacy{
		Name:  "rootsgated",
		Tools: tools,
		Extra: func(s *rawmcp.Server, m rawmcp.Msg) bool {
			switch m.Method {
			case "initialize":
				var p struct {
					Capabilities map[string]json.RawMessage `json:"capabilities"`
				}
				json.Unmarshal(m.Params, &p)
				_, roots = p.Capabilities["roots"]
				s.Reply(m.ID, map[string]any{
					"protocolVersion": "2025-11-25",
					"capabilities":    map[string]any{"tools": map[string]any{}},
					"serverInfo":      map[string]any{"name": "rootsgated", "version": "1.0.0"},
					"instructions":    "Notes of the shared folders. Call `get_roots` to see which folders are shared, then `list_notes`.",
				})
				return true
			case "tools/list":
				if !roots {
					return false
				}
				s.Reply(m.ID, map[string]any{"tools": append(append([]map[string]any{}, tools...), gated)})
				return true
			}
			return false
		},
	}.Serve(rawmcp.New())
}
