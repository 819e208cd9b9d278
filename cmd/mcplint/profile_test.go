package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A profile that cannot be written is said, and one that can is written.
func TestStartProfiles(t *testing.T) {
	dir := t.TempDir()
	trace, mem := filepath.Join(dir, "trace.out"), filepath.Join(dir, "mem.out")
	env := map[string]string{
		"MCPLINT_TRACE":      trace,
		"MCPLINT_CPUPROFILE": filepath.Join(dir, "missing", "cpu.out"),
		"MCPLINT_MEMPROFILE": mem,
	}
	var stderr strings.Builder
	stop := startProfiles(func(k string) string { return env[k] }, &stderr)
	stop()
	if !strings.Contains(stderr.String(), "MCPLINT_CPUPROFILE") || !strings.Contains(stderr.String(), "missing") {
		t.Errorf("stderr = %q, want the CPU profile's failure named", stderr.String())
	}
	if strings.Contains(stderr.String(), "MCPLINT_TRACE") || strings.Contains(stderr.String(), "MCPLINT_MEMPROFILE") {
		t.Errorf("stderr = %q, want no word on the trace and the profile that were written", stderr.String())
	}
	for _, f := range []string{trace, mem} {
		if fi, err := os.Stat(f); err != nil || fi.Size() == 0 {
			t.Errorf("%s: %v, %v; want it written", filepath.Base(f), fi, err)
		}
	}
}
