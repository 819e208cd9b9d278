package main

import (
	"os"
	"runtime/pprof"
	"runtime/trace"
)

// startProfiles starts what the hidden MCPLINT_TRACE and MCPLINT_CPUPROFILE
// variables ask for: an execution trace (go tool trace) or a CPU profile
// (go tool pprof) of the whole command, written to the file each names.
// The returned function stops them and closes the files.
func startProfiles(getenv func(string) string) (stop func()) {
	var stops []func()
	if path := getenv("MCPLINT_TRACE"); path != "" {
		if f, err := os.Create(path); err == nil {
			if trace.Start(f) == nil {
				stops = append(stops, func() { trace.Stop(); f.Close() })
			} else {
				f.Close()
			}
		}
	}
	if path := getenv("MCPLINT_CPUPROFILE"); path != "" {
		if f, err := os.Create(path); err == nil {
			if pprof.StartCPUProfile(f) == nil {
				stops = append(stops, func() { pprof.StopCPUProfile(); f.Close() })
			} else {
				f.Close()
			}
		}
	}
	return func() {
		for _, s := range stops {
			s()
		}
	}
}
