package main

import (
	"fmt"
	"io"
	"os"
	"runtime/pprof"
	"runtime/trace"
)

// startProfiles starts what the hidden MCPLINT_TRACE, MCPLINT_CPUPROFILE and
// MCPLINT_MEMPROFILE variables ask for: an execution trace (go tool trace),
// a CPU profile or a profile of every allocation sampled (go tool pprof;
// -sample_index=alloc_space) of the whole command, written to the file
// each names.
// One that cannot be started is said on stderr; the command runs anyway.
// The returned function stops them and closes the files.
func startProfiles(getenv func(string) string, stderr io.Writer) (stop func()) {
	var stops []func()
	for _, p := range []struct {
		env   string
		start func(io.Writer) error
		stop  func()
	}{
		{"MCPLINT_TRACE", trace.Start, trace.Stop},
		{"MCPLINT_CPUPROFILE", pprof.StartCPUProfile, pprof.StopCPUProfile},
		{"MCPLINT_MEMPROFILE", nil, nil},
	} {
		path := getenv(p.env)
		if path == "" {
			continue
		}
		f, err := os.Create(path)
		if err == nil && p.start != nil {
			if err = p.start(f); err != nil {
				f.Close()
			}
		}
		if err != nil {
			fmt.Fprintf(stderr, "mcplint: %s: %v\n", p.env, err)
			continue
		}
		stops = append(stops, func() {
			if p.stop != nil {
				p.stop()
			} else {
				// The allocations so far, as the runtime sampled them
				// all along: nothing to start.
				pprof.Lookup("allocs").WriteTo(f, 0)
			}
			if err := f.Close(); err != nil { // a full disk cuts a trace short
				fmt.Fprintf(stderr, "mcplint: %s: %v\n", p.env, err)
			}
		})
	}
	return func() {
		for _, s := range stops {
			s()
		}
	}
}
