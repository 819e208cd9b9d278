// Command endless paginates tools/list forever with a new cursor on every
// page, so only a client's page cap ends the listing.
package main

import (
	"fmt"

	"github.com/mcplint/mcplint/testdata/servers/internal/rawmcp"
)

func main() {
	page := 0
	rawmcp.Legacy{
		Name: "endless",
		Extra: func(s *rawmcp.Server, m rawmcp.Msg) bool {
			if m.Method != "tools/list" {
				return false
			}
			page++
			name := fmt.Sprintf("tool_%d", page)
			s.Reply(m.ID, map[string]any{
				"tools":      []any{rawmcp.Tool(name, "Return page "+name+" of the catalogue.")},
				"nextCursor": fmt.Sprintf("page-%d", page+1),
			})
			return true
		},
	}.Serve(rawmcp.New())
}
