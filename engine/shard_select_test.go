package engine

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/engine/internal/target"
	"github.com/mcplint/mcplint/engine/shard"
)

// kept lists the inputs (and servers) of part k/n of targets, sorted.
func kept(targets []target.Target, k, n int) []string {
	ts, positions := selectShard(targets, shard.Shard{Index: k, Count: n})
	var out []string
	for i, t := range ts {
		if targets[positions[i]].Input != t.Input {
			panic("a position names another target")
		}
		out = append(out, t.Input+"#"+t.Name)
	}
	slices.Sort(out)
	return out
}

// TestSelectShard: every target is in exactly one part; a part holds the
// same targets however the input is ordered; a client config's servers
// stay together; a few targets named one by one (which see each other)
// stay together, a fleet of them is spread.
func TestSelectShard(t *testing.T) {
	fleet := func(n int) []target.Target {
		var ts []target.Target
		for i := range n {
			ts = append(ts, target.Target{Name: fmt.Sprint("s", i), Input: fmt.Sprintf("fleet/%d.json", i), Kind: target.Static})
		}
		for _, name := range []string{"a", "b", "c"} {
			ts = append(ts, target.Target{Name: name, Keyed: true, Input: "team.json", Group: "team.json", Kind: target.Command})
		}
		return ts
	}
	const n = 4
	for _, size := range []int{10, maxRunGroup + 1, 300} {
		ts := fleet(size)
		reversed := slices.Clone(ts)
		slices.Reverse(reversed)
		total, used := 0, 0
		for k := 1; k <= n; k++ {
			got := kept(ts, k, n)
			if other := kept(reversed, k, n); !slices.Equal(got, other) {
				t.Errorf("%d targets, part %d/%d: reordering the input changes it:\n%v\n%v", size, k, n, got, other)
			}
			team := 0
			for _, in := range got {
				if strings.HasPrefix(in, "team.json#") {
					team++
				}
			}
			if team != 0 && team != 3 {
				t.Errorf("%d targets, part %d/%d holds %d of team.json's 3 servers", size, k, n, team)
			}
			if len(got) > 0 {
				used++
			}
			total += len(got)
		}
		if total != len(ts) {
			t.Errorf("%d targets: the parts hold %d", size, total)
		}
		// A fleet is spread over every part; 10 targets named one by one
		// and a config are two units, in at most two parts.
		if size > maxRunGroup && used != n || size <= maxRunGroup && used > 2 {
			t.Errorf("%d targets fill %d of %d parts", size, used, n)
		}
	}
}
