package engine

import (
	"path/filepath"

	"github.com/mcplint/mcplint/engine/internal/target"
	"github.com/mcplint/mcplint/engine/internal/tokens"
	"github.com/mcplint/mcplint/engine/lock"
	"github.com/mcplint/mcplint/sdk"
)

// prepare fills in, once every target is loaded and before any rule runs,
// what the engine knows of each server that its source did not read: the
// other servers of its client config (Peers), what .mcplint.lock pinned
// for it (Lock, LockFile; pins is nil when there is no lock file) and what
// its tool list and instructions cost a model (Tokens). Nothing else
// writes these fields. Peers are copied first, so that a peer carries
// what its source read and nothing of this.
func prepare(targets []target.Target, snaps []*sdk.Snapshot, errs []error, pins *lock.File) {
	linkPeers(targets, snaps, errs)
	if pins != nil {
		file := lock.FileName
		if pins.Path != "" {
			file = filepath.Base(pins.Path)
		}
		for i, s := range snaps {
			if s != nil && errs[i] == nil {
				s.Lock, s.LockFile = lock.Entry(pins, s.Name), file
			}
		}
	}
	forEach(len(snaps), func(i int) {
		if s := snaps[i]; s != nil {
			s.Tokens = tokens.CountSnapshot(s)
		}
	})
}

// runGroup is the group of the targets named one by one in a run (not
// from a client config): a user who names servers together is asking
// about them together, as a client that loads them would.
const runGroup = "\x00run"

// maxRunGroup is the most targets named one by one that are taken as
// loaded together. Every server of a group sees each of the others, which
// costs the square of their number: a client loads tens of servers, while
// a run over a folder of thousands of tool lists is a fleet, whose
// servers were never meant to meet.
const maxRunGroup = 64

// linkPeers lets the servers of one client config see each other, and
// the targets named one by one in the run see each other.
func linkPeers(targets []target.Target, snaps []*sdk.Snapshot, errs []error) {
	groups := map[string][]int{}
	for i, t := range targets {
		if snaps[i] == nil || errs[i] != nil && t.Group == "" {
			continue
		}
		g := t.Group
		if g == "" {
			g = runGroup
		}
		groups[g] = append(groups[g], i)
	}
	if len(groups[runGroup]) > maxRunGroup {
		delete(groups, runGroup)
	}
	for _, members := range groups {
		for _, i := range members {
			for _, j := range members {
				if i != j {
					peer := *snaps[j]
					peer.Peers = nil
					snaps[i].Peers = append(snaps[i].Peers, &peer)
				}
			}
		}
	}
}
