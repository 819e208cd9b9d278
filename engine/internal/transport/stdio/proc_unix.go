//go:build unix

package stdio

import (
	"errors"
	"os/exec"
	"syscall"
)

// isolate puts the server in a process group of its own, so that signals
// reach everything it spawned (an npx or `go run` wrapper and the real
// server under it) and a terminal's Ctrl-C reaches mcplint alone, which then
// stops the group itself. Where the kernel can, the server also dies with
// mcplint, even when mcplint is killed with SIGKILL.
func isolate(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	dieWithParent(cmd.SysProcAttr)
}

// signalGroup sends sig to every process of the group led by pgid. A group
// that is already gone is not an error.
func signalGroup(pgid int, sig syscall.Signal) error {
	if pgid <= 0 {
		return nil
	}
	err := syscall.Kill(-pgid, sig)
	if errors.Is(err, syscall.ESRCH) {
		return nil
	}
	return err
}

// groupAlive reports whether any process of the group is left.
func groupAlive(pgid int) bool {
	return pgid > 0 && syscall.Kill(-pgid, 0) == nil
}

const (
	sigTerm = syscall.SIGTERM
	sigKill = syscall.SIGKILL
)
