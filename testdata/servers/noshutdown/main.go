// Command noshutdown is a legacy server that keeps running after its stdin
// closes, as a server whose background timer holds the process open does;
// only a signal ends it.
package main

import (
	"time"

	"github.com/mcplint/mcplint/testdata/servers/internal/rawmcp"
)

func main() {
	rawmcp.Legacy{Name: "noshutdown", Tools: []map[string]any{
		rawmcp.Tool("status", "Report whether the service is up, with its uptime in seconds."),
	}}.Serve(rawmcp.New())
	time.Sleep(time.Hour)
}
