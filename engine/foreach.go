package engine

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// forEach runs f for 0..n-1 on at most GOMAXPROCS goroutines.
func forEach(n int, f func(i int)) { forEachLimit(n, runtime.GOMAXPROCS(0), f) }

// MaxLiveSessions is how many live sessions are under way at once. A
// session mostly waits on its server (its start-up allowance is 30 s), so
// holding it to the number of cores, as the work of reading files is,
// made a client config of 200 servers that never answer take 200 × 30 s
// over two cores.
const MaxLiveSessions = 32

// forEachLimit runs f for 0..n-1 on at most limit goroutines, each taking
// the next index when it is done with one: a run over thousands of small
// targets starts a few goroutines, not one per target, whose stacks,
// grown by the first targets, serve the others.
func forEachLimit(n, limit int, f func(i int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(max(limit, 1), n) {
		wg.Go(func() {
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				f(i)
			}
		})
	}
	wg.Wait()
}
