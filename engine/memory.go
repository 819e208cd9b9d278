package engine

import (
	"math"
	"runtime/debug"
	"sync"

	"github.com/mcplint/mcplint/engine/target"
)

// The garbage collector lets the heap grow to twice what was live after
// its last cycle, so a lint's peak memory is about twice its live heap
// unless told otherwise. A lint of a large file holds its tree and the
// rules' listings of it all at once, until the rules are done (the file's
// own bytes are let go once decoded, see static.DecodeFile), so that
// doubling is most of the peak. While files are linted, the heap is
// capped at memoryBase plus memoryPerByte for each byte of them: above
// what such a lint keeps live at its peak (about 3 times a file of 270
// MB, 4 times one of 27 MB, whose fixed part, such as the secret
// detector's tables, weighs more), so that the collector runs more often
// near the peak rather than all the time. A lower cap saves little more:
// the heap cannot shrink below what is live. A limit the user set
// (GOMEMLIMIT) stays when it is lower.
const (
	memoryBase    = 56 << 20
	memoryPerByte = 3.7
)

var memory struct {
	sync.Mutex
	// active is how many lints with files run; size their files' total;
	// user the limit in force before the first of them.
	active int
	size   int64
	user   int64
}

// limitMemory caps the heap for a lint of targets, when they include
// files, until the returned function is called. Lints that run at once
// (tests) share one limit, sized for all of their files.
func limitMemory(targets []target.Target) (release func()) {
	var size int64
	for _, t := range targets {
		size += int64(len(t.Data))
	}
	if size == 0 {
		return func() {}
	}
	memory.Lock()
	defer memory.Unlock()
	if memory.active == 0 {
		memory.user = debug.SetMemoryLimit(-1)
	}
	memory.active++
	memory.size += size
	setLimit()
	return func() {
		memory.Lock()
		defer memory.Unlock()
		memory.active--
		memory.size -= size
		if memory.active == 0 {
			debug.SetMemoryLimit(memory.user)
			return
		}
		setLimit()
	}
}

// setLimit sets the limit for the files of the lints running now.
func setLimit() {
	limit := float64(memoryBase) + memoryPerByte*float64(memory.size)
	debug.SetMemoryLimit(min(memory.user, int64(min(limit, math.MaxInt64/2))))
}
