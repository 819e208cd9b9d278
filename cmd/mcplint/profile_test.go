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
	trace := filepath.Join(dir, "trace.out")
	env := map[string]string{
		"MCPLINT_TRACE":      trace,
		"MCPLINT_CPUPROFILE": filepath.Join(dir, "missing", "cpu.out"),
	}
	var stderr strings.Builder
	stop := startProfiles(func(k string) string { return env[k] }, &stderr)
	stop()
	if !strings.Contains(stderr.String(), "MCPLINT_CPUPROFILE") || !strings.Contains(stderr.String(), "missing") {
		t.Errorf("stderr = %q, want the CPU profile's failure named", stderr.String())
	}
	if strings.Contains(stderr.String(), "MCPLINT_TRACE") {
		t.Errorf("stderr = %q, want no word on the trace that was written", stderr.String())
	}
	if fi, err := os.Stat(trace); err != nil || fi.Size() == 0 {
		t.Errorf("trace: %v, %v; want a written trace", fi, err)
	}
}
