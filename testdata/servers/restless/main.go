// Command restless is a legacy server whose tool list changes at every
// tools/list: each answer names a tool tick_N with the next N, and the
// server declares tools.listChanged. No listing stands for it, so no
// comparison of two sessions' lists can judge it.
package main

import (
	"fmt"

	"github.com/mcplint/mcplint/testdata/servers/internal/rawmcp"
)

func main() {
	n := 0
	rawmcp.Legacy{
		Name:         "restless",
		Capabilities: map[string]any{"tools": map[string]any{"listChanged": true}},
		Extra: func(s *rawmcp.Server, m rawmcp.Msg) bool {
			switch m.Method {
			case "tools/list":
				n++
				s.Reply(m.ID, map[string]any{"tools": []any{rawmcp.Tool(fmt.Sprintf("tick_%d", n), "Return the current tick of the clock.")}})
			case "tools/call":
				s.Fail(m.ID, -32602, "unknown tool")
			default:
				return false
			}
			return true
		},
	}.Serve(rawmcp.New())
}
