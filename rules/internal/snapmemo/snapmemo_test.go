package snapmemo

import (
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcplint/mcplint/sdk"
)

func TestGetMakesOncePerSnapshotAndKey(t *testing.T) {
	var c Cache[int, int]
	var made atomic.Int32
	s := &sdk.Snapshot{}
	var wg sync.WaitGroup
	for range 16 {
		wg.Go(func() {
			if got := c.Get(s, 1, func() int { made.Add(1); return 7 }); got != 7 {
				t.Errorf("Get = %d, want 7", got)
			}
		})
	}
	wg.Wait()
	if made.Load() != 1 {
		t.Errorf("made %d times for one Snapshot asked at once, want 1", made.Load())
	}
	if got := c.Get(s, 2, func() int { made.Add(1); return 8 }); got != 8 || made.Load() != 2 {
		t.Errorf("a new key gave %d after %d makes, want 8 made afresh", got, made.Load())
	}
	if got := c.Get(&sdk.Snapshot{}, 2, func() int { return 9 }); got != 9 {
		t.Errorf("another Snapshot got %d, want its own value 9", got)
	}
	runtime.KeepAlive(s)
}

func TestGetDropsCollectedSnapshots(t *testing.T) {
	var c Cache[int, []byte]
	for range 10 {
		c.Get(&sdk.Snapshot{}, 0, func() []byte { return make([]byte, 1<<20) })
	}
	deadline := time.Now().Add(10 * time.Second)
	for c.Len() > 0 {
		if time.Now().After(deadline) {
			t.Fatalf("%d values still held for Snapshots that are gone", c.Len())
		}
		runtime.GC()
		time.Sleep(time.Millisecond)
	}
}

func TestForget(t *testing.T) {
	var a Cache[int, int]
	var b Cache[string, []byte]
	s, other := &sdk.Snapshot{}, &sdk.Snapshot{}
	a.Get(s, 0, func() int { return 1 })
	a.Get(other, 0, func() int { return 2 })
	b.Get(s, "", func() []byte { return []byte("x") })
	Forget(s)
	if a.Len() != 1 || b.Len() != 0 {
		t.Fatalf("after Forget, the Caches hold %d and %d Snapshots, want 1 (the other) and 0", a.Len(), b.Len())
	}
	if got := a.Get(other, 0, func() int { return 3 }); got != 2 {
		t.Errorf("the other Snapshot's value was made again: %d", got)
	}
	if got := a.Get(s, 0, func() int { return 4 }); got != 4 {
		t.Errorf("a forgotten Snapshot got %d, want its value made afresh (4)", got)
	}
	runtime.KeepAlive(s)
	runtime.KeepAlive(other)
}
