package engine

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/mcplint/mcplint/config"
	"github.com/mcplint/mcplint/engine/internal/synth"
	"github.com/mcplint/mcplint/engine/internal/target"
	"github.com/mcplint/mcplint/engine/report"
	"github.com/mcplint/mcplint/engine/runner"
	"github.com/mcplint/mcplint/rules"
)

// BenchmarkStatic lints a generated 10,000-tool file (about 19 MB) and, in
// the same run, only decodes it with encoding/json. The figure the README
// reports (target: lint ≤ 2× decode) is Static/ratio's lint/decode: it
// times a decode and a lint in turn, so that a shared machine's swings
// fall on both alike; decode and lint alone give each one's allocations.
func BenchmarkStatic(b *testing.B) {
	data := synth.ToolList(10000, 1)
	file := filepath.Join(b.TempDir(), "big.json")
	if err := os.WriteFile(file, data, 0o644); err != nil {
		b.Fatal(err)
	}
	decode := func(b *testing.B) {
		raw, err := os.ReadFile(file)
		if err != nil {
			b.Fatal(err)
		}
		var v any
		if err := json.Unmarshal(raw, &v); err != nil {
			b.Fatal(err)
		}
	}
	lint := func(b *testing.B) {
		rep, err := configuredLint(context.Background(), Options{
			Targets: []target.Target{{Name: "big", Input: file, Kind: target.Static, Path: file}},
			Config:  config.Default(), Rules: rules.All(), Selection: runner.Selection{},
		})
		if err != nil {
			b.Fatal(err)
		}
		if rep.Targets[0].Error != nil {
			b.Fatal(*rep.Targets[0].Error)
		}
		if err := report.WriteJSON(discard{}, rep); err != nil {
			b.Fatal(err)
		}
	}
	b.Run("decode", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			decode(b)
		}
	})
	b.Run("lint", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			lint(b)
		}
	})
	b.Run("ratio", func(b *testing.B) {
		var inDecode, inLint, cpuDecode, cpuLint time.Duration
		for b.Loop() {
			start := time.Now()
			cpu0, haveCPU := processCPU()
			decode(b)
			mid := time.Now()
			cpu1, _ := processCPU()
			lint(b)
			cpu2, _ := processCPU()
			inDecode, inLint = inDecode+mid.Sub(start), inLint+time.Since(mid)
			if haveCPU {
				cpuDecode, cpuLint = cpuDecode+cpu1-cpu0, cpuLint+cpu2-cpu1
			}
		}
		reportRatio(b, inDecode, inLint)
		// CPU time, of all threads, holds on a busy machine where wall
		// time does not; the lint uses every core, the decode one.
		if cpuDecode > 0 {
			b.ReportMetric(cpuLint.Seconds()/cpuDecode.Seconds(), "lint-cpu/decode-cpu")
		}
	})
}

// reportRatio reports the time per decode and per lint of a benchmark
// that ran one of each per iteration, and their ratio.
func reportRatio(b *testing.B, decode, lint time.Duration) {
	n := float64(b.N)
	b.ReportMetric(decode.Seconds()*1e3/n, "decode-ms")
	b.ReportMetric(lint.Seconds()*1e3/n, "lint-ms")
	b.ReportMetric(lint.Seconds()/decode.Seconds(), "lint/decode")
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }
