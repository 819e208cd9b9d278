// Command endless paginates tools/list forever with a new cursor on every
// page, so only a client's page cap ends the listing.
package main

import (
	"fmt"

	"github.com/mcplint/mcplint/testdata/servers/internal/rawmcp"
)

func main() {
	rawmcp.Legacy{
		Name:  "endless",
		Extra: rawmcp.Pages(func(page int) string { return fmt.Sprintf("page-%d", page+1) }),
	}.Serve(rawmcp.New())
}
