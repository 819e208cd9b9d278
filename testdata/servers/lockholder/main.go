// Command lockholder is a correct legacy server that holds a lock file
// (LOCKHOLDER_FILE) from its first message on, as servers that own a
// database or a port do: a second process started beside the first finds
// the lock, says so on stderr and exits without answering anything. The
// lock is taken at the first message, not at start, so that which of two
// processes started together holds it does not depend on which exec'd
// first: mcplint's second process sends nothing until the first answered.
package main

import (
	"os"

	"github.com/mcplint/mcplint/testdata/servers/internal/rawmcp"
)

func main() {
	s := rawmcp.New()
	first, ok := s.Next()
	if !ok {
		return
	}
	// The lock stays when the process ends, as a stale lock does: a
	// second process that starts after the first one ended (a slow exec
	// on a busy machine) finds it too.
	if path := os.Getenv("LOCKHOLDER_FILE"); !rawmcp.Take(path) {
		rawmcp.Logf("lockholder: another instance holds %s", path)
		os.Exit(1)
	}
	rawmcp.Legacy{Name: "lockholder", Tools: []map[string]any{
		rawmcp.Tool("read_row", "Read one row of the database by its key."),
	}}.Serve(s.Pushback(first))
}
