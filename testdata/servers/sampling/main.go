// Command sampling asks its client for an LLM completion (and a ping) in
// the middle of tools/list, then waits for both answers before listing. A
// client that leaves server requests unanswered hangs it. What it got is
// written to stderr for the test to read.
package main

import (
	"encoding/json"

	"github.com/mcplint/mcplint/testdata/servers/internal/rawmcp"
)

func main() {
	rawmcp.Legacy{
		Name: "sampling",
		Extra: func(s *rawmcp.Server, m rawmcp.Msg) bool {
			if m.Method != "tools/list" {
				return false
			}
			s.Send(map[string]any{"jsonrpc": "2.0", "id": "sample-1", "method": "sampling/createMessage", "params": map[string]any{
				"messages":  []any{map[string]any{"role": "user", "content": map[string]any{"type": "text", "text": "Summarise the tools"}}},
				"maxTokens": 100,
			}})
			s.Send(map[string]any{"jsonrpc": "2.0", "id": "ping-1", "method": "ping"})
			for pending := 2; pending > 0; {
				r, ok := s.Next()
				if !ok {
					return true
				}
				if r.Method != "" {
					continue
				}
				var id string
				json.Unmarshal(r.ID, &id)
				rawmcp.Logf("answer to %s: result=%s error=%s", id, r.Result, r.Error)
				pending--
			}
			s.Reply(m.ID, map[string]any{"tools": []any{rawmcp.Tool("summarise", "Summarise a document with the client's model.")}})
			return true
		},
	}.Serve(rawmcp.New())
}
