//go:build linux

package plugins

import (
	"fmt"
	"os"
	"os/exec"
	"syscall"
)

// ownGroup starts the plugin in a process group of its own, so that killing
// the group also stops whatever it started (a shell wrapper's children hold
// its pipes open and would otherwise outlive mcplint), and has the kernel
// kill it when mcplint dies, even by SIGKILL.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

// execOpenFile makes cmd run the executable open as f rather than whatever
// its path names by the time of the exec: f becomes the child's descriptor
// 3, and the child executes /proc/self/fd/3. A script works too: its
// interpreter opens the same descriptor.
func execOpenFile(cmd *exec.Cmd, f *os.File) bool {
	if _, err := os.Stat("/proc/self/fd"); err != nil {
		return false
	}
	cmd.Path = "/proc/self/fd/3"
	cmd.ExtraFiles = []*os.File{f}
	return true
}

// fileIdentity names the version of the file open as f: a different file
// or a change to this one gives another name. Empty when it cannot tell.
func fileIdentity(f *os.File) string {
	st, err := f.Stat()
	if err != nil {
		return ""
	}
	s, ok := st.Sys().(*syscall.Stat_t)
	if !ok {
		return ""
	}
	return fmt.Sprintf("%d:%d:%d:%d.%d:%d.%d", s.Dev, s.Ino, s.Size, s.Mtim.Sec, s.Mtim.Nsec, s.Ctim.Sec, s.Ctim.Nsec)
}
