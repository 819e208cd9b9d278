package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/mcplint/mcplint/plugins"
)

// BenchmarkPinnedPluginProcess runs whole mcplint processes on a one-tool
// file: with no plugin, with the example policy plugin, and with that
// plugin's sha256 pinned, in one run, so that the differences are what a
// plugin and its pin add to a lint as a user sees it. Compare the ns/op.
func BenchmarkPinnedPluginProcess(b *testing.B) {
	bin := b.TempDir()
	mcplint := filepath.Join(bin, "mcplint")
	plugin := filepath.Join(bin, plugins.BinaryPrefix+"policy")
	for out, pkg := range map[string]string{mcplint: ".", plugin: "../../plugins/examples/policy"} {
		if msg, err := exec.Command("go", "build", "-o", out, pkg).CombinedOutput(); err != nil {
			b.Fatalf("building %s: %v\n%s", pkg, err, msg)
		}
	}
	sum, err := plugins.FileSHA256(plugin)
	if err != nil {
		b.Fatal(err)
	}
	const tools = `{"tools":[{"name":"get_user","description":"TODO: describe this tool properly","inputSchema":{"type":"object"}}]}`
	for _, tc := range []struct{ name, config string }{
		{"no-plugin", "version = 1\n"},
		{"plugin", "version = 1\n[[plugin]]\nname = \"policy\"\npath = \"" + plugin + "\"\n"},
		{"pinned-plugin", "version = 1\n[[plugin]]\nname = \"policy\"\npath = \"" + plugin + "\"\nsha256 = \"" + sum + "\"\n"},
	} {
		dir := b.TempDir()
		if err := writeBenchFile(dir, "tools.json", tools); err != nil {
			b.Fatal(err)
		}
		if err := writeBenchFile(dir, ".mcplint.toml", tc.config); err != nil {
			b.Fatal(err)
		}
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				cmd := exec.Command(mcplint, "tools.json")
				cmd.Dir = dir
				// Exit 0 or 1 (issues found) are lints; anything else is not.
				if err := cmd.Run(); err != nil && cmd.ProcessState.ExitCode() != 1 {
					b.Fatal(err)
				}
			}
		})
	}
}

func writeBenchFile(dir, name, content string) error {
	return os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644)
}
