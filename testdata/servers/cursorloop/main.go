// Command cursorloop paginates tools/list with a cursor that never
// advances: every page, the first included, says nextCursor "again".
package main

import (
	"github.com/mcplint/mcplint/testdata/servers/internal/rawmcp"
)

func main() {
	rawmcp.Legacy{
		Name:  "cursorloop",
		Extra: rawmcp.Pages(func(int) string { return "again" }),
	}.Serve(rawmcp.New())
}
