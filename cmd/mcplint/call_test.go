package main

import (
	"encoding/json"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// buildServer builds the fixture server testdata/servers/NAME into dir.
func buildServer(name string) func(t *testing.T, dir string) {
	return func(t *testing.T, dir string) {
		t.Helper()
		if testing.Short() {
			t.Skip("builds a server")
		}
		if out, err := exec.Command("go", "build", "-o", filepath.Join(dir, name), "../../testdata/servers/"+name).CombinedOutput(); err != nil {
			t.Fatalf("building %s: %v\n%s", name, err, out)
		}
	}
}

// TestAskCommands: call, read-resource and get-prompt print the server's
// answer, then the lint of the session; -e reaches the server; a name the
// server does not have is a usage error that names the nearest one; bad
// arguments are usage errors before any server starts.
func TestAskCommands(t *testing.T) {
	nb := buildServer("notebook")
	runGolden(t, []cliCase{
		{"call", nil, []string{"call", "add_note", "--arg", "title=Groceries", "--arg", "stars=4", "-e", "NOTEBOOK_OWNER=ada", "-f", "compact", "--", "./notebook"}, nb},
		{"call-args-json", nil, []string{"call", "add_note", "--args", `{"title": "Rent", "stars": 1}`, "--arg", "stars=5", "-f", "compact", "--", "./notebook"}, nb},
		{"call-string-that-looks-like-json", nil, []string{"call", "add_note", "--arg", `title="42"`, "-f", "compact", "--", "./notebook"}, nb},
		{"call-tool-error", nil, []string{"call", "add_note", "--arg", "title=", "-f", "compact", "--", "./notebook"}, nb},
		{"call-unknown-tool", nil, []string{"call", "add_nots", "--arg", "title=x", "--", "./notebook"}, nb},
		{"read-resource", nil, []string{"read-resource", "notes://readme", "-e", "NOTEBOOK_OWNER=ada", "-f", "compact", "--", "./notebook"}, nb},
		{"get-prompt", nil, []string{"get-prompt", "review", "--arg", "topic=gardening", "-f", "compact", "--", "./notebook"}, nb},
		{"get-prompt-unknown", nil, []string{"get-prompt", "revew", "--", "./notebook"}, nb},
		{"get-prompt-error", nil, []string{"get-prompt", "review", "-f", "compact", "--", "./notebook"}, nb},
		{"call-no-tool", nil, []string{"call", "--", "./notebook"}, nil},
		{"call-args-not-object", nil, []string{"call", "add_note", "--args", "[1]", "--", "./notebook"}, nil},
		{"call-arg-not-pair", nil, []string{"call", "add_note", "--arg", "title", "--", "./notebook"}, nil},
		{"call-with-exercise", nil, []string{"call", "add_note", "--exercise", "--", "./notebook"}, nil},
		{"call-static-file", map[string]string{"tools.json": emptyTools}, []string{"call", "add_note", "tools.json"}, nil},
		{"env-not-pair", map[string]string{"tools.json": emptyTools}, []string{"-e", "TOKEN", "tools.json"}, nil},
	})
}

// TestEnvFlagReachesTheServer: -e sets the server's environment on a
// plain lint (envfail lists only the tools ENVFAIL_ONLY names), over the
// config's env, and a value never appears in a report.
func TestEnvFlagReachesTheServer(t *testing.T) {
	dir := t.TempDir()
	buildServer("envfail")(t, dir)
	buildServer("notebook")(t, dir)
	writeFile(t, dir, ".mcplint.toml", "version = 1\n[server]\ncommand = [\"./envfail\"]\nenv = {ENVFAIL_ONLY = \"get_status,read_log\"}\n")
	count := func(args ...string) int {
		t.Helper()
		stdout, stderr, code := runCLI(t, dir, append([]string{"-f", "json"}, args...)...)
		if code != exitOK && code != exitIssues {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		var rep struct {
			Targets []struct{ Counts struct{ Tools int } }
		}
		if err := json.Unmarshal([]byte(stdout), &rep); err != nil || len(rep.Targets) != 1 {
			t.Fatalf("%v: %s", err, stdout)
		}
		return rep.Targets[0].Counts.Tools
	}
	if n := count(); n != 2 {
		t.Errorf("the config's env: %d tools, want 2", n)
	}
	if n := count("-e", "ENVFAIL_ONLY=get_status"); n != 1 {
		t.Errorf("-e over the config's env: %d tools, want 1", n)
	}
	const secret = "tok-9f8e7d6c5b4a39281706"
	stdout, stderr, _ := runCLI(t, dir, "call", "add_note", "--arg", "title=x", "-e", "NOTEBOOK_OWNER="+secret, "-f", "text", "--format", "json=r.json", "--", "./notebook")
	if strings.Contains(stdout+stderr, secret) {
		t.Errorf("the -e value is in the output:\n%s%s", stdout, stderr)
	}
	if !strings.Contains(stdout, "notebook of [redacted") {
		t.Errorf("the answer does not show the value redacted:\n%s", stdout)
	}
}
