package stdio

import "syscall"

// dieWithParent has the kernel send the server SIGKILL when mcplint dies.
func dieWithParent(a *syscall.SysProcAttr) { a.Pdeathsig = syscall.SIGKILL }
