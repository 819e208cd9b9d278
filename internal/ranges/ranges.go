// Package ranges splits a pass over a large Snapshot's tools (or
// definitions) into contiguous ranges, one goroutine each, up to one per
// CPU: the shared listings and the rules that read every value of every
// tool would otherwise leave cores idle while the other rules wait.
package ranges

import (
	"runtime"
	"sync"
)

// PerPart is the fewest items worth a goroutine of their own.
const PerPart = 256

// Parts returns how many ranges Go splits n items into: one per PerPart
// items, at least one, at most GOMAXPROCS.
func Parts(n int) int { return max(1, min(runtime.GOMAXPROCS(0), n/PerPart)) }

// Go calls f with each of the Parts(n) ranges [lo, hi) that cover [0, n)
// in order, part numbering them from 0, each on its own goroutine, and
// returns a function that waits for them all. The caller may do other
// work before it waits.
func Go(n int, f func(part, lo, hi int)) (wait func()) {
	parts := Parts(n)
	var wg sync.WaitGroup
	for p := range parts {
		lo, hi := p*n/parts, (p+1)*n/parts
		wg.Go(func() { f(p, lo, hi) })
	}
	return wg.Wait
}
