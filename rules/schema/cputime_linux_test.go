package schema

import (
	"syscall"
	"time"
)

// threadCPU is the CPU time the calling OS thread has used, so that a
// benchmark locked to its thread can time its own work however busy the
// machine is.
func threadCPU() (time.Duration, bool) {
	const rusageThread = 1 // RUSAGE_THREAD
	var ru syscall.Rusage
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
