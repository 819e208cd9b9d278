//go:build !linux

package engine

import "time"

// processCPU is not available here; the benchmark reports wall time only.
func processCPU() (time.Duration, bool) { return 0, false }
