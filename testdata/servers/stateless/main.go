// Command stateless is a 2026-07-28 server written from the text of that
// revision's stateless rules, correct unless STATELESS_BREAK names one
// rule to break:
//
//   - meta: serves a request whose _meta lacks client capabilities
//     (basic/index.mdx#_meta: -32602);
//   - capability: asks a client that declared no elicitation for one in
//     an InputRequiredResult (basic/patterns/mrtr.mdx; basic/index.mdx:
//     -32021 with data.requiredCapabilities);
//   - resource: answers a read of an unknown resource with -32002
//     (server/resources.mdx#error-handling: -32602);
//   - reserved: answers a call of an unknown tool with -32050, a code of
//     the sub-range the specification reserves (basic/index.mdx#error-codes);
//   - list: declares prompts and answers prompts/list with -32601
//     (server/prompts.mdx: a declared capability's list is served);
//   - listen: sends a notification on a subscriptions/listen stream
//     before acknowledging it (basic/patterns/subscriptions.mdx);
//   - sideeffect: lists one more tool once sign_in was called
//     (server/tools.mdx#listing-tools: the list must not vary as a side
//     effect of other requests);
//   - inputlist: answers prompts/list with an InputRequiredResult asking
//     which team's prompts to list (basic/patterns/mrtr.mdx, Supported
//     Requests: only prompts/get, resources/read and tools/call).
//
// It declares tools (with listChanged), resources and prompts: the tool
// sign_in needs elicitation, which a client that does not declare it is
// refused with -32021.
package main

import (
	"encoding/json"
	"os"

	"github.com/mcplint/mcplint/testdata/servers/internal/rawmcp"
)

const notes = "file:///notes.txt"

func main() {
	brk := os.Getenv("STATELESS_BREAK")
	signIn := rawmcp.Tool("sign_in", "Sign the user in, asking for their user name.")
	signIn["annotations"] = map[string]any{"readOnlyHint": true}
	caps := map[string]any{"tools": map[string]any{"listChanged": true}, "resources": map[string]any{}, "prompts": map[string]any{}}
	called := false
	rawmcp.Modern{Name: "stateless", Tools: []map[string]any{signIn}, Capabilities: caps, LaxMeta: brk == "meta",
		Extra: func(s *rawmcp.Server, m rawmcp.Msg) bool {
			var p struct {
				Name string `json:"name"`
				URI  string `json:"uri"`
				Meta struct {
					Caps map[string]any `json:"io.modelcontextprotocol/clientCapabilities"`
				} `json:"_meta"`
			}
			json.Unmarshal(m.Params, &p)
			complete := func(result map[string]any) {
				result["resultType"], result["ttlMs"], result["cacheScope"] = "complete", 0, "public"
				result["_meta"] = rawmcp.ServerInfo("stateless")
				s.Reply(m.ID, result)
			}
			switch m.Method {
			case "tools/list":
				tools := []any{signIn}
				if called && brk == "sideeffect" {
					tools = append(tools, rawmcp.Tool("sign_out", "Sign the user out."))
				}
				complete(map[string]any{"tools": tools})
			case "subscriptions/listen":
				var id any
				json.Unmarshal(m.ID, &id)
				tag := map[string]any{"io.modelcontextprotocol/subscriptionId": id}
				if brk == "listen" {
					s.Send(map[string]any{"jsonrpc": "2.0", "method": "notifications/tools/list_changed", "params": map[string]any{"_meta": tag}})
				}
				// The stream stays open until the client cancels it.
				s.Send(map[string]any{"jsonrpc": "2.0", "method": "notifications/subscriptions/acknowledged",
					"params": map[string]any{"_meta": tag, "notifications": map[string]any{"toolsListChanged": true}}})
			case "prompts/list":
				if brk == "list" {
					s.Fail(m.ID, -32601, "Method not found: prompts/list")
					return true
				}
				if brk == "inputlist" {
					s.Reply(m.ID, map[string]any{"resultType": "input_required", "inputRequests": map[string]any{
						"team": map[string]any{"method": "elicitation/create", "params": map[string]any{"mode": "form", "message": "Which team's prompts?",
							"requestedSchema": map[string]any{"type": "object", "properties": map[string]any{"team": map[string]any{"type": "string"}}}}},
					}})
					return true
				}
				complete(map[string]any{"prompts": []any{}})
			case "resources/list":
				complete(map[string]any{"resources": []any{map[string]any{"uri": notes, "name": "notes", "mimeType": "text/plain"}}})
			case "resources/templates/list":
				complete(map[string]any{"resourceTemplates": []any{}})
			case "resources/read":
				switch {
				case p.URI == notes:
					complete(map[string]any{"contents": []any{map[string]any{"uri": notes, "mimeType": "text/plain", "text": "Buy milk."}}})
				case brk == "resource":
					s.Fail(m.ID, -32002, "Resource not found")
				default:
					s.Send(map[string]any{"jsonrpc": "2.0", "id": m.ID, "error": map[string]any{"code": -32602, "message": "Resource not found", "data": map[string]any{"uri": p.URI}}})
				}
			case "tools/call":
				called = called || p.Name == "sign_in"
				_, elicits := p.Meta.Caps["elicitation"]
				switch {
				case p.Name != "sign_in" && brk == "reserved":
					s.Fail(m.ID, -32050, "unknown tool: "+p.Name)
				case p.Name != "sign_in":
					s.Fail(m.ID, -32602, "unknown tool: "+p.Name)
				case elicits:
					complete(map[string]any{"content": []any{map[string]any{"type": "text", "text": "signed in"}}})
				case brk == "capability":
					s.Reply(m.ID, map[string]any{"resultType": "input_required", "inputRequests": map[string]any{
						"user": map[string]any{"method": "elicitation/create", "params": map[string]any{"mode": "form", "message": "Your user name?",
							"requestedSchema": map[string]any{"type": "object", "properties": map[string]any{"name": map[string]any{"type": "string"}}}}},
					}})
				default:
					s.Send(map[string]any{"jsonrpc": "2.0", "id": m.ID, "error": map[string]any{"code": -32021, "message": "Missing required client capability",
						"data": map[string]any{"requiredCapabilities": map[string]any{"elicitation": map[string]any{}}}}})
				}
			default:
				return false
			}
			return true
		}}.Serve(rawmcp.New())
}
