package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/plugins"
)

// TestConfigVerifyAndLintAgree: `config verify` and a lint read a config
// through one check, so for the same file they print the same problems,
// all of them, and both exit 2.
func TestConfigVerifyAndLintAgree(t *testing.T) {
	for _, tc := range []struct{ name, config string }{
		{"string for an integer setting", "version = 1\n[rules.settings.description-too-short]\nmin-length = \"3\"\n"},
		{"structure and settings", "version = 1\n[output]\nfail-on = \"sometimes\"\n[rules.settings.tool-name-style]\nstyle = \"weird\"\n[rules.settings.description-too-short]\nmin-length = -1\n"},
		{"settings typo beside a bad severity", "version = 1\n[rules.severity]\ntool-name-style = \"loud\"\n[rules.settings.too-many-tools]\nmaxx = 3\n"},
		{"unclosed table header", "version = 1\n[rules\nenable = [\"tool-name-style\"]\n"},
		{"unknown rule and settings of an unknown rule", "version = 1\n[rules]\nenable = [\"descripton-missing\"]\n[rules.settings.no-such-rule]\nx = 1\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFile(t, dir, ".mcplint.toml", tc.config)
			writeFile(t, dir, "tools.json", emptyTools)
			_, verify, vcode := runCLI(t, dir, "config", "verify", "--no-plugins")
			_, lint, lcode := runCLI(t, dir, "tools.json")
			if vcode != exitUsage || lcode != exitUsage {
				t.Errorf("exit codes: config verify %d, lint %d; want %d for both", vcode, lcode, exitUsage)
			}
			if verify != lint {
				t.Errorf("config verify and lint disagree\n--- config verify\n%s--- lint\n%s", verify, lint)
			}
			if !strings.Contains(verify, "problem") {
				t.Errorf("no count of problems:\n%s", verify)
			}
		})
	}
}

// TestPluginSettingsWithoutConfigure: [plugin.settings] for a plugin whose
// RuleSet has no Configure would be ignored; config verify and the lint
// both refuse it, at the table.
func TestPluginSettingsWithoutConfigure(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a plugin")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "bin", plugins.BinaryPrefix+"nosettings")
	if out, err := exec.Command("go", "build", "-o", bin, "../../plugins/testdata/nosettings").CombinedOutput(); err != nil {
		t.Fatalf("building the plugin: %v\n%s", err, out)
	}
	writeFile(t, dir, ".mcplint.toml", "version = 1\n[[plugin]]\nname = \"nosettings\"\npath = \"bin/mcplint-plugin-nosettings\"\n[plugin.settings]\nprefix = \"acme_\"\n")
	writeFile(t, dir, "tools.json", emptyTools)
	const want = `.mcplint.toml:5:1: [plugin.settings] of plugin "nosettings": the plugin rejects it: plugin nosettings takes no settings`
	_, verify, vcode := runCLI(t, dir, "config", "verify")
	if vcode != exitUsage || !strings.Contains(verify, want) {
		t.Errorf("config verify: exit %d, stderr:\n%s\nwant exit %d and %q", vcode, verify, exitUsage, want)
	}
	stdout, _, lcode := runCLI(t, dir, "tools.json")
	if lcode == exitOK || !strings.Contains(stdout, want) {
		t.Errorf("lint: exit %d, stdout:\n%s\nwant a failure and %q", lcode, stdout, want)
	}
	// Without the table the plugin runs.
	writeFile(t, dir, ".mcplint.toml", "version = 1\n[[plugin]]\nname = \"nosettings\"\npath = \"bin/mcplint-plugin-nosettings\"\n")
	if _, stderr, code := runCLI(t, dir, "config", "verify"); code != exitOK {
		t.Errorf("config verify without settings: exit %d\n%s", code, stderr)
	}
}
