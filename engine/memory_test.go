package engine

import (
	"runtime/debug"
	"testing"

	"github.com/mcplint/mcplint/engine/target"
)

// TestLimitMemory checks that a lint of files caps the heap for their
// size, that lints at once share one cap sized for all of them, that the
// limit in force before comes back after the last, and that a lint of no
// file leaves the limit alone.
func TestLimitMemory(t *testing.T) {
	before := debug.SetMemoryLimit(-1)
	files := func(n int) []target.Target { return []target.Target{{Kind: target.Static, Data: make([]byte, n)}} }
	want := func(size int) int64 { return int64(memoryBase + memoryPerByte*float64(size)) }

	releaseA := limitMemory(files(100 << 20))
	if got := debug.SetMemoryLimit(-1); got != want(100<<20) {
		t.Errorf("one file: limit %d, want %d", got, want(100<<20))
	}
	releaseB := limitMemory(files(50 << 20))
	if got := debug.SetMemoryLimit(-1); got != want(150<<20) {
		t.Errorf("two files at once: limit %d, want %d", got, want(150<<20))
	}
	releaseA()
	if got := debug.SetMemoryLimit(-1); got != want(50<<20) {
		t.Errorf("after the first: limit %d, want %d", got, want(50<<20))
	}
	releaseB()
	if got := debug.SetMemoryLimit(-1); got != before {
		t.Errorf("after both: limit %d, want the one before, %d", got, before)
	}
	limitMemory([]target.Target{{Kind: target.Command}})()
	if got := debug.SetMemoryLimit(-1); got != before {
		t.Errorf("no file: limit %d, want %d", got, before)
	}

	// A lower limit of the user's stays.
	debug.SetMemoryLimit(64 << 20)
	defer debug.SetMemoryLimit(before)
	release := limitMemory(files(100 << 20))
	if got := debug.SetMemoryLimit(-1); got != 64<<20 {
		t.Errorf("under a user's limit: %d, want %d", got, 64<<20)
	}
	release()
}
