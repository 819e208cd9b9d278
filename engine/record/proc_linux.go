package record

import "syscall"

// setParentDeathSignal has the kernel kill the server if mcplint record
// itself dies without a chance to clean up (SIGKILL, a crash).
func setParentDeathSignal(a *syscall.SysProcAttr) { a.Pdeathsig = syscall.SIGKILL }
