// Command progress is a legacy server with one slow tool, work: it takes
// "steps" steps of 300 ms and, when the call carries a progressToken,
// sends notifications/progress after each step, as the spec's progress
// utility describes. A client that waits a fixed time gives up on it; one
// that reads progress as a sign of life does not.
package main

import (
	"encoding/json"
	"time"

	"github.com/mcplint/mcplint/testdata/servers/internal/rawmcp"
)

const step = 300 * time.Millisecond

func main() {
	tool := rawmcp.Tool("work", "Do some slow work in steps and report progress after each one.")
	tool["inputSchema"] = map[string]any{"type": "object", "properties": map[string]any{
		"steps": map[string]any{"type": "integer", "minimum": 1, "maximum": 20, "description": "How many 300 ms steps to take"},
	}}
	tool["annotations"] = map[string]any{"readOnlyHint": true, "openWorldHint": false}
	rawmcp.Legacy{
		Name:  "progress",
		Tools: []map[string]any{tool},
		Extra: func(s *rawmcp.Server, m rawmcp.Msg) bool {
			if m.Method != "tools/call" {
				return false
			}
			var p struct {
				Arguments struct {
					Steps int `json:"steps"`
				} `json:"arguments"`
				Meta struct {
					Token json.RawMessage `json:"progressToken"`
				} `json:"_meta"`
			}
			json.Unmarshal(m.Params, &p)
			steps := max(p.Arguments.Steps, 1)
			// Work in the background, as a real server does, so that
			// cancellations and pings are still read.
			go func() {
				for i := 1; i <= steps; i++ {
					time.Sleep(step)
					if len(p.Meta.Token) > 0 {
						s.Send(map[string]any{"jsonrpc": "2.0", "method": "notifications/progress",
							"params": map[string]any{"progressToken": p.Meta.Token, "progress": i, "total": steps}})
					}
				}
				s.Reply(m.ID, rawmcp.TextResult("done", false))
			}()
			return true
		},
	}.Serve(rawmcp.New())
}
