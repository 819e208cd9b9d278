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

func reply(s *rawmcp.Server, id json.RawMessage, text string, isError bool) {
	r := map[string]any{"content": []any{map[string]any{"type": "text", "text": text}}}
	if isError {
		r["isError"] = true
	}
	s.Reply(id, r)
}

func main() {
	dir := os.Getenv("NOTES_DIR")
	if dir == "" {
		dir = "."
	}
	rawmcp.Legacy{
		Name:  "destructive",
		Tools: tools,
		Extra: func(s *rawmcp.Server, m rawmcp.Msg) bool {
			if m.Method != "tools/call" {
				return false
			}
			var p struct {
				Name      string         `json:"name"`
				Arguments map[string]any `json:"arguments"`
			}
			json.Unmarshal(m.Params, &p)
			switch p.Name {
			case "write_note":
				title, _ := p.Arguments["title"].(string)
				body, _ := p.Arguments["body"].(string)
				if title == "" || strings.ContainsAny(title, `/\.`) {
					reply(s, m.ID, "title must be a plain name", true)
					return true
				}
				if err := os.WriteFile(filepath.Join(dir, title+".note"), []byte(body), 0o644); err != nil {
					reply(s, m.ID, err.Error(), true)
					return true
				}
				reply(s, m.ID, "saved "+title, false)
			case "list_notes":
				names, _ := filepath.Glob(filepath.Join(dir, "*.note"))
				for i, n := range names {
					names[i] = strings.TrimSuffix(filepath.Base(n), ".note")
				}
				reply(s, m.ID, strings.Join(names, "\n"), false)
			default:
				s.Fail(m.ID, -32602, "Unknown tool: "+p.Name)
			}
			return true
		},
	}.Serve(rawmcp.New())
}
