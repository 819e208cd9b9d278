// Command protoerr is a legacy server whose tools fail the wrong way: a
// failing tool answers with a JSON-RPC error, which a client never shows
// the model, instead of a result with isError true. Every tool says it is
// read-only, so a default exercise run calls all of them.
//
//   - lookup_order fails on every call with a JSON-RPC -32603 "database
//     unavailable", whatever the arguments;
//   - get_time works, and refuses bad input correctly, with isError;
//   - slow_status answers after 1.2 s, over slow-response's default budget.
package main

import (
	"encoding/json"
	"time"

	"github.com/mcplint/mcplint/testdata/servers/internal/rawmcp"
)

var readOnly = map[string]any{"readOnlyHint": true, "openWorldHint": false}

var tools = []map[string]any{
	{
		"name":        "lookup_order",
		"description": "Look up an order by its number and return its status, items and shipping address.",
		"inputSchema": map[string]any{
			"type": "object",
			"properties": map[string]any{
				"order_id": map[string]any{"type": "string", "pattern": "^ORD-[0-9]{6}$", "description": "Order number, e.g. ORD-123456"},
			},
			"required":             []any{"order_id"},
			"additionalProperties": false,
		},
		"annotations": readOnly,
	},
	{
		"name":        "get_time",
		"description": "Return the current time in a time zone given as an IANA name such as Europe/Paris.",
		"inputSchema": map[string]any{
			"type": "object",
			"properties": map[string]any{
				"zone": map[string]any{"type": "string", "description": "IANA time zone name"},
			},
			"required": []any{"zone"},
		},
		"annotations": readOnly,
	},
	{
		"name":        "slow_status",
		"description": "Report the health of the order database; it takes a while to answer.",
		"inputSchema": map[string]any{"type": "object", "additionalProperties": false},
		"annotations": readOnly,
	},
}

func main() {
	rawmcp.Legacy{
		Name:  "protoerr",
		Tools: tools,
		Call: func(s *rawmcp.Server, id json.RawMessage, p rawmcp.ToolCall) {
			switch p.Name {
			case "lookup_order":
				s.Fail(id, -32603, "database unavailable: connection refused")
			case "get_time":
				zone, ok := p.Arguments["zone"].(string)
				loc, err := time.LoadLocation(zone)
				if !ok || zone == "" || err != nil {
					s.Reply(id, rawmcp.TextResult("zone must be an IANA time zone name such as Europe/Paris", true))
					return
				}
				s.Reply(id, rawmcp.TextResult(time.Date(2025, 1, 15, 12, 0, 0, 0, time.UTC).In(loc).Format(time.RFC3339), false))
			case "slow_status":
				time.Sleep(1200 * time.Millisecond)
				s.Reply(id, rawmcp.TextResult("ok", false))
			default:
				s.Fail(id, -32602, "Unknown tool: "+p.Name)
			}
		},
	}.Serve(rawmcp.New())
}
