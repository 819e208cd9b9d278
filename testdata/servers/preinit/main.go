// Command preinit is a legacy server that serves requests before it has
// been initialized: tools/list answers with its tools to a client that
// never sent initialize.
package main

import "github.com/mcplint/mcplint/testdata/servers/internal/rawmcp"

func main() {
	rawmcp.Legacy{Name: "preinit", ServeBeforeInit: true, Tools: []map[string]any{
		rawmcp.Tool("status", "Report whether the service is up, with its uptime in seconds."),
	}}.Serve(rawmcp.New())
}
