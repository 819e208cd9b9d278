//go:build unix

package mcptest

import (
	"os/exec"
	"syscall"
)

// groupExists reports whether the process group g still has a process.
func groupExists(g int) bool { return syscall.Kill(-g, 0) != syscall.ESRCH }

// OwnGroup makes cmd start in a process group of its own, so that
// KillGroup ends whatever it starts too.
func OwnGroup(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} }

// KillGroup kills the process group of cmd, started after OwnGroup.
func KillGroup(cmd *exec.Cmd) { _ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
