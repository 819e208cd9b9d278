package engine

import (
	"math"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"

	"github.com/mcplint/mcplint/engine/internal/target"
)

// The garbage collector lets the heap grow to twice what was live after
// its last cycle, so a lint's peak memory is about twice its live heap
// unless told otherwise. A lint of a large file holds its tree and the
// rules' listings of it all at once, until the rules are done (the file's
// own bytes are let go once decoded, see static.DecodeFile), so that
// doubling would be most of the peak. Once files are read (a collection
// while they are finds little to free: what is decoded stays) and until
// their lints end, the limit (debug.SetMemoryLimit) is their goal:
// memoryBase plus memoryPerByte for each byte of them, under 5 times a
// large file once the program's own code is counted (see the README).
// The room between the live heap and the goal is what the rules allocate
// between two collections: on the realistic 10,000-tool list, 2.6 times
// the file left so little that the lint spent about 7% more CPU than at
// 3.0, whose peak is the 5 times itself (docs/performance.md).
//
// A goal the live heap leaves too little room under is given up: the
// collector would run all the time for it. That is when the heap live
// after a collection, times reachFactor, plus liveBase (what the runtime
// holds besides the heap), passes the goal, as for a list of many
// distinct schemas, whose tree weighs more for its size than one of many
// alike. From then on until the lints end, the limit is the larger of the
// goal and liveBase plus looseFactor times the most heap live after a
// collection so far, set again after every collection.
//
// A limit the user set (GOMEMLIMIT) stays when it is lower.
const (
	memoryBase    = 32 << 20
	memoryPerByte = 2.9
	liveBase      = 16 << 20
	reachFactor   = 1.15
	looseFactor   = 1.6
)

var memory struct {
	sync.Mutex
	// active is how many lints with files run, loading how many of them
	// have not read their files yet; size their files' total;
	// user the limit in force before the first of them; live the most
	// heap live after a collection while they run, and loose whether
	// their goal was given up. round tells the rounds of lints apart
	// (from the first to start to the last to end), so that a watch of an
	// earlier round stops.
	active  int
	loading int
	size    int64
	user    int64
	live    uint64
	loose   bool
	round   int
	// since is how many collections had ended when the last lint had
	// read its files (one more when the goal was set then, see below);
	// waiting is set when the memory in use then was already past the
	// goal (see loadEnd).
	since   uint64
	waiting bool
}

// limitMemory caps the heap for a lint of targets, when they include
// files, from when loaded is called (their trees are read: a collection
// before then finds little to free, as what it reads stays) until release
// is. Lints that run at once (tests) share one limit, sized for all of
// their files, from when all have loaded.
func limitMemory(targets []target.Target) (loaded, release func()) {
	var size int64
	for _, t := range targets {
		size += int64(len(t.Data))
	}
	if size == 0 {
		return func() {}, func() {}
	}
	memory.Lock()
	defer memory.Unlock()
	if memory.active == 0 {
		memory.user = debug.SetMemoryLimit(-1)
		memory.live, memory.loose, memory.waiting = 0, false, false
		memory.round++
		watchCollections(memory.round)
	}
	memory.active++
	memory.loading++
	memory.size += size
	setLimit()
	var once sync.Once
	done := func() {
		once.Do(func() {
			memory.Lock()
			defer memory.Unlock()
			memory.loading--
			if memory.loading == 0 {
				memory.since, memory.waiting = loadEnd(memory.size)
				// A collection marking now ends after since was read,
				// and what it finds live holds the files' bytes: under
				// the goal, it is not counted, lest it give the goal up
				// for them. A lint waiting (past the goal already)
				// counts it: it gives the goal up anyway, and one more
				// collection under the wait's limit costs time.
				if !memory.waiting {
					memory.since++
				}
			}
			setLimit()
		})
	}
	return done, func() {
		done()
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

// setLimit sets the limit for the files of the lints running now and the
// heap they keep live.
func setLimit() {
	if memory.loading > 0 {
		debug.SetMemoryLimit(memory.user)
		return
	}
	if memory.waiting {
		debug.SetMemoryLimit(min(memory.user, memoryGoal(memory.size)*3/2))
		return
	}
	limit, loose := memoryLimit(memory.size, memory.live, memory.loose)
	memory.loose = loose
	debug.SetMemoryLimit(min(memory.user, limit))
}

// memoryLimit is the limit for files of size bytes in all with live bytes
// of heap live, and whether the goal is given up, as it was already when
// loose is set.
func memoryLimit(size int64, live uint64, loose bool) (int64, bool) {
	goal := float64(memoryGoal(size))
	if !loose && float64(liveBase)+reachFactor*float64(live) > goal {
		loose = true
	}
	limit := goal
	if loose {
		limit = max(goal, float64(liveBase)+looseFactor*float64(live))
	}
	return int64(min(limit, math.MaxInt64/2)), loose
}

// memoryGoal is the goal for files of size bytes in all.
func memoryGoal(size int64) int64 {
	return int64(min(float64(memoryBase)+memoryPerByte*float64(size), math.MaxInt64/2))
}

// watchCollections sets the limit again after each collection of the
// given round with the heap it left live, until the round ends.
func watchCollections(round int) {
	// An object that nothing points to is collected by the next cycle,
	// which then runs its cleanup, arming the next: at most one a cycle
	// (one made while a cycle marks outlives it, and cycles close together
	// are read as one), each reading the live heap the last cycle left.
	// It holds a pointer, so it is not one of the tiny objects that share
	// an allocation and may never be collected alone.
	runtime.AddCleanup(&struct{ p *byte }{}, func(round int) {
		sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}, {Name: "/gc/cycles/total:gc-cycles"}}
		metrics.Read(sample)
		memory.Lock()
		defer memory.Unlock()
		if memory.round != round || memory.active == 0 {
			return
		}
		// What a lint holds while it reads its file, the file's bytes
		// among it, says nothing of what it keeps: a collection that
		// ended before the lints had all read theirs is not counted.
		if memory.loading == 0 && cycles(sample[1]) > memory.since && sample[0].Value.Kind() == metrics.KindUint64 {
			memory.live = max(memory.live, sample[0].Value.Uint64())
			memory.waiting = false
			setLimit()
		}
		watchCollections(round)
	}, round)
}

// loadEnd returns how many collections have ended, and whether the
// memory in use, as the limit counts it, is past the goal for files of
// size bytes. Then the goal waits for the next collection to say what is
// live, under a limit of half again the goal: set at once, the goal would
// start a collection that keeps most of what it finds, a tree too heavy
// for it, whose lint gives it up anyway; with no limit, the heap could
// double first (on the synthetic list, a peak of up to 159 MiB where the
// fixed cap before gave 139).
func loadEnd(size int64) (since uint64, waiting bool) {
	sample := []metrics.Sample{{Name: "/gc/cycles/total:gc-cycles"}, {Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	metrics.Read(sample)
	for _, s := range sample {
		if s.Value.Kind() != metrics.KindUint64 {
			return cycles(sample[0]), false
		}
	}
	return cycles(sample[0]), int64(sample[1].Value.Uint64()-sample[2].Value.Uint64()) > memoryGoal(size)
}

// cycles is the count of collections a sample of
// "/gc/cycles/total:gc-cycles" holds; 0 when the runtime does not give it.
func cycles(s metrics.Sample) uint64 {
	if s.Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s.Value.Uint64()
}
