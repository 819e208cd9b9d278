package engine

import (
	"context"
	"encoding/json"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/mcplint/mcplint/engine/internal/realistic"
	"github.com/mcplint/mcplint/engine/internal/synth"
	"github.com/mcplint/mcplint/engine/internal/tokens"
	"github.com/mcplint/mcplint/engine/runner"
	"github.com/mcplint/mcplint/rules"
	"github.com/mcplint/mcplint/rules/security"
	"github.com/mcplint/mcplint/sdk"
)

// BenchmarkSecurityRules measures what the rules of package security
// (secret-in-text's detector, package secrets, with them) add to a lint,
// as a ratio to an encoding/json decode of the same list, on the
// synthetic and the realistic 10,000-tool lists. Each round decodes the
// list, then runs every other built-in rule on a fresh copy of the
// Snapshot, untimed, so that what the rules share (the listing of the
// texts, token counts) is done as in a lint, then runs the security
// rules, timed: security-cpu/decode-cpu is the CPU time of all threads of
// the security rules over that of the decode, summed over the rounds, in
// one run so that a shared machine's swings fall on both alike. Each
// timed part starts after a collection, so that it pays for collecting
// its own garbage only; median-round-ratio is the median of the rounds'
// ratios.
func BenchmarkSecurityRules(b *testing.B) {
	lists := []struct {
		name string
		data func() ([]byte, error)
	}{
		{"synthetic-10000", func() ([]byte, error) { return synth.ToolList(10000, 1), nil }},
		{"realistic-10000", func() ([]byte, error) { return realistic.ToolList(10000, 1) }},
	}
	for _, list := range lists {
		b.Run(list.name, func(b *testing.B) {
			data, err := list.data()
			if err != nil {
				b.Fatal(err)
			}
			snap, _, err := sdk.DecodeSnapshot(data)
			if err != nil {
				b.Fatal(err)
			}
			snap.Tokens = tokens.CountSnapshot(snap)
			own := Enabled(security.Rules(), runner.Selection{})
			isOwn := map[string]bool{}
			for _, r := range own {
				isOwn[r.Meta().Name] = true
			}
			var others []sdk.Rule
			for _, r := range Enabled(rules.All(), runner.Selection{}) {
				if !isOwn[r.Meta().Name] {
					others = append(others, r)
				}
			}
			if _, haveCPU := processCPU(); !haveCPU {
				b.Skip("no CPU time on this platform")
			}
			var cpuDecode, cpuOwn time.Duration
			var ratios []float64
			for b.Loop() {
				runtime.GC()
				cpu0, _ := processCPU()
				var v any
				if err := json.Unmarshal(data, &v); err != nil {
					b.Fatal(err)
				}
				cpu1, _ := processCPU()
				v = nil
				// A copy per round: rules share work per Snapshot, and
				// each round must do that work again, as each lint does.
				s := *snap
				if _, errs := runner.Run(context.Background(), others, &s); len(errs) > 0 {
					b.Fatal(errs)
				}
				runtime.GC()
				cpu2, _ := processCPU()
				if _, errs := runner.Run(context.Background(), own, &s); len(errs) > 0 {
					b.Fatal(errs)
				}
				cpu3, _ := processCPU()
				cpuDecode += cpu1 - cpu0
				cpuOwn += cpu3 - cpu2
				ratios = append(ratios, float64(cpu3-cpu2)/float64(cpu1-cpu0))
			}
			slices.Sort(ratios)
			n := float64(len(ratios))
			b.ReportMetric(cpuDecode.Seconds()*1e3/n, "decode-cpu-ms")
			b.ReportMetric(cpuOwn.Seconds()*1e3/n, "security-cpu-ms")
			b.ReportMetric(cpuOwn.Seconds()/cpuDecode.Seconds(), "security-cpu/decode-cpu")
			b.ReportMetric(ratios[len(ratios)/2], "median-round-ratio")
		})
	}
}
