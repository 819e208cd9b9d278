package ranges

import (
	"runtime"
	"sync"
	"testing"
)

// TestGoCoversEachItemOnce: the ranges cover [0, n) in order, once, in
// as many parts as Parts says, for lengths around the part size.
func TestGoCoversEachItemOnce(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	for _, n := range []int{0, 1, PerPart - 1, PerPart, 2*PerPart + 1, 4 * PerPart, 10*PerPart + 3} {
		seen := make([]int, n)
		var mu sync.Mutex
		byPart := map[int][2]int{}
		Go(n, func(part, lo, hi int) {
			mu.Lock()
			byPart[part] = [2]int{lo, hi}
			mu.Unlock()
			for i := lo; i < hi; i++ {
				seen[i]++
			}
		})()
		if len(byPart) != Parts(n) {
			t.Errorf("n=%d: %d parts, Parts says %d", n, len(byPart), Parts(n))
		}
		for p := 1; p < len(byPart); p++ {
			if byPart[p][0] != byPart[p-1][1] {
				t.Errorf("n=%d: part %d starts at %d, part %d ends at %d", n, p, byPart[p][0], p-1, byPart[p-1][1])
			}
		}
		for i, c := range seen {
			if c != 1 {
				t.Fatalf("n=%d: item %d visited %d times", n, i, c)
			}
		}
	}
	if got := Parts(10 * PerPart); got != 4 {
		t.Errorf("Parts(%d) = %d with 4 CPUs, want 4", 10*PerPart, got)
	}
}
