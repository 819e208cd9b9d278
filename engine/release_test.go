package engine

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"weak"

	"github.com/mcplint/mcplint/config"
	"github.com/mcplint/mcplint/engine/internal/synth"
	"github.com/mcplint/mcplint/engine/internal/target"
	"github.com/mcplint/mcplint/engine/runner"
	"github.com/mcplint/mcplint/sdk"
)

// heldFile writes a tool list large enough that its Snapshot lets go of
// its bytes (static.DecodeFile) and returns it as a resolved target that
// holds them, and a test of whether they were collected.
func heldFile(t *testing.T) ([]target.Target, func() bool) {
	data := synth.ToolList(1000, 1)
	if len(data) < 1<<20 {
		t.Fatalf("the list is %d bytes, too small to be let go of", len(data))
	}
	file := filepath.Join(t.TempDir(), "tools.json")
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	held := weak.Make(&data[0])
	return []target.Target{{Name: "big", Input: file, Kind: target.Static, Path: file, Data: data}},
		func() bool { return held.Value() == nil }
}

// TestLintLetsGoOfTheFile checks that a large file's bytes, read when the
// target was resolved, are not live while the rules run, though the
// caller keeps its slice of the targets through the lint, as Run does.
func TestLintLetsGoOfTheFile(t *testing.T) {
	targets, collected := heldFile(t)
	var gone, loaded bool
	_, err := configuredLint(context.Background(), Options{
		Targets: targets, Config: config.Default(), Rules: []sdk.Rule{peersRule{}}, Selection: runner.Selection{},
		Load: Loader{}.Load,
		Loaded: func([]target.Target, []*sdk.Snapshot) {
			runtime.GC()
			runtime.GC()
			loaded, gone = true, collected()
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	if !loaded {
		t.Fatal("Loaded was not called")
	}
	if !gone {
		t.Error("the file's bytes were live when the rules started")
	}
	if targets[0].Data != nil {
		t.Error("the caller's target still holds the file's bytes")
	}
	runtime.KeepAlive(targets)
}
