package engine

import (
	"context"
	"runtime"
	"testing"

	"github.com/mcplint/mcplint/engine/internal/synth"
	"github.com/mcplint/mcplint/engine/internal/tokens"
	"github.com/mcplint/mcplint/engine/runner"
	"github.com/mcplint/mcplint/rules"
	"github.com/mcplint/mcplint/sdk"
)

// BenchmarkRules runs only the built-in rules over the 10,000-tool list of
// BenchmarkStatic, decoded once, so that the rules' share of a lint is
// measured without decoding and report writing around it. cpu-ns/op is
// the CPU time of all threads, the figure that holds on a busy machine.
func BenchmarkRules(b *testing.B) {
	snap, _, err := sdk.DecodeSnapshot(synth.ToolList(10000, 1))
	if err != nil {
		b.Fatal(err)
	}
	snap.Tokens = tokens.CountSnapshot(snap)
	enabled := Enabled(rules.All(), runner.Selection{})
	runtime.GC()
	start, haveCPU := processCPU()
	for b.Loop() {
		// A copy per run: rules share work per Snapshot, and each run
		// must do that work again, as each lint does.
		s := *snap
		if _, errs := runner.Run(context.Background(), enabled, &s); len(errs) > 0 {
			b.Fatal(errs)
		}
	}
	if end, _ := processCPU(); haveCPU {
		b.ReportMetric(float64(end-start)/float64(b.N), "cpu-ns/op")
	}
}
