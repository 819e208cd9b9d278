// Command silent is a legacy server that leaves unknown requests
// unanswered instead of failing them, so the server/discover probe can only
// time out.
package main

import (
	"github.com/mcplint/mcplint/testdata/servers/internal/rawmcp"
)

func main() {
	rawmcp.Legacy{
		Name:          "silent",
		IgnoreUnknown: true,
		Tools: []map[string]any{
			rawmcp.Tool("status", "Report whether the service is up, with its uptime in seconds."),
		},
	}.Serve(rawmcp.New())
}
