// Package snapmemo is the one place rules keep work per Snapshot, such as a
// listing of its texts, a flattening of its schemas or a parse of its
// transcript: made by the first rule to ask, shared by the rules that run
// on it at once, and dropped when the Snapshot is collected or, sooner,
// when the engine says the rules are done with it (Forget).
package snapmemo

import (
	"runtime"
	"sync"
	"weak"

	"github.com/mcplint/mcplint/sdk"
)

// Cache holds a V per Snapshot. K says what the V was made from (the
// lengths of the Snapshot's lists, say): rules must not change a
// Snapshot, but a caller that reuses one with other contents gets a V
// made afresh. The zero Cache is ready to use and safe for concurrent use.
type Cache[K comparable, V any] struct {
	mu sync.Mutex
	m  map[weak.Pointer[sdk.Snapshot]]*slot[K, V]
}

type slot[K comparable, V any] struct {
	once sync.Once
	key  K
	v    V
}

// Get returns s's V, made by make the first time it is asked for with
// this key; callers asking at once wait for the one make.
func (c *Cache[K, V]) Get(s *sdk.Snapshot, key K, make func() V) V {
	p := weak.Make(s)
	c.mu.Lock()
	if c.m == nil {
		c.m = map[weak.Pointer[sdk.Snapshot]]*slot[K, V]{}
		caches.Lock()
		caches.all = append(caches.all, c)
		caches.Unlock()
	}
	e, ok := c.m[p]
	if !ok || e.key != key {
		e = &slot[K, V]{key: key}
		if !ok {
			runtime.AddCleanup(s, c.drop, p)
		}
		c.m[p] = e
	}
	c.mu.Unlock()
	e.once.Do(func() { e.v = make() })
	return e.v
}

// drop forgets a Snapshot that is gone.
func (c *Cache[K, V]) drop(p weak.Pointer[sdk.Snapshot]) {
	c.mu.Lock()
	delete(c.m, p)
	c.mu.Unlock()
}

// caches are the Caches that have held a value, which Forget empties of
// a Snapshot.
var caches struct {
	sync.Mutex
	all []interface {
		drop(weak.Pointer[sdk.Snapshot])
	}
}

// Forget drops what every Cache holds for s, for a caller that knows no
// rule will ask about s again: the engine, once the rules have run on it.
// A lint of a large list keeps listings of it worth about the file's size,
// which otherwise stay until s is collected, after the report is written.
// A Cache asked about s again makes its value afresh.
func Forget(s *sdk.Snapshot) {
	p := weak.Make(s)
	caches.Lock()
	all := caches.all
	caches.Unlock()
	for _, c := range all {
		c.drop(p)
	}
}

// Len is the number of Snapshots whose values are held, for tests.
func (c *Cache[K, V]) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.m)
}
