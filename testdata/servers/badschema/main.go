// Command badschema is a 2025-11-25 server whose tools/list answer breaks
// the official schema where no hand-written rule looks: its tools'
// annotations hints are strings ("yes") instead of booleans.
package main

import "github.com/mcplint/mcplint/testdata/servers/internal/rawmcp"

func main() {
	annotated := func(name, description string) map[string]any {
		t := rawmcp.Tool(name, description)
		t["annotations"] = map[string]any{"readOnlyHint": "yes"}
		return t
	}
	rawmcp.Legacy{
		Name: "badschema",
		Tools: []map[string]any{
			annotated("status", "Report whether the service is up, with its uptime in seconds."),
			annotated("uptime", "Report how long the service has been up, in seconds."),
		},
	}.Serve(rawmcp.New())
}
