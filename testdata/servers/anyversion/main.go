// Command anyversion is a 2026-07-28 server that serves requests whatever
// protocol version their _meta declares, instead of refusing the versions
// it does not support with -32022.
package main

import "github.com/mcplint/mcplint/testdata/servers/internal/rawmcp"

func main() {
	rawmcp.Modern{Name: "anyversion", AnyVersion: true, Tools: []map[string]any{
		rawmcp.Tool("status", "Report whether the service is up, with its uptime in seconds."),
	}}.Serve(rawmcp.New())
}
