//go:build unix

package probe

import (
	"runtime"
	"syscall"
)

// probeNice is how much lower a probe process's CPU priority is than the
// main session's server while that server starts.
const probeNice = 10

// yieldCPU lowers the CPU priority of the process group pgid (a probe's
// server, just started) probeNice below the one it inherited from the
// lint, and returns a function that gives it back: on a busy machine the
// main session's server, which starts at the same time, then gets the CPU
// first, and the probe does not slow the session it runs beside. Failure
// is harmless: the probe runs at the lint's priority.
func yieldCPU(pgid int) (restore func()) {
	if pgid <= 0 {
		return func() {}
	}
	nice, err := niceOf(pgid)
	if err != nil {
		return func() {}
	}
	if syscall.Setpriority(syscall.PRIO_PGRP, pgid, min(nice+probeNice, 19)) != nil {
		return func() {}
	}
	// Raising a priority back needs CAP_SYS_NICE or an RLIMIT_NICE that
	// allows it; without them the probe stays lower, which is slower but
	// judges the same.
	return func() { syscall.Setpriority(syscall.PRIO_PGRP, pgid, nice) }
}

// niceOf is the nice value of the process group pgid's processes (the
// lowest, when they differ).
func niceOf(pgid int) (int, error) {
	v, err := syscall.Getpriority(syscall.PRIO_PGRP, pgid)
	if err != nil {
		return 0, err
	}
	if runtime.GOOS == "linux" || runtime.GOOS == "android" {
		// Linux's system call answers 20 minus the nice value, so that
		// it is never negative.
		return 20 - v, nil
	}
	return v, nil
}
