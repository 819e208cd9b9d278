// Command badstruct is a legacy server whose structured results do not
// keep the promise of their output schemas:
//
//   - get_weather returns structuredContent whose temperature is a string
//     where its outputSchema says number;
//   - get_stats declares an outputSchema and returns no structuredContent;
//   - get_quote is correct: its structuredContent matches its schema, and
//     the same JSON is repeated as text.
//
// Its results also carry every kind of content a model can be given, for
// the excerpts: an image, audio, an embedded resource and a resource link.
package main

import (
	"encoding/json"

	"github.com/mcplint/mcplint/testdata/servers/internal/rawmcp"
)

var readOnly = map[string]any{"readOnlyHint": true, "openWorldHint": false}

func city() map[string]any {
	return map[string]any{
		"type":       "object",
		"properties": map[string]any{"city": map[string]any{"type": "string", "description": "City name"}},
		"required":   []any{"city"},
	}
}

var tools = []map[string]any{
	{
		"name":        "get_weather",
		"description": "Get the current temperature in Celsius and the sky conditions for a city.",
		"inputSchema": city(),
		"outputSchema": map[string]any{
			"type": "object",
			"properties": map[string]any{
				"temperature": map[string]any{"type": "number"},
				"conditions":  map[string]any{"type": "string"},
			},
			"required": []any{"temperature", "conditions"},
		},
		"annotations": readOnly,
	},
	{
		"name":        "get_stats",
		"description": "Get visitor statistics for a city's tourist office as counts per month.",
		"inputSchema": city(),
		"outputSchema": map[string]any{
			"type":       "object",
			"properties": map[string]any{"visitors": map[string]any{"type": "integer"}},
			"required":   []any{"visitors"},
		},
		"annotations": readOnly,
	},
	{
		"name":        "get_quote",
		"description": "Get a famous quote about a city, with its author and a picture of the city.",
		"inputSchema": city(),
		"outputSchema": map[string]any{
			"type": "object",
			"properties": map[string]any{
				"quote":  map[string]any{"type": "string"},
				"author": map[string]any{"type": "string"},
			},
			"required":             []any{"quote", "author"},
			"additionalProperties": false,
		},
		"annotations": readOnly,
	},
}

func main() {
	rawmcp.Legacy{
		Name:  "badstruct",
		Tools: tools,
		Call: func(s *rawmcp.Server, id json.RawMessage, p rawmcp.ToolCall) {
			c, _ := p.Arguments["city"].(string)
			if c == "" {
				s.Reply(id, rawmcp.TextResult("city is required", true))
				return
			}
			switch p.Name {
			case "get_weather":
				sc := map[string]any{"temperature": "21.5", "conditions": "sunny"}
				b, _ := json.Marshal(sc)
				s.Reply(id, map[string]any{"structuredContent": sc, "content": []any{
					map[string]any{"type": "text", "text": string(b)},
					map[string]any{"type": "image", "data": "iVBORw0KGgo=", "mimeType": "image/png"},
				}})
			case "get_stats":
				s.Reply(id, map[string]any{"content": []any{
					map[string]any{"type": "text", "text": "visitors: 1200"},
					map[string]any{"type": "audio", "data": "UklGRg==", "mimeType": "audio/wav"},
				}})
			case "get_quote":
				sc := map[string]any{"quote": "Paris is always a good idea.", "author": "Audrey Hepburn"}
				b, _ := json.Marshal(sc)
				s.Reply(id, map[string]any{"structuredContent": sc, "content": []any{
					map[string]any{"type": "text", "text": string(b)},
					map[string]any{"type": "resource", "resource": map[string]any{"uri": "quotes://paris/1", "mimeType": "text/plain", "text": "Paris is always a good idea."}},
					map[string]any{"type": "resource_link", "uri": "quotes://paris", "name": "paris-quotes"},
				}})
			default:
				s.Fail(id, -32602, "Unknown tool: "+p.Name)
			}
		},
	}.Serve(rawmcp.New())
}
