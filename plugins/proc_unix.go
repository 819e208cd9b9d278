//go:build unix

package plugins

import (
	"os/exec"
	"syscall"
)

// ownGroup starts the plugin in a process group of its own, so that killing
// the group also stops whatever it started (a shell wrapper's children hold
// its pipes open and would otherwise outlive mcplint).
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killGroup kills the plugin's whole process group.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}
