package engine

import (
	"runtime"
	"sync"
)

// forEach runs f for 0..n-1 on at most GOMAXPROCS goroutines.
func forEach(n int, f func(i int)) {
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
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
