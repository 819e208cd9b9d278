package engine

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/mcplint/mcplint/config"
	"github.com/mcplint/mcplint/engine/internal/target"
	"github.com/mcplint/mcplint/engine/runner"
	"github.com/mcplint/mcplint/plugins"
	"github.com/mcplint/mcplint/rules"
)

// BenchmarkPluginOverhead lints one small static file with the built-in
// rules alone and then with the example policy plugin as well, in one run,
// so the difference is what a plugin adds to a lint: starting the process,
// the handshake, Configure, Check and stopping it; and with the plugin's
// sha256 pinned, which adds hashing the binary once. Compare the ns/op.
func BenchmarkPluginOverhead(b *testing.B) {
	dir := b.TempDir()
	bin := filepath.Join(dir, plugins.BinaryPrefix+"policy")
	if out, err := exec.Command("go", "build", "-o", bin, "../plugins/examples/policy").CombinedOutput(); err != nil {
		b.Fatalf("building the example plugin: %v\n%s", err, out)
	}
	file := filepath.Join(dir, "tools.json")
	if err := os.WriteFile(file, []byte(`{"tools":[{"name":"get_user","description":"TODO: describe this tool properly","inputSchema":{"type":"object"}}]}`), 0o644); err != nil {
		b.Fatal(err)
	}
	sum, err := plugins.FileSHA256(bin)
	if err != nil {
		b.Fatal(err)
	}
	lint := func(b *testing.B, withPlugin bool, pin string) {
		ctx := context.Background()
		all := rules.All()
		var host *plugins.Host
		if withPlugin {
			var err error
			host, err = plugins.Start(ctx, []plugins.Spec{{Name: "policy", Path: bin, SHA256: pin, Settings: map[string]any{"prefix": "acme_"}}}, plugins.Options{})
			if err != nil {
				b.Fatal(err)
			}
			defer host.Close()
			all = append(all, host.Rules()...)
		}
		rep, err := configuredLint(ctx, Options{
			Targets: []target.Target{{Name: "t", Input: file, Kind: target.Static, Path: file}},
			Config:  config.Default(), Rules: all, Selection: runner.Selection{}, Plugins: host,
		})
		if err != nil {
			b.Fatal(err)
		}
		if withPlugin && len(rep.Targets[0].RuleErrors) > 0 {
			b.Fatalf("plugin failed: %v", rep.Targets[0].RuleErrors)
		}
	}
	b.Run("builtin", func(b *testing.B) {
		for b.Loop() {
			lint(b, false, "")
		}
	})
	b.Run("with-plugin", func(b *testing.B) {
		for b.Loop() {
			lint(b, true, "")
		}
	})
	b.Run("with-pinned-plugin", func(b *testing.B) {
		for b.Loop() {
			lint(b, true, sum)
		}
	})
}
