// Command deprecated is a correct 2026-07-28 server that still declares
// the logging capability, which that revision deprecates.
package main

import "github.com/mcplint/mcplint/testdata/servers/internal/rawmcp"

func main() {
	rawmcp.Modern{
		Name:         "deprecated",
		Tools:        []map[string]any{rawmcp.Tool("status", "Report whether the service is up, with its uptime in seconds.")},
		Capabilities: map[string]any{"tools": map[string]any{}, "logging": map[string]any{}},
	}.Serve(rawmcp.New())
}
