// Command silentsecond is a correct legacy server whose second process
// reads its requests but answers none of them, as a second server
// starting beside the first on a starved machine can stay silent past any
// timeout; a third process answers again. Which process is which is
// decided at its first message with the lock files SILENTSECOND_DIR/first
// and SILENTSECOND_DIR/second, so that it does not depend on the order the
// processes were exec'd in.
package main

import (
	"os"
	"path/filepath"

	"github.com/mcplint/mcplint/testdata/servers/internal/rawmcp"
)

func main() {
	s := rawmcp.New()
	first, ok := s.Next()
	if !ok {
		return
	}
	dir := os.Getenv("SILENTSECOND_DIR")
	if !rawmcp.Take(filepath.Join(dir, "first")) && rawmcp.Take(filepath.Join(dir, "second")) {
		for {
			if _, ok := s.Next(); !ok {
				return
			}
		}
	}
	rawmcp.Legacy{Name: "silentsecond", Tools: []map[string]any{
		rawmcp.Tool("read_row", "Read one row of the database by its key."),
	}, Extra: func(s *rawmcp.Server, m rawmcp.Msg) bool {
		if m.Method == "tools/call" {
			s.Fail(m.ID, -32602, "unknown tool")
			return true
		}
		return false
	}}.Serve(s.Pushback(first))
}
