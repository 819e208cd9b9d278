// Command promptsonly is a correct legacy server that offers prompts and
// no tools: it declares only the prompts capability and refuses
// tools/list as a method it does not serve, which is its right.
package main

import "github.com/mcplint/mcplint/testdata/servers/internal/rawmcp"

func main() {
	rawmcp.Legacy{
		Name:         "promptsonly",
		Capabilities: map[string]any{"prompts": map[string]any{}},
		Extra: func(s *rawmcp.Server, m rawmcp.Msg) bool {
			switch m.Method {
			case "prompts/list":
				s.Reply(m.ID, map[string]any{"prompts": []any{map[string]any{"name": "summarize", "description": "Summarize a text in three sentences."}}})
			case "tools/list", "tools/call":
				s.Fail(m.ID, -32601, "Method not found: "+m.Method)
			default:
				return false
			}
			return true
		},
	}.Serve(rawmcp.New())
}
