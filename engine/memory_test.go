package engine

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"testing"
	"time"

	"github.com/mcplint/mcplint/engine/internal/target"
)

func files(n int) []target.Target {
	return []target.Target{{Kind: target.Static, Data: make([]byte, n)}}
}

func goal(size int) int64 { return memoryGoal(int64(size)) }

// TestLimitMemory checks that a lint of files caps the heap for their
// size once it has read them, that lints at once share one cap sized for
// all of them once all have read theirs, that the limit in force before
// comes back after the last, and that a lint of no file leaves the limit
// alone.
func TestLimitMemory(t *testing.T) {
	// What earlier tests left in use must not pass the goals here.
	debug.FreeOSMemory()
	before := debug.SetMemoryLimit(-1)
	limit := func() int64 { return debug.SetMemoryLimit(-1) }

	loadedA, releaseA := limitMemory(files(100 << 20))
	if got := limit(); got != before {
		t.Errorf("one file, reading: limit %d, want the one before, %d", got, before)
	}
	loadedA()
	if got := limit(); got != goal(100<<20) {
		t.Errorf("one file: limit %d, want %d", got, goal(100<<20))
	}
	loadedB, releaseB := limitMemory(files(50 << 20))
	if got := limit(); got != before {
		t.Errorf("a second file, reading: limit %d, want the one before, %d", got, before)
	}
	loadedB()
	if got := limit(); got != goal(150<<20) {
		t.Errorf("two files at once: limit %d, want %d", got, goal(150<<20))
	}
	releaseA()
	if got := limit(); got != goal(50<<20) {
		t.Errorf("after the first: limit %d, want %d", got, goal(50<<20))
	}
	releaseB()
	if got := limit(); got != before {
		t.Errorf("after both: limit %d, want the one before, %d", got, before)
	}
	loaded, release := limitMemory([]target.Target{{Kind: target.Command}})
	loaded()
	release()
	if got := limit(); got != before {
		t.Errorf("no file: limit %d, want %d", got, before)
	}
	// A lint that fails before it has read its file still lets go.
	_, release = limitMemory(files(1 << 20))
	release()
	if got := limit(); got != before {
		t.Errorf("released while reading: limit %d, want %d", got, before)
	}

	// A lower limit of the user's stays.
	debug.SetMemoryLimit(64 << 20)
	defer debug.SetMemoryLimit(before)
	loaded, release = limitMemory(files(100 << 20))
	loaded()
	if got := limit(); got != 64<<20 {
		t.Errorf("under a user's limit: %d, want %d", got, 64<<20)
	}
	release()
}

// TestMemoryLimitGivesUp checks when the goal is kept and when given up
// for the live heap, and that it stays given up.
func TestMemoryLimitGivesUp(t *testing.T) {
	const size = 28 << 20
	reach := uint64((float64(goal(size)) - liveBase) / reachFactor)
	for _, c := range []struct {
		live        uint64
		loose, want bool
		limit       int64
	}{
		{0, false, false, goal(size)},
		{reach - 1<<20, false, false, goal(size)},
		{reach + 1<<20, false, true, int64(liveBase + looseFactor*float64(reach+1<<20))},
		// Once given up, the goal stays the least.
		{1 << 20, true, true, goal(size)},
	} {
		limit, loose := memoryLimit(size, c.live, c.loose)
		if loose != c.want || limit != c.limit {
			t.Errorf("live %d MiB (given up: %v): limit %d, given up %v; want %d, %v", c.live>>20, c.loose, limit, loose, c.limit, c.want)
		}
	}
}

// TestLimitMemoryFollowsLive checks that the limit is set again after
// collections: memory in use past the goal once the files are read sets
// the limit at half again the goal until a collection says what is live; a heap kept
// live past what the goal leaves room for then gives the goal up and
// raises the limit above that heap; a larger heap later raises it again;
// and a smaller one does not lower it.
func TestLimitMemoryFollowsLive(t *testing.T) {
	before := debug.SetMemoryLimit(-1)
	hold := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = 1
		}
		return b
	}
	// above collects until a collection has said what is live and the
	// limit is at least want, and returns the limit. The limit is set
	// again by a cleanup after a collection, on a goroutine of its own.
	above := func(want int64) int64 {
		var got int64
		for range 500 {
			runtime.GC()
			time.Sleep(10 * time.Millisecond)
			memory.Lock()
			waiting := memory.waiting
			memory.Unlock()
			if got = debug.SetMemoryLimit(-1); !waiting && got >= want && got != before {
				break
			}
		}
		return got
	}
	factor := looseFactor
	keep := hold(48 << 20)
	loaded, release := limitMemory(files(1 << 20))
	defer release()
	loaded()
	if got, want := debug.SetMemoryLimit(-1), goal(1<<20)*3/2; got != want {
		t.Errorf("48 MiB in use past a goal of %d MiB: limit %d, want half again the goal, %d", goal(1<<20)>>20, got, want)
	}
	want := int64(liveBase + factor*(48<<20))
	if got := above(want); got < want || got == before {
		t.Fatalf("48 MiB live: limit %d, want at least %d", got, want)
	}
	runtime.KeepAlive(keep)
	memory.Lock()
	waiting, loose := memory.waiting, memory.loose
	memory.Unlock()
	if waiting || !loose {
		t.Errorf("after collections: waiting %v, goal given up %v; want false, true", waiting, loose)
	}
	keep = hold(96 << 20)
	want = int64(liveBase + factor*(96<<20))
	if got := above(want); got < want {
		t.Fatalf("96 MiB live: limit %d, want at least %d", got, want)
	}
	runtime.KeepAlive(keep)
	keep = nil
	for range 5 {
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
	}
	if got := debug.SetMemoryLimit(-1); got < want {
		t.Errorf("after the heap shrank: limit %d, want it kept at %d", got, want)
	}
}

// TestRunLeavesTheMemoryLimitAlone checks that a lint of a file changes
// the process's memory limit only when its caller owns the process and
// asks for it (Settings.LimitMemory, which mcplint's command sets and
// library callers such as mcplinttest do not).
func TestRunLeavesTheMemoryLimitAlone(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "tools.json")
	if err := os.WriteFile(file, []byte(`{"tools":[{"name":"echo","description":"Echo the text back.","inputSchema":{"type":"object"}}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	const sentinel = 3 << 30
	old := debug.SetMemoryLimit(sentinel)
	defer debug.SetMemoryLimit(old)
	for _, limit := range []bool{false, true} {
		memory.Lock()
		round := memory.round
		memory.Unlock()
		if _, err := Run(context.Background(), Settings{Dir: dir, Args: []string{file}, NoLock: true, Plugins: PluginSettings{Off: true}, LimitMemory: limit}); err != nil {
			t.Fatal(err)
		}
		memory.Lock()
		set := memory.round != round
		memory.Unlock()
		if set != limit {
			t.Errorf("LimitMemory %v: the lint set the memory limit: %v", limit, set)
		}
		if got := debug.SetMemoryLimit(-1); got != sentinel {
			t.Errorf("LimitMemory %v: the limit is %d after the lint, want the %d in force before", limit, got, int64(sentinel))
		}
	}
}
