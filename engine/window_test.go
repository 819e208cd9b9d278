package engine

import (
	"strconv"
	"testing"

	"github.com/mcplint/mcplint/engine/internal/target"
)

func looseTargets(n int) []target.Target {
	ts := make([]target.Target, n)
	for i := range ts {
		ts[i].Name = "t" + strconv.Itoa(i)
	}
	return ts
}

// TestPeerGroupFollowsTheWholeRun: whether targets named one by one are
// peers is decided by the whole run's count, as linkPeers decides it, not
// by how many of them a window or a shard happens to hold.
func TestPeerGroupFollowsTheWholeRun(t *testing.T) {
	fleet := maxRunGroup + 86
	ts := looseTargets(fleet)
	ws := windows(ts, 128, fleet)
	if len(ws) != 2 {
		t.Fatalf("windows of %d loose targets: %v, want two", fleet, ws)
	}
	last := ts[ws[1][0]:ws[1][1]]
	if len(last) > maxRunGroup {
		t.Fatalf("last window holds %d targets; the test needs fewer than %d", len(last), maxRunGroup)
	}
	if g := peerGroup(last, fleet)(0); g != "" {
		t.Errorf("a fleet's last window of %d targets: group %q, want none (linkPeers links none of a fleet)", len(last), g)
	}
	shard := looseTargets(10)
	if g := peerGroup(shard, fleet)(0); g != "" {
		t.Errorf("a shard of 10 of a fleet of %d: group %q, want none", fleet, g)
	}
	if g := peerGroup(shard, 10)(0); g != runGroup {
		t.Errorf("10 targets named one by one: group %q, want the run's", g)
	}
	if ws := windows(looseTargets(10), 4, 10); len(ws) != 1 {
		t.Errorf("10 peers with windows of 4: %v, want one window (peers are linted together)", ws)
	}
	if ws := windows(looseTargets(fleet), 4, fleet); len(ws) < 2 {
		t.Errorf("a fleet of %d with windows of 4: %v, want several", fleet, ws)
	}
}
