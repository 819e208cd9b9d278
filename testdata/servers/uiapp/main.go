// Command uiapp is a 2025-11-25 server of the MCP Apps kind, written from
// the io.modelcontextprotocol/ui extension (SEP-1865, 2026-01-26): its tool
// show_weather names the UI resource ui://weather/view.html in
// _meta.ui.resourceUri (and the deprecated flat key), which it lists and
// serves as text/html;profile=mcp-app with content-security metadata.
//
// UIAPP_BREAK names the one requirement it breaks:
//
//	mime      the resource is served as text/html
//	missing   the resource is neither listed nor served (-32002)
//	csp       _meta.ui.csp.connectDomains is a string, not a list
//	scheme    the tool names https://weather.example/view.html, not a ui:// URI
//	unlisted  (no defect) the resource is served but not listed, which the
//	          extension allows
package main

import (
	"encoding/json"
	"os"

	"github.com/mcplint/mcplint/testdata/servers/internal/rawmcp"
)

const view = "ui://weather/view.html"

const page = `<!DOCTYPE html><html><head><title>Weather</title></head><body><div id="app">Loading the forecast...</div></body></html>`

func main() {
	brk := os.Getenv("UIAPP_BREAK")
	uri := view
	if brk == "scheme" {
		uri = "https://weather.example/view.html"
	}
	show := rawmcp.Tool("show_weather", "Show the weather forecast for a city in an interactive view.")
	show["inputSchema"] = map[string]any{"type": "object", "properties": map[string]any{
		"city": map[string]any{"type": "string", "description": "The city whose forecast to show."},
	}, "required": []string{"city"}}
	show["annotations"] = map[string]any{"readOnlyHint": true}
	show["_meta"] = map[string]any{"ui": map[string]any{"resourceUri": uri}, "ui/resourceUri": uri}
	refresh := rawmcp.Tool("refresh_weather", "Fetch the latest forecast for the view that shows it.")
	refresh["annotations"] = map[string]any{"readOnlyHint": true}
	refresh["_meta"] = map[string]any{"ui": map[string]any{"visibility": []string{"app"}}}
	connect := any([]string{"https://api.weather.example"})
	if brk == "csp" {
		connect = "https://api.weather.example"
	}
	rawmcp.Legacy{
		Name:         "uiapp",
		Capabilities: map[string]any{"tools": map[string]any{}, "resources": map[string]any{}},
		Tools:        []map[string]any{show, refresh},
		Call: func(s *rawmcp.Server, id json.RawMessage, c rawmcp.ToolCall) {
			if c.Name != "show_weather" && c.Name != "refresh_weather" {
				s.Fail(id, -32602, "Unknown tool: "+c.Name)
				return
			}
			s.Reply(id, rawmcp.TextResult("Sunny, 21 °C.", false))
		},
		Extra: func(s *rawmcp.Server, m rawmcp.Msg) bool {
			switch m.Method {
			case "resources/list":
				list := []any{}
				if brk != "unlisted" && brk != "missing" {
					list = append(list, map[string]any{"uri": view, "name": "weather_view", "mimeType": "text/html;profile=mcp-app"})
				}
				s.Reply(m.ID, map[string]any{"resources": list})
			case "resources/templates/list":
				s.Reply(m.ID, map[string]any{"resourceTemplates": []any{}})
			case "resources/read":
				var p struct {
					URI string `json:"uri"`
				}
				json.Unmarshal(m.Params, &p)
				if p.URI != view || brk == "missing" {
					s.Send(map[string]any{"jsonrpc": "2.0", "id": m.ID, "error": map[string]any{"code": -32002, "message": "Resource not found", "data": map[string]any{"uri": p.URI}}})
					return true
				}
				mime := "text/html;profile=mcp-app"
				if brk == "mime" {
					mime = "text/html"
				}
				s.Reply(m.ID, map[string]any{"contents": []any{map[string]any{
					"uri": view, "mimeType": mime, "text": page,
					"_meta": map[string]any{"ui": map[string]any{"csp": map[string]any{"connectDomains": connect}, "prefersBorder": true}},
				}}})
			default:
				return false
			}
			return true
		},
	}.Serve(rawmcp.New())
}
