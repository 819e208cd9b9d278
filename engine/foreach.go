package engine

import (
	"runtime"
	"sync"
)

// forEach runs f for 0..n-1 on at most GOMAXPROCS goroutines.
func forEach(n int, f func(i int)) { forEachLimit(n, runtime.GOMAXPROCS(0), f) }

// MaxLiveSessions is how many live sessions are under way at once. A
// session mostly waits on its server (its start-up allowance is 30 s), so
// holding it to the number of cores, as the work of reading files is,
// made a client config of 200 servers that never answer take 200 × 30 s
// over two cores.
const MaxLiveSessions = 32

// forEachLimit runs f for 0..n-1 on at most limit goroutines.
func forEachLimit(n, limit int, f func(i int)) {
	sem := make(chan struct{}, max(limit, 1))
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			f(i)
		}()
	}
	wg.Wait()
}
