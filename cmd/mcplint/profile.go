package main

import (
	"fmt"
	"io"
	"os"
	"runtime/pprof"
	"runtime/trace"
)

// startProfiles starts what the hidden MCPLINT_TRACE and MCPLINT_CPUPROFILE
// variables ask for: an execution trace (go tool trace) or a CPU profile
// (go tool pprof) of the whole command, written to the file each names.
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
	} {
		path := getenv(p.env)
		if path == "" {
			continue
		}
		f, err := os.Create(path)
		if err == nil {
			if err = p.start(f); err != nil {
				f.Close()
			}
		}
		if err != nil {
			fmt.Fprintf(stderr, "mcplint: %s: %v\n", p.env, err)
			continue
		}
		stops = append(stops, func() {
			p.stop()
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
