//go:build !unix

package stdio

import (
	"os"
	"os/exec"
	"syscall"
)

// isolate is a no-op where process groups do not exist; the server alone is
// stopped, not what it spawned.
func isolate(*exec.Cmd) {}

// signalGroup kills the process itself: without POSIX signals there is no
// gentler request to make.
func signalGroup(pid int, _ syscall.Signal) error {
	p, err := os.FindProcess(pid)
	if err != nil {
		return nil
	}
	return p.Kill()
}

// groupAlive cannot be answered without process groups; the process is
// reaped by Wait, which is what the caller relies on.
func groupAlive(int) bool { return false }

const (
	sigTerm = syscall.Signal(15)
	sigKill = syscall.Signal(9)
)
