//go:build !linux

package schema

import "time"

// threadCPU is not available here; the benchmark reports wall time only.
func threadCPU() (time.Duration, bool) { return 0, false }
