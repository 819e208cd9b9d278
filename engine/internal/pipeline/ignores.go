package pipeline

import (
	"strings"
	"sync"

	"github.com/mcplint/mcplint/config"
	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/sdk"
)

// Ignores hides the issues an [[ignore]] entry of .mcplint.toml covers,
// and remembers which entries matched, for Unused.
type Ignores struct {
	Entries []config.Ignore

	mu   sync.Mutex
	used []bool
}

// Name implements Processor.
func (*Ignores) Name() string { return "config ignores" }

// Process implements Processor.
func (g *Ignores) Process(targets []*Target) {
	g.init()
	if len(g.Entries) == 0 {
		return
	}
	each(targets, func(t *Target) {
		suppress(t.Result, result.ByConfig, func(is sdk.Issue) (string, bool) {
			i, ok := g.match(t.Result.Name, is)
			if !ok {
				return "", false
			}
			return g.Entries[i].Reason, true
		})
	})
}

// init readies the record of which entries matched, once: a run passes
// its targets a window at a time, and what earlier windows matched counts.
func (g *Ignores) init() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.used == nil {
		g.used = make([]bool, len(g.Entries))
	}
}

// Note counts a match this run did not make: an issue of server that an
// entry hid in an earlier run whose report is reused (--resume).
func (g *Ignores) Note(server string, is sdk.Issue) {
	g.init()
	g.match(server, is)
}

// Used reports whether entry i matched an issue on any target.
func (g *Ignores) Used(i int) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.used[i]
}

// match returns the first entry that matches, marking it used.
func (g *Ignores) match(server string, is sdk.Issue) (int, bool) {
	for i, ig := range g.Entries {
		if ig.Rule != is.Rule ||
			ig.Tool != "" && !config.MatchGlob(ig.Tool, is.Tool) ||
			ig.Server != "" && !config.MatchGlob(ig.Server, server) ||
			!underPointer(is.Pointer, ig.Pointer) {
			continue
		}
		g.mu.Lock()
		g.used[i] = true
		g.mu.Unlock()
		return i, true
	}
	return 0, false
}

// underPointer reports whether p is prefix or below it, token-wise:
// "/tools/1" covers "/tools/1/name" but not "/tools/10".
func underPointer(p, prefix string) bool {
	return prefix == "" || p == prefix || strings.HasPrefix(p, prefix+"/")
}
