package engine

import (
	"syscall"
	"time"
)

// processCPU is the CPU time the process has used, so that a benchmark can
// time its work on all threads however busy the machine is.
func processCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
