package engine

import (
	"errors"
	"fmt"
	"testing"

	"github.com/mcplint/mcplint/engine/internal/target"
	"github.com/mcplint/mcplint/engine/lock"
	"github.com/mcplint/mcplint/sdk"
)

// TestPrepare: a pinned server gets its lock entry, another server of the
// same lock none but the lock's name, a failed one neither; every loaded
// server gets token counts; peers are the servers as their sources read
// them, without the engine's additions; targets named one by one see
// each other, but not a failed one.
func TestPrepare(t *testing.T) {
	pins := lock.New()
	pins.Path = "/project/.mcplint.lock"
	pins.Servers["calc"] = &sdk.LockEntry{Instructions: "sha256:x"}
	tool := []sdk.Tool{{Name: "add", Description: "Adds two numbers."}}
	snaps := []*sdk.Snapshot{
		{Name: "calc", Tools: tool},
		{Name: "other", Tools: tool},
		{Name: "half", Tools: tool},
		{Name: "x.json", Tools: tool},
		{Name: "y.json", Tools: tool},
	}
	targets := []target.Target{{Name: "calc", Group: "mcp.json"}, {Name: "other", Group: "mcp.json"}, {Name: "half"}, {Name: "x.json"}, {Name: "y.json"}}
	prepare(targets, snaps, []error{nil, nil, errors.New("exited"), nil, nil}, pins)
	calc, other, half, x, y := snaps[0], snaps[1], snaps[2], snaps[3], snaps[4]
	if calc.Lock == nil || calc.Lock.Instructions != "sha256:x" || calc.LockFile != ".mcplint.lock" {
		t.Errorf("calc: Lock %v, LockFile %q", calc.Lock, calc.LockFile)
	}
	if other.Lock != nil || other.LockFile != ".mcplint.lock" {
		t.Errorf("other: Lock %v, LockFile %q; want none and the lock's name", other.Lock, other.LockFile)
	}
	if half.Lock != nil || half.LockFile != "" {
		t.Errorf("a failed session: Lock %v, LockFile %q; want neither", half.Lock, half.LockFile)
	}
	for _, s := range snaps {
		if s.Tokens == nil || s.Tokens.Total == 0 || len(s.Tokens.Tools) != 1 {
			t.Errorf("%s: tokens %+v", s.Name, s.Tokens)
		}
	}
	if len(calc.Peers) != 1 || calc.Peers[0].Name != "other" || len(other.Peers) != 1 || half.Peers != nil {
		t.Fatalf("peers: calc %d, other %d, half %d", len(calc.Peers), len(other.Peers), len(half.Peers))
	}
	if len(x.Peers) != 1 || x.Peers[0].Name != "y.json" || len(y.Peers) != 1 || y.Peers[0].Name != "x.json" {
		t.Errorf("targets named one by one: x has %d peers, y %d; want each the other", len(x.Peers), len(y.Peers))
	}
	if p := calc.Peers[0]; p.Tokens != nil || p.LockFile != "" || p.Peers != nil {
		t.Errorf("a peer carries the engine's additions: %+v", p)
	}
}

// Targets named one by one see each other, up to maxRunGroup of them; a
// larger run is a fleet and each target stays alone, while a client
// config's servers always see each other.
func TestLinkPeersCapsTheRunGroup(t *testing.T) {
	link := func(n int, group string) []*sdk.Snapshot {
		targets := make([]target.Target, n)
		snaps := make([]*sdk.Snapshot, n)
		for i := range n {
			targets[i].Group = group
			snaps[i] = &sdk.Snapshot{Name: fmt.Sprint("s", i)}
		}
		linkPeers(targets, snaps, make([]error, n))
		return snaps
	}
	if got := link(3, ""); len(got[0].Peers) != 2 {
		t.Errorf("3 targets named together: %d peers, want 2", len(got[0].Peers))
	}
	if got := link(maxRunGroup+1, ""); len(got[0].Peers) != 0 {
		t.Errorf("%d targets named together: %d peers, want none (a fleet)", maxRunGroup+1, len(got[0].Peers))
	}
	if got := link(maxRunGroup+1, "mcp.json"); len(got[0].Peers) != maxRunGroup {
		t.Errorf("a config of %d servers: %d peers, want %d", maxRunGroup+1, len(got[0].Peers), maxRunGroup)
	}
}
