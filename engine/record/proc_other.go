//go:build !unix

package record

import (
	"os"
	"os/exec"
	"syscall"
)

// setProcessGroup does nothing where there are no process groups; the
// server is killed alone.
func setProcessGroup(*exec.Cmd) {}

// signalGroup kills the server: other signals cannot be sent here.
func signalGroup(p *os.Process, _ os.Signal) error { return p.Kill() }

func exitSignal(*os.ProcessState) (syscall.Signal, bool) { return 0, false }

func signalName(sig os.Signal) string { return sig.String() }
