package engine

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/mcplint/mcplint/config"
	"github.com/mcplint/mcplint/engine/internal/synth"
	"github.com/mcplint/mcplint/engine/report"
	"github.com/mcplint/mcplint/engine/runner"
	"github.com/mcplint/mcplint/engine/target"
	"github.com/mcplint/mcplint/rules"
)

// BenchmarkStatic lints a generated 10,000-tool file (about 19 MB) and, in
// the same run, only decodes it with encoding/json: the ratio of the two
// ns/op is the figure the README reports (target: lint ≤ 2× decode).
func BenchmarkStatic(b *testing.B) {
	data := synth.ToolList(10000, 1)
	file := filepath.Join(b.TempDir(), "big.json")
	if err := os.WriteFile(file, data, 0o644); err != nil {
		b.Fatal(err)
	}
	b.Run("decode", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			raw, err := os.ReadFile(file)
			if err != nil {
				b.Fatal(err)
			}
			var v any
			if err := json.Unmarshal(raw, &v); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("lint", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			rep, err := Lint(context.Background(), Options{
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
	})
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }
