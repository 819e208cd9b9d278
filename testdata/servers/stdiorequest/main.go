// Command stdiorequest is a 2026-07-28 server that writes a roots/list
// request to stdout while it answers tools/list, as a handshake-era server
// would ask, instead of answering with an InputRequiredResult. It does not
// wait for an answer.
package main

import "github.com/mcplint/mcplint/testdata/servers/internal/rawmcp"

func main() {
	rawmcp.Modern{
		Name:  "stdiorequest",
		Tools: []map[string]any{rawmcp.Tool("status", "Report whether the service is up, with its uptime in seconds.")},
		Extra: func(s *rawmcp.Server, m rawmcp.Msg) bool {
			if m.Method == "tools/list" {
				s.Send(map[string]any{"jsonrpc": "2.0", "id": "roots-1", "method": "roots/list"})
			}
			return false // the default answer follows
		},
	}.Serve(rawmcp.New())
}
