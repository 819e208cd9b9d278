//go:build unix

package probe

import (
	"runtime"
	"syscall"
)

// probeNice is how much lower a probe process's CPU priority is than the
// main session's server.
const probeNice = 10

// yieldCPU lowers the CPU priority of the process group pgid (a probe's
// server, just started) probeNice below the one it inherited from the
// lint: on a busy machine the main session's server, which starts at the
// same time, then gets the CPU first, and the probe does not slow the
// session it runs beside. The value is relative, never a fixed nice that
// could be above a lint run under `nice`. Failure is harmless: the probe
// runs at the lint's priority.
func yieldCPU(pgid int) {
	if pgid <= 0 {
		return
	}
	nice, err := niceOf(pgid)
	if err != nil {
		return
	}
	syscall.Setpriority(syscall.PRIO_PGRP, pgid, min(nice+probeNice, 19))
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
		// it is never negative; the BSDs and macOS answer the value.
		return 20 - v, nil
	}
	return v, nil
}
