package main

import (
	"encoding/json"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/plugins"
)

// TestPluginThroughLint builds the example policy plugin, names it in a
// .mcplint.toml with settings, and lints: its issues must show in the text,
// JSON and SARIF reports like built-in ones, re-severitied and suppressed by
// the same config.
func TestPluginThroughLint(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the example plugin")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "bin", plugins.BinaryPrefix+"policy")
	if out, err := exec.Command("go", "build", "-o", bin, "../../plugins/examples/policy").CombinedOutput(); err != nil {
		t.Fatalf("building the example plugin: %v\n%s", err, out)
	}
	sum, err := plugins.FileSHA256(bin)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, dir, "tools.json", `{"tools": [
  {"name": "get_user", "description": "TODO: describe how this returns a user profile.", "inputSchema": {"type": "object"}, "annotations": {"readOnlyHint": true}},
  {"name": "acme_list", "description": "Lists the team's projects, newest first.", "inputSchema": {"type": "object"}, "annotations": {"readOnlyHint": true}}
]}`)
	writeFile(t, dir, ".mcplint.toml", `version = 1

[rules.severity]
"policy/banned-phrases" = "error"

[[ignore]]
rule = "policy/tool-prefix"
tool = "acme_*"
reason = "never matches: acme_ tools already have the prefix"

[[plugin]]
name = "policy"
path = "bin/mcplint-plugin-policy"
sha256 = "`+sum+`"
[plugin.settings]
prefix = "acme_"
banned-phrases = ["TODO"]
`)
	out, stderr, code := runCLI(t, dir, "--only", "policy,unused-suppression", "tools.json")
	if code != exitIssues {
		t.Fatalf("exit %d, want 1\n%s%s", code, out, stderr)
	}
	for _, want := range []string{
		`error   policy/banned-phrases  tools.json:2:39`,
		`description contains the banned phrase "TODO"`,
		`error   policy/tool-prefix  tools.json:2:12`,
		`tool name "get_user" does not start with "acme_"`,
		`unused-suppression`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("text report lacks %q:\n%s", want, out)
		}
	}

	out, _, _ = runCLI(t, dir, "--only", "policy", "-f", "json", "tools.json")
	var rep struct {
		Targets []struct {
			Issues []struct{ Rule, Severity string }
		}
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	var rules []string
	for _, is := range rep.Targets[0].Issues {
		rules = append(rules, is.Rule+":"+is.Severity)
	}
	if got := strings.Join(rules, " "); !strings.Contains(got, "policy/banned-phrases:error") || !strings.Contains(got, "policy/tool-prefix:error") {
		t.Errorf("JSON issues: %s", got)
	}

	out, _, _ = runCLI(t, dir, "--only", "policy", "-f", "sarif", "tools.json")
	if !strings.Contains(out, `"ruleId": "policy/tool-prefix"`) || !strings.Contains(out, `"id": "policy/banned-phrases"`) {
		t.Errorf("SARIF lacks the plugin's rules and results:\n%.2000s", out)
	}
}

// TestPluginPinMismatch: a binary that differs from its pin is refused with
// what was expected and found, and the run exits 3.
func TestPluginPinMismatch(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the example plugin")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, plugins.BinaryPrefix+"policy")
	if out, err := exec.Command("go", "build", "-o", bin, "../../plugins/examples/policy").CombinedOutput(); err != nil {
		t.Fatalf("building the example plugin: %v\n%s", err, out)
	}
	writeFile(t, dir, "tools.json", `{"tools": []}`)
	writeFile(t, dir, ".mcplint.toml", "version = 1\n[[plugin]]\nname = \"policy\"\npath = \""+plugins.BinaryPrefix+"policy\"\nsha256 = \""+strings.Repeat("0", 64)+"\"\n")
	out, stderr, code := runCLI(t, dir, "tools.json")
	if code != exitTarget || !strings.Contains(out+stderr, "but the config pins "+strings.Repeat("0", 64)) {
		t.Fatalf("exit %d:\n%s%s", code, out, stderr)
	}
}

// TestPluginRulesListedAndExplained: plugin rules appear in 'mcplint rules'
// and 'mcplint explain' like built-in ones.
func TestPluginRulesListedAndExplained(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the example plugin")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, ".mcplint", "plugins", plugins.BinaryPrefix+"policy")
	if out, err := exec.Command("go", "build", "-o", bin, "../../plugins/examples/policy").CombinedOutput(); err != nil {
		t.Fatalf("building the example plugin: %v\n%s", err, out)
	}
	out, stderr, code := runCLI(t, dir, "rules")
	if code != exitOK || !strings.Contains(out, "policy/tool-prefix") || !strings.Contains(out, "policy/banned-phrases") {
		t.Fatalf("rules: exit %d\n%s%s", code, out, stderr)
	}
	out, stderr, code = runCLI(t, dir, "explain", "policy/tool-prefix")
	if code != exitOK || !strings.Contains(out, "## policy/tool-prefix") || !strings.Contains(out, "**Good**") {
		t.Fatalf("explain: exit %d\n%s%s", code, out, stderr)
	}
}
