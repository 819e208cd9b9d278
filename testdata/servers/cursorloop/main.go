// Command cursorloop paginates tools/list with a cursor that never
// advances: every page, the first included, says nextCursor "again".
package main

import (
	"fmt"

	"github.com/mcplint/mcplint/testdata/servers/internal/rawmcp"
)

func main() {
	page := 0
	rawmcp.Legacy{
		Name: "cursorloop",
		Extra: func(s *rawmcp.Server, m rawmcp.Msg) bool {
			if m.Method != "tools/list" {
				return false
			}
			page++
			name := fmt.Sprintf("tool_%d", page)
			s.Reply(m.ID, map[string]any{
				"tools":      []any{rawmcp.Tool(name, "Return page "+name+" of the catalogue.")},
				"nextCursor": "again",
			})
			return true
		},
	}.Serve(rawmcp.New())
}
