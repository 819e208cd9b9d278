// Command detach is a legacy server that starts a detached update checker,
// as chrome-devtools-mcp does: a child of its own that calls setsid, so it
// is in no process group of the server's and lives on after the server
// unless the client reaps it. With DETACH_STALL set to a file name it
// creates that file on tools/list and never answers, so that a test can
// act while a lint is under way.
package main

import (
	"os"
	"os/exec"
	"syscall"
	"time"

	"github.com/mcplint/mcplint/testdata/servers/internal/rawmcp"
)

func main() {
	if os.Getenv("DETACH_CHILD") == "1" {
		time.Sleep(time.Hour)
		return
	}
	if self, err := os.Executable(); err == nil {
		child := exec.Command(self)
		child.Env = append(os.Environ(), "DETACH_CHILD=1")
		child.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
		child.Start()
	}
	stall := os.Getenv("DETACH_STALL")
	rawmcp.Legacy{
		Name:  "detach",
		Tools: []map[string]any{rawmcp.Tool("check_updates", "Reports whether a newer version of this server is published.")},
		Extra: func(s *rawmcp.Server, m rawmcp.Msg) bool {
			if m.Method == "tools/list" && stall != "" {
				os.WriteFile(stall, nil, 0o600)
				time.Sleep(time.Hour)
			}
			return false
		},
	}.Serve(rawmcp.New())
}
