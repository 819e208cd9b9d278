//go:build unix

package record

import (
	"os"
	"os/exec"
	"syscall"
)

// setProcessGroup puts the server in a process group of its own, so that a
// signal reaches every process it started and none outlives the session.
func setProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	setParentDeathSignal(cmd.SysProcAttr)
}

// signalGroup signals the server's whole process group.
func signalGroup(p *os.Process, sig os.Signal) error {
	s, ok := sig.(syscall.Signal)
	if !ok {
		return p.Signal(sig)
	}
	return syscall.Kill(-p.Pid, s)
}

func exitSignal(st *os.ProcessState) (syscall.Signal, bool) {
	ws, ok := st.Sys().(syscall.WaitStatus)
	if !ok || !ws.Signaled() {
		return 0, false
	}
	return ws.Signal(), true
}

func signalName(sig os.Signal) string {
	if s, ok := sig.(syscall.Signal); ok {
		switch s {
		case syscall.SIGINT:
			return "SIGINT"
		case syscall.SIGTERM:
			return "SIGTERM"
		case syscall.SIGKILL:
			return "SIGKILL"
		case syscall.SIGHUP:
			return "SIGHUP"
		case syscall.SIGQUIT:
			return "SIGQUIT"
		}
	}
	return sig.String()
}
