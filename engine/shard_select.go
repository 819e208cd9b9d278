package engine

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"maps"
	"os"
	"slices"

	"github.com/mcplint/mcplint/config"
	"github.com/mcplint/mcplint/engine/internal/target"
	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/engine/shard"
	"github.com/mcplint/mcplint/sdk"
)

// unitKey is what decides a target's shard: the servers that see each
// other as peers are one unit, so cross-server rules find in a shard what
// they find in the whole run. A client config's servers are the unit of
// that config (its Group, the path as written); the targets named one by
// one are one unit while they are few enough to be linked (maxRunGroup),
// each its own unit (its Input, as written) once they are a fleet.
func unitKey(t target.Target, named int) string {
	switch {
	case t.Group != "":
		return "config\x00" + t.Group
	case named <= maxRunGroup:
		return "run"
	default:
		return "target\x00" + t.Input
	}
}

// namedOneByOne counts the targets not of a client config that are to be
// linted (not skipped).
func namedOneByOne(targets []target.Target) int {
	n := 0
	for _, t := range targets {
		if t.Group == "" && t.Skip == "" {
			n++
		}
	}
	return n
}

// selectShard keeps the targets of part sh of the run, with the place
// of each in the whole run (which mcplint merge restores).
func selectShard(targets []target.Target, sh shard.Shard) (kept []target.Target, positions []int) {
	named := namedOneByOne(targets)
	for i, t := range targets {
		if sh.Holds(unitKey(t, named)) {
			kept = append(kept, t)
			positions = append(positions, i)
		}
	}
	return kept, positions
}

// runFingerprint names what must be the same for shard reports to be
// parts of one run: mcplint's version, every rule known and whether it
// ran, the configuration, the settings that change what a server is
// asked, and the identity of every target of the whole run in its order.
func runFingerprint(s Settings, cfg *config.Config, metas []sdk.Meta, enabled func(sdk.Meta) bool, targets []target.Target) string {
	h := sha256.New()
	fmt.Fprintf(h, "mcplint %s\n", s.Version)
	for _, m := range metas {
		fmt.Fprintf(h, "rule %s %s %v\n", m.Name, m.Severity, enabled(m))
	}
	// The config file as written: its settings are decoded by each rule,
	// so its text is what they read. Where it is does not count.
	if cfg.Path != "" {
		text, err := os.ReadFile(cfg.Path)
		if err != nil {
			text = []byte(err.Error())
		}
		fmt.Fprintf(h, "config %x\n", sha256.Sum256(text))
	}
	fmt.Fprintf(h, "probes %q exercise %q requests %d baseline %q server %q timeouts %v %v %v max-file-size %d\n",
		s.Probes, s.Exercise, len(s.Requests), s.Baseline, s.Server, s.Timeout, s.StartupTimeout, s.DiscoverWait, cfg.Server.MaxFileSize)
	// Names only: the values of -e and --header may be secrets, and a
	// hash of a short secret can be guessed back.
	fmt.Fprintf(h, "env %q headers %d\n", slices.Sorted(maps.Keys(s.Env)), len(s.Headers))
	fmt.Fprintf(h, "clients %q\n", cfg.Compat.Clients)
	for _, t := range targets {
		fmt.Fprintf(h, "target %q %q %q\n", t.Group, t.Input, t.Name)
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil))
}

// markShard records in rep which part of which run it is: the fingerprint,
// the run's size and the place of each target and skipped server in it.
func markShard(rep *result.Report, sh shard.Shard, fingerprint string, total int, kept []target.Target, positions []int, names []*result.ShardName, namesMatter bool, ignores []result.ShardIgnore) {
	info := &result.Shard{Index: sh.Index, Count: sh.Count, Fingerprint: fingerprint, Total: total,
		Targets: []int{}, Skipped: []int{}, Names: names, NamesMatter: namesMatter, Ignores: ignores}
	if info.Ignores == nil {
		info.Ignores = []result.ShardIgnore{}
	}
	if info.Names == nil {
		info.Names = []*result.ShardName{}
	}
	// lint reports the kept targets in their order, the skipped ones apart.
	for i, t := range kept {
		if t.Skip != "" {
			info.Skipped = append(info.Skipped, positions[i])
		} else {
			info.Targets = append(info.Targets, positions[i])
		}
	}
	rep.Shard = info
}

// shardNames are how each loaded target is named before and after a
// clash of names (nameSnapshots), for mcplint merge.
func shardNames(targets []target.Target, snaps []*sdk.Snapshot) []*result.ShardName {
	out := make([]*result.ShardName, len(targets))
	for i, t := range targets {
		if snaps[i] == nil {
			continue
		}
		n := &result.ShardName{Stable: stableName(t, snaps[i]), Peers: len(snaps[i].Peers) > 0}
		if !t.Keyed && t.Name != "" && t.Name != n.Stable {
			n.Fallback = t.Name
		}
		out[i] = n
	}
	return out
}

// namesMatter says whether a server's name changes what a run finds: a
// lock or a baseline is keyed by it, an [[ignore]] may match it.
func namesMatter(opt Options) bool {
	if opt.Lock != nil || opt.Baseline != nil {
		return true
	}
	for _, ig := range opt.Config.Ignores {
		if ig.Server != "" {
			return true
		}
	}
	return false
}
