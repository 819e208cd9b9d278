package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestPluginInitBuildsAndLints: the module plugin init writes builds, its
// rule's test passes, and the plugin, named in a config, reports on a
// lint beside the built-in rules.
func TestPluginInitBuildsAndLints(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a separate module")
	}
	repo, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	_, stderr, code := runCLI(t, dir, "plugin", "init", "--sdk", repo, "acme")
	if code != exitOK || !strings.Contains(stderr, "wrote the plugin acme in mcplint-plugin-acme") {
		t.Fatalf("plugin init: exit %d\n%s", code, stderr)
	}
	mod := filepath.Join(dir, "mcplint-plugin-acme")
	for _, args := range [][]string{{"mod", "tidy"}, {"test", "./..."}, {"build", "-o", "mcplint-plugin-acme", "."}} {
		cmd := exec.Command("go", args...)
		cmd.Dir = mod
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	writeFile(t, dir, ".mcplint.toml", "version = 1\n[[plugin]]\nname = \"acme\"\npath = \"mcplint-plugin-acme/mcplint-plugin-acme\"\n")
	writeFile(t, dir, "tools.json", `{"tools": [{"name": "search", "description": "TODO: describe the search", "inputSchema": {"type": "object"}}]}`)
	out, stderr, code := runCLI(t, dir, "-f", "compact", "--fail-on", "warning", "tools.json")
	if code != exitIssues || !strings.Contains(out, `tools.json:1:46: warning acme/no-todo: tool "search" has a description that says TODO`) {
		t.Errorf("lint with the plugin: exit %d\n%s%s", code, out, stderr)
	}
}

// TestPluginInitRefuses: a bad name, a folder already there or an --sdk
// that is not mcplint is a usage error that writes nothing.
func TestPluginInitRefuses(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "mcplint-plugin-taken"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"plugin", "init", "Acme!"}, `"Acme!" is not a plugin name`},
		{[]string{"plugin", "init"}, "plugin init needs one NAME"},
		{[]string{"plugin"}, "plugin needs a subcommand"},
		{[]string{"plugin", "init", "taken"}, "mcplint-plugin-taken already exists"},
		{[]string{"plugin", "init", "--sdk", dir, "x"}, "is not a clone of mcplint"},
	} {
		_, stderr, code := runCLI(t, dir, tc.args...)
		if code != exitUsage || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d, want %d with %q\n%s", tc.args, code, exitUsage, tc.want, stderr)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "mcplint-plugin-x")); err == nil {
		t.Error("a refused plugin init wrote its folder")
	}
}
