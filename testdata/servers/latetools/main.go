// Command latetools is a correct legacy server that registers one of its
// tools a moment after the handshake and announces it with
// notifications/tools/list_changed, as the reference server does in its
// oninitialized handler: a tools/list sent right after the handshake sees
// two tools, one sent once the server has settled sees three. Its
// instructions name the late tool, so a client that kept the first list
// would call the reference dangling and the list varying between
// sessions.
package main

import (
	"sync"
	"time"

	"github.com/mcplint/mcplint/testdata/servers/internal/rawmcp"
)

// delay is how long after initialize the late tool appears: long enough
// that a tools/list sent right after the handshake comes first.
const delay = 100 * time.Millisecond

func main() {
	s := rawmcp.New()
	var mu sync.Mutex
	tools := []map[string]any{
		rawmcp.Tool("read_note", "Read one note by its title."),
		rawmcp.Tool("list_notes", "List the titles of every note."),
	}
	late := rawmcp.Tool("archive_note", "Move one note to the archive by its title.")
	rawmcp.Legacy{
		Name:         "latetools",
		Capabilities: map[string]any{"tools": map[string]any{"listChanged": true}},
		Instructions: "Notes: read_note and list_notes read them; archive_note moves one away.",
		Extra: func(s *rawmcp.Server, m rawmcp.Msg) bool {
			switch m.Method {
			case "initialize":
				time.AfterFunc(delay, func() {
					mu.Lock()
					tools = append(tools, late)
					mu.Unlock()
					s.Send(map[string]any{"jsonrpc": "2.0", "method": "notifications/tools/list_changed"})
				})
				return false // the default answer, with the capabilities above
			case "tools/list":
				mu.Lock()
				defer mu.Unlock()
				s.Reply(m.ID, map[string]any{"tools": tools})
				return true
			case "tools/call":
				s.Fail(m.ID, -32602, "unknown tool")
				return true
			}
			return false
		},
	}.Serve(s)
}
