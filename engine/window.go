package engine

import (
	"github.com/mcplint/mcplint/config"
	"github.com/mcplint/mcplint/engine/internal/target"
)

// windowSize is how many targets a streamed lint reads and lints at once:
// enough to keep the cores busy past the wait at each window's end, few
// enough that what they hold stays small. It does not depend on the
// machine, since names are told apart within a window first (nameAcross):
// the same run writes the same report anywhere. A config with [[ignore]]
// entries takes every target in one window (see Settings.Stream); zero
// means that.
func windowSize(cfg *config.Config) int {
	if len(cfg.Ignores) > 0 {
		return 0
	}
	return 128
}

// windows cuts targets into consecutive [start, end) ranges of about size
// targets (all of them when size is 0), never parting the members of a
// group: servers that see each other (linkPeers) are linked, linted and
// written together. A window grows past size to take in the last member of
// every group it holds. named is how many targets the whole run names one
// by one, which decides whether those are a group (linkPeers).
func windows(targets []target.Target, size, named int) [][2]int {
	if size <= 0 || len(targets) <= size {
		return [][2]int{{0, len(targets)}}
	}
	last := map[string]int{}
	for i, t := range targets {
		g := t.Group
		if g == "" {
			g = runGroup
		}
		last[g] = i
	}
	if named > maxRunGroup {
		delete(last, runGroup) // too many to be peers: each stands alone
	}
	var out [][2]int
	start, end := 0, 0
	for i, t := range targets {
		g := t.Group
		if g == "" {
			g = runGroup
		}
		if l, ok := last[g]; ok {
			end = max(end, l+1)
		}
		end = max(end, i+1)
		if i+1 == end && end-start >= size {
			out = append(out, [2]int{start, end})
			start = end
		}
	}
	if start < len(targets) {
		out = append(out, [2]int{start, len(targets)})
	}
	return out
}

// peerGroup names the group of each of targets as linkPeers will link
// them ("" for a target that sees no other): its client config, or the
// run's group of targets named one by one when the whole run names few of
// them (named, the count linkPeers decides by). targets are a whole run,
// a shard of one, or a window, which holds whole groups.
func peerGroup(targets []target.Target, named int) func(i int) string {
	return func(i int) string {
		if g := targets[i].Group; g != "" {
			return g
		}
		if named > 1 && named <= maxRunGroup {
			return runGroup
		}
		return ""
	}
}
