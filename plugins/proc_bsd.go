//go:build unix && !linux

package plugins

import (
	"os"
	"os/exec"
	"syscall"
)

// ownGroup starts the plugin in a process group of its own, so that killing
// the group also stops whatever it started (a shell wrapper's children hold
// its pipes open and would otherwise outlive mcplint).
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// execOpenFile is not possible without /proc: the plugin runs from its path.
func execOpenFile(*exec.Cmd, *os.File) bool { return false }

// fileIdentity cannot name a file's version here: nothing is cached.
func fileIdentity(*os.File) string { return "" }
