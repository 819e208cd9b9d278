package mcptest

import "syscall"

// prSetChildSubreaper is PR_SET_CHILD_SUBREAPER from <linux/prctl.h>.
const prSetChildSubreaper = 36

// adoptOrphans makes this process the subreaper of everything it starts:
// a grandchild whose parent dies is re-parented here instead of to init,
// so a process that escaped its group is still found (and, once dead,
// reaped) by CheckNoLeftovers.
func adoptOrphans() {
	syscall.RawSyscall(syscall.SYS_PRCTL, prSetChildSubreaper, 1, 0)
}

// reap collects a dead orphan.
func reap(pid int) {
	var ws syscall.WaitStatus
	syscall.Wait4(pid, &ws, syscall.WNOHANG, nil)
}
