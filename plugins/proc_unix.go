//go:build unix

package plugins

import (
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"syscall"
)

// killGroup kills the plugin's whole process group.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}

// processExists reports whether a process numbered pid exists (one of
// another user counts).
func processExists(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// ownedByUs reports whether this process's user owns the file.
func ownedByUs(st fs.FileInfo) bool {
	s, ok := st.Sys().(*syscall.Stat_t)
	return ok && int(s.Uid) == os.Getuid()
}
