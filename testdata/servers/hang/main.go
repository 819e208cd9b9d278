// Command hang is a server that reads every request and answers none. It
// ignores SIGTERM and leaves a child process of its own in its process
// group, so a client must escalate to SIGKILL and stop the whole group.
package main

import (
	"io"
	"os"
	"os/exec"
	"os/signal"
	"syscall"
	"time"
)

func main() {
	signal.Ignore(syscall.SIGTERM)
	if os.Getenv("HANG_CHILD") == "1" {
		time.Sleep(time.Hour)
		return
	}
	self, err := os.Executable()
	if err == nil {
		child := exec.Command(self)
		child.Env = append(os.Environ(), "HANG_CHILD=1")
		child.Start()
	}
	io.Copy(io.Discard, os.Stdin)
	// Even a closed stdin does not end it.
	time.Sleep(time.Hour)
}
