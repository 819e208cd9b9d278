// Command destructive is a legacy server with a tool that changes the
// world: write_note writes a file into $NOTES_DIR (the working directory
// when unset). Its annotations say so (readOnlyHint false, destructiveHint
// true); list_notes is read-only. mcplint --exercise must call list_notes
// only; --exercise=all calls write_note too, after saying so on stderr.
package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"

	"github.com/mcplint/mcplint/testdata/servers/internal/rawmcp"
)

var tools = []map[string]any{
	{
		"name":        "write_note",
		"description": "Write a note to a file named after its title, replacing any note with the same title.",
		"inputSchema": map[string]any{
			"type": "object",
			"properties": map[string]any{
				"title": map[string]any{"type": "string", "description": "Note title, used as the file name", "pattern": "^[A-Za-z0-9 _-]{1,40}$"},
				"body":  map[string]any{"type": "string", "description": "Note text"},
			},
			"required": []any{"title", "body"},
		},
		"annotations": map[string]any{"readOnlyHint": false, "destructiveHint": true, "idempotentHint": true, "openWorldHint": false},
	},
	{
		"name":        "list_notes",
		"description": "List the titles of the notes written so far, in alphabetical order.",
		"inputSchema": map[string]any{"type": "object", "additionalProperties": false},
		"annotations": map[string]any{"readOnlyHint": true, "openWorldHint": false},
	},
}

func main() {
	dir := os.Getenv("NOTES_DIR")
	if dir == "" {
		dir = "."
	}
	rawmcp.Legacy{
		Name:  "destructive",
		Tools: tools,
		Call: func(s *rawmcp.Server, id json.RawMessage, p rawmcp.ToolCall) {
			switch p.Name {
			case "write_note":
				title, _ := p.Arguments["title"].(string)
				body, _ := p.Arguments["body"].(string)
				if title == "" || strings.ContainsAny(title, `/\.`) {
					s.Reply(id, rawmcp.TextResult("title must be a plain name", true))
					return
				}
				if err := os.WriteFile(filepath.Join(dir, title+".note"), []byte(body), 0o644); err != nil {
					s.Reply(id, rawmcp.TextResult(err.Error(), true))
					return
				}
				s.Reply(id, rawmcp.TextResult("saved "+title, false))
			case "list_notes":
				names, _ := filepath.Glob(filepath.Join(dir, "*.note"))
				for i, n := range names {
					names[i] = strings.TrimSuffix(filepath.Base(n), ".note")
				}
				s.Reply(id, rawmcp.TextResult(strings.Join(names, "\n"), false))
			default:
				s.Fail(id, -32602, "Unknown tool: "+p.Name)
			}
		},
	}.Serve(rawmcp.New())
}
