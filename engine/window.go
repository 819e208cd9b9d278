package engine

import (
	"strconv"

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
// every group it holds.
func windows(targets []target.Target, size int) [][2]int {
	if size <= 0 || len(targets) <= size {
		return [][2]int{{0, len(targets)}}
	}
	last := map[string]int{}
	loose := 0
	for i, t := range targets {
		g := t.Group
		if g == "" {
			loose++
			g = runGroup
		}
		last[g] = i
	}
	if loose > maxRunGroup {
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

// standAlone gives each target named one by one a group of its own when
// there are more of them than are taken as loaded together (maxRunGroup):
// a window holds only some of them, and must not link those as peers.
func standAlone(targets []target.Target) {
	loose := 0
	for _, t := range targets {
		if t.Group == "" {
			loose++
		}
	}
	if loose <= maxRunGroup {
		return
	}
	for i := range targets {
		if targets[i].Group == "" {
			targets[i].Group = "\x00alone" + strconv.Itoa(i)
		}
	}
}

// peerGroup names the group of each of targets as linkPeers will link
// them ("" for a target that sees no other): its client config, or the
// run's group of targets named one by one when there are few of them.
// targets are a whole run, or a window of one, which holds whole groups.
func peerGroup(targets []target.Target) func(i int) string {
	loose := 0
	for _, t := range targets {
		if t.Group == "" {
			loose++
		}
	}
	return func(i int) string {
		if g := targets[i].Group; g != "" {
			return g
		}
		if loose > 1 && loose <= maxRunGroup {
			return runGroup
		}
		return ""
	}
}
