// Command outofrange is a legacy server whose one tool has a schema
// holding a number past float64's range ("maximum": 1e309): valid JSON,
// which encoding/json refuses to decode into a float64. Its "limit"
// property has no type, so the tool has a finding of its own.
package main

import (
	"encoding/json"

	"github.com/mcplint/mcplint/testdata/servers/internal/rawmcp"
)

func main() {
	rawmcp.Legacy{
		Name: "outofrange",
		Tools: []map[string]any{{
			"name":        "clamp",
			"description": "Clamp a number to the range the server accepts and return it.",
			"inputSchema": map[string]any{
				"type": "object",
				"properties": map[string]any{
					"value": map[string]any{"type": "number", "description": "The number to clamp", "maximum": json.Number("1e309")},
					"limit": map[string]any{"description": "The largest value to return"},
				},
				"required": []any{"value"},
			},
			"annotations": map[string]any{"readOnlyHint": true, "openWorldHint": false},
		}},
	}.Serve(rawmcp.New())
}
