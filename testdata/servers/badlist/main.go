// Command badlist completes the legacy handshake and then answers
// tools/list in the way BADLIST names:
//
//   - "silent": never;
//   - "nope": with {"tools": "nope"}, a result without a tools array;
//   - "missing": with {}, a result without tools;
//   - "secondpage": a first page of one tool with a nextCursor, then never
//     the second page;
//   - "oversize": with its tools on one line of 64 KiB, over a small line
//     cap;
//   - "relist": correctly the first time, after declaring
//     tools.listChanged, and never again, so the listing that confirms
//     the first gets no answer;
//   - "notobject": with a tool and a string beside it, an item that is
//     no tool;
//   - "empty": with {"tools": []}, correctly: a server with no tools.
package main

import (
	"encoding/json"
	"os"
	"strings"

	"github.com/mcplint/mcplint/testdata/servers/internal/rawmcp"
)

func main() {
	mode := os.Getenv("BADLIST")
	listed := 0
	list := func(s *rawmcp.Server, m rawmcp.Msg) bool {
		if m.Method == "initialize" && mode == "relist" {
			s.Reply(m.ID, map[string]any{
				"protocolVersion": "2025-11-25",
				"capabilities":    map[string]any{"tools": map[string]any{"listChanged": true}},
				"serverInfo":      map[string]any{"name": "badlist", "version": "1.0.0"},
			})
			return true
		}
		if m.Method != "tools/list" {
			return false
		}
		listed++
		var p struct {
			Cursor *string `json:"cursor"`
		}
		json.Unmarshal(m.Params, &p)
		switch mode {
		case "silent":
		case "nope":
			s.Reply(m.ID, map[string]any{"tools": "nope"})
		case "missing":
			s.Reply(m.ID, map[string]any{})
		case "secondpage":
			if p.Cursor == nil {
				s.Reply(m.ID, map[string]any{"tools": []any{rawmcp.Tool("status", "Report whether the service is up.")}, "nextCursor": "page-2"})
			}
		case "oversize":
			s.Reply(m.ID, map[string]any{"tools": []any{rawmcp.Tool("dump", "Dump the buffer. "+strings.Repeat("x", 64<<10))}})
		case "relist":
			if listed == 1 {
				s.Reply(m.ID, map[string]any{"tools": []any{rawmcp.Tool("status", "Report whether the service is up.")}})
			}
		case "notobject":
			s.Reply(m.ID, map[string]any{"tools": []any{rawmcp.Tool("status", "Report whether the service is up."), "restart"}})
		case "empty":
			s.Reply(m.ID, map[string]any{"tools": []any{}})
		default:
			rawmcp.Logf("badlist: BADLIST %q: want silent, nope, missing, secondpage, oversize, relist, notobject or empty", mode)
			os.Exit(2)
		}
		return true
	}
	rawmcp.Legacy{Name: "badlist", Extra: list}.Serve(rawmcp.New())
}
