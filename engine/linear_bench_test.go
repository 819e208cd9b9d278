package engine

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/mcplint/mcplint/config"
	"github.com/mcplint/mcplint/engine/internal/realistic"
	"github.com/mcplint/mcplint/engine/internal/target"
	"github.com/mcplint/mcplint/engine/internal/tokens"
	"github.com/mcplint/mcplint/engine/report"
	"github.com/mcplint/mcplint/engine/runner"
	"github.com/mcplint/mcplint/rules"
	"github.com/mcplint/mcplint/sdk"
)

// linearN is the smaller list of BenchmarkLinear; the larger is ten times
// longer.
const linearN = 1000

// BenchmarkLinear checks that a lint's cost per tool does not grow with
// the list: it lints realistic lists of N and 10·N tools (built from the
// published servers' tools, package realistic) in turn and reports
// per-tool-ratio, the cost of a tool in the long list over its cost in the
// short one, in CPU time of all threads (which holds on a busy machine;
// goal ≤ 1.1), and the same in wall time. Sub-benchmarks: "lint" is the
// whole in-process lint of the file, JSON report included; "rules" is
// every built-in rule over a decoded Snapshot; rule=NAME is one rule
// alone, with whatever work it shares with other rules counted in its own
// time.
func BenchmarkLinear(b *testing.B) {
	small, err := realistic.ToolList(linearN, 1)
	if err != nil {
		b.Fatal(err)
	}
	large, err := realistic.ToolList(10*linearN, 1)
	if err != nil {
		b.Fatal(err)
	}
	dir := b.TempDir()
	files := [2]string{filepath.Join(dir, "small.json"), filepath.Join(dir, "large.json")}
	var snaps [2]*sdk.Snapshot
	for i, data := range [][]byte{small, large} {
		if err := os.WriteFile(files[i], data, 0o644); err != nil {
			b.Fatal(err)
		}
		snap, _, err := sdk.DecodeSnapshot(data)
		if err != nil {
			b.Fatal(err)
		}
		snap.Tokens = tokens.CountSnapshot(snap)
		snaps[i] = snap
	}
	sizes := [2]float64{linearN, 10 * linearN}

	b.Run("lint", func(b *testing.B) {
		linearRatio(b, sizes, func(i int) {
			rep, err := configuredLint(context.Background(), Options{
				Targets: []target.Target{{Name: "big", Input: files[i], Kind: target.Static, Path: files[i]}},
				Config:  config.Default(), Rules: rules.All(), Selection: runner.Selection{},
			})
			if err != nil {
				b.Fatal(err)
			}
			if err := report.WriteJSON(discard{}, rep); err != nil {
				b.Fatal(err)
			}
		})
	})
	enabled := Enabled(rules.All(), runner.Selection{})
	runRules := func(b *testing.B, rs []sdk.Rule) func(int) {
		return func(i int) {
			// A copy per run: rules share work per Snapshot, and each run
			// must do that work again, as each lint does.
			s := *snaps[i]
			if _, errs := runner.Run(context.Background(), rs, &s); len(errs) > 0 {
				b.Fatal(errs)
			}
		}
	}
	b.Run("rules", func(b *testing.B) { linearRatio(b, sizes, runRules(b, enabled)) })
	for _, r := range enabled {
		b.Run("rule="+r.Meta().Name, func(b *testing.B) { linearRatio(b, sizes, runRules(b, []sdk.Rule{r})) })
	}
}

// linearRatio times run(0) on sizes[0] tools and run(1) on sizes[1] once
// a round, after a collection each, the smaller list first in even rounds
// and second in odd ones, so that neither always runs on the other's
// heap or right after it. per-tool-ratio is the median over the rounds of
// the round's ratio, the cost of a tool in the long list over its cost in
// the short one: a round's two lints are close in time, so a change in the
// machine's load falls on both, and the median drops the rounds that a
// burst of another process spoiled. Run it with -benchtime 5x or more;
// with 1x it is one round's ratio.
func linearRatio(b *testing.B, sizes [2]float64, run func(int)) {
	var cpuRatios, wallRatios []float64
	small := time.Duration(math.MaxInt64)
	round := 0
	for b.Loop() {
		var wall, cpu [2]time.Duration
		for k := range 2 {
			i := (k + round) % 2
			b.StopTimer()
			runtime.GC()
			b.StartTimer()
			start := time.Now()
			c0, _ := processCPU()
			run(i)
			c1, _ := processCPU()
			wall[i], cpu[i] = time.Since(start), c1-c0
		}
		round++
		perTool := func(d [2]time.Duration) float64 {
			return (float64(d[1]) / sizes[1]) / (float64(d[0]) / sizes[0])
		}
		wallRatios = append(wallRatios, perTool(wall))
		if cpu[0] > 0 {
			cpuRatios = append(cpuRatios, perTool(cpu))
			small = min(small, cpu[0])
		}
	}
	if len(cpuRatios) > 0 {
		b.ReportMetric(float64(small)/sizes[0], "small-cpu-ns/tool")
		b.ReportMetric(median(cpuRatios), "per-tool-ratio")
	}
	b.ReportMetric(median(wallRatios), "wall-ratio")
}

// median is the middle of v (the mean of the two middle values when v has
// an even length).
func median(v []float64) float64 {
	s := slices.Sorted(slices.Values(v))
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// realisticFile writes the realistic list of n tools into dir.
func realisticFile(b *testing.B, dir string, n int) (string, int) {
	data, err := realistic.ToolList(n, 1)
	if err != nil {
		b.Fatal(err)
	}
	file := filepath.Join(dir, "realistic-"+strconv.Itoa(n)+".json")
	if err := os.WriteFile(file, data, 0o644); err != nil {
		b.Fatal(err)
	}
	return file, len(data)
}
