// Command envfail is a legacy server whose tool answers are what
// --exercise must read with care:
//
//   - fetch_page fails as it would on a machine with no network
//     ("getaddrinfo ENOTFOUND"): the environment's failure, inconclusive;
//   - get_status succeeds;
//   - read_log refuses head and tail together, which its inputSchema
//     allows and its descriptions do not present as alternatives: the
//     schema is looser than the tool;
//   - lookup_record answers "Error: no record …" without isError: an
//     error dressed as a success;
//   - print_env prints two environment variables of the server: one it
//     inherits from mcplint, one its config gave it. No report may hold
//     either.
//
// ENVFAIL_ONLY, a comma-separated list of tool names, lists only those.
package main

import (
	"encoding/json"
	"os"
	"slices"
	"strings"

	"github.com/mcplint/mcplint/testdata/servers/internal/rawmcp"
)

var readOnly = map[string]any{"readOnlyHint": true, "openWorldHint": false}

func object(props map[string]any, required ...any) map[string]any {
	s := map[string]any{"type": "object", "properties": props}
	if len(required) > 0 {
		s["required"] = required
	}
	return s
}

var tools = []map[string]any{
	{
		"name":        "fetch_page",
		"description": "Fetch a web page and return its text.",
		"inputSchema": object(map[string]any{"url": map[string]any{"type": "string", "format": "uri", "description": "Page address"}}, "url"),
		"annotations": map[string]any{"readOnlyHint": true, "openWorldHint": true},
	},
	{
		"name":        "get_status",
		"description": "Report whether the service is up and how long it has run.",
		"inputSchema": object(map[string]any{}),
		"annotations": readOnly,
	},
	{
		"name":        "read_log",
		"description": "Read the service log. Lines can be limited from the start and from the end.",
		"inputSchema": object(map[string]any{
			"head": map[string]any{"type": "integer", "minimum": 1, "description": "Number of lines from the start"},
			"tail": map[string]any{"type": "integer", "minimum": 1, "description": "Number of lines from the end"},
		}),
		"annotations": readOnly,
	},
	{
		"name":        "lookup_record",
		"description": "Look up a record of the service by its key and return its fields.",
		"inputSchema": object(map[string]any{"key": map[string]any{"type": "string", "description": "Record key"}}, "key"),
		"annotations": readOnly,
	},
	{
		"name":        "print_env",
		"description": "Print the value of the service's ENVFAIL_SECRET setting.",
		"inputSchema": object(map[string]any{}),
		"annotations": readOnly,
	},
}

func main() {
	listed := tools
	if only := os.Getenv("ENVFAIL_ONLY"); only != "" {
		listed = nil
		for _, t := range tools {
			if slices.Contains(strings.Split(only, ","), t["name"].(string)) {
				listed = append(listed, t)
			}
		}
	}
	rawmcp.Legacy{
		Name:  "envfail",
		Tools: listed,
		Call: func(s *rawmcp.Server, id json.RawMessage, c rawmcp.ToolCall) {
			switch c.Name {
			case "fetch_page":
				s.Reply(id, rawmcp.TextResult("Failed to fetch page: getaddrinfo ENOTFOUND example.com", true))
			case "get_status":
				s.Reply(id, rawmcp.TextResult("up for 3 days", false))
			case "read_log":
				_, head := c.Arguments["head"]
				_, tail := c.Arguments["tail"]
				if head && tail {
					s.Reply(id, rawmcp.TextResult("Cannot specify both head and tail", true))
					return
				}
				s.Reply(id, rawmcp.TextResult("service started", false))
			case "lookup_record":
				s.Reply(id, rawmcp.TextResult("Error: no record with that key", false))
			case "print_env":
				s.Reply(id, rawmcp.TextResult("ENVFAIL_SECRET is "+os.Getenv("ENVFAIL_SECRET")+"; ENVFAIL_CONFIG_SECRET="+os.Getenv("ENVFAIL_CONFIG_SECRET"), false))
			default:
				s.Fail(id, -32602, "Unknown tool: "+c.Name)
			}
		},
	}.Serve(rawmcp.New())
}
