//go:build unix

package probe

import "syscall"

// probeNice is how much lower a probe process's CPU priority is than the
// main session's server.
const probeNice = 10

// yieldCPU lowers the CPU priority of the process group pgid (a probe's
// server, just started): on a busy machine the main session's server,
// which starts at the same time, then gets the CPU first, and the probe
// does not slow the session it runs beside. Failure is harmless.
func yieldCPU(pgid int) {
	if pgid > 0 {
		syscall.Setpriority(syscall.PRIO_PGRP, pgid, probeNice)
	}
}
