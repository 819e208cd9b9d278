package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// runCLI runs mcplint in-process in dir and returns what it printed.
func runCLI(t *testing.T, dir string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	c := &cli{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, Dir: dir, Getenv: func(string) string { return "" }}
	code = run(context.Background(), c, args)
	return out.String(), errb.String(), code
}

// buildInto compiles pkg (relative to this folder) into dir as name.
func buildInto(t *testing.T, dir, name, pkg string) string {
	t.Helper()
	bin := filepath.Join(dir, name)
	if out, err := exec.Command("go", "build", "-o", bin, pkg).CombinedOutput(); err != nil {
		t.Fatalf("building %s: %v\n%s", pkg, err, out)
	}
	return bin
}

func writeFile(t *testing.T, dir, name, content string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestExitCodes(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "clean.json", `{"tools":[{"name":"get_weather","description":"Returns the current weather for a city, in metric units.","inputSchema":{"type":"object","properties":{"city":{"type":"string","description":"City name"}},"required":["city"]},"annotations":{"readOnlyHint":true,"destructiveHint":false}}]}`)
	writeFile(t, dir, "malformed.json", "{\"tools\": [\n  {\"name\": \"a\",, }]}")
	for _, tc := range []struct {
		args []string
		code int
		in   string // expected in stdout+stderr
	}{
		{[]string{"clean.json"}, exitOK, "grade A"},
		{[]string{"malformed.json"}, exitTarget, "malformed.json"},
		{[]string{"missing.json"}, exitTarget, "missing.json"},
		{[]string{"--bogus", "clean.json"}, exitUsage, "flag provided but not defined: --bogus"},
		{[]string{"--fail-on", "sometimes", "clean.json"}, exitUsage, "want one of info, warning, error, never"},
		{[]string{"--enable", "no-such-rule", "clean.json"}, exitUsage, "no rule or category"},
		{[]string{"--help"}, exitOK, "Exit codes:"},
		{[]string{"version"}, exitOK, "mcplint "},
		{[]string{"explain"}, exitUsage, "explain takes one rule name"},
		{[]string{"explain", "no-such-rule"}, exitUsage, `no rule named "no-such-rule"`},
	} {
		stdout, stderr, code := runCLI(t, dir, tc.args...)
		if code != tc.code || !strings.Contains(stdout+stderr, tc.in) {
			t.Errorf("mcplint %s: exit %d, want %d; output lacks %q?\nstdout: %s\nstderr: %s",
				strings.Join(tc.args, " "), code, tc.code, tc.in, stdout, stderr)
		}
	}
}

func TestFlagsAfterTargets(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "t.json", `{"tools":[]}`)
	stdout, stderr, code := runCLI(t, dir, "t.json", "-f", "json")
	if code != exitOK || !strings.HasPrefix(stdout, "{") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}

func TestOutputFile(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "t.json", `{"tools":[]}`)
	stdout, _, code := runCLI(t, dir, "-f", "json", "-o", "out.json", "t.json")
	if code != exitOK || stdout != "" {
		t.Fatalf("exit %d, stdout %q: the report belongs in the file", code, stdout)
	}
	data, err := os.ReadFile(filepath.Join(dir, "out.json"))
	if err != nil || !bytes.Contains(data, []byte(`"version": 1`)) {
		t.Fatalf("out.json: %v %s", err, data)
	}
}

// TestFlagTypoSuggests: a mistyped flag is a usage error that names the
// flag meant, for the lint command and for every subcommand that has
// flags, whichever way it parses them.
func TestFlagTypoSuggests(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--formt", "json", "t.json"}, "flag provided but not defined: --formt (did you mean --format?)"},
		{[]string{"t.json", "--no-plugin"}, "flag provided but not defined: --no-plugin (did you mean --no-plugins?)"},
		{[]string{"--fail", "error", "t.json"}, "flag provided but not defined: --fail (did you mean --fail-on?)"},
		{[]string{"-Q", "t.json"}, "flag provided but not defined: -Q (did you mean -q?)"},
		{[]string{"baseline", "--fial-on", "warning", "t.json"}, "flag provided but not defined: --fial-on (did you mean --fail-on?)"},
		{[]string{"rules", "--jsn"}, "rules: flag provided but not defined: --jsn (did you mean --json?)"},
		{[]string{"config", "verify", "--no-plugin"}, "config verify: flag provided but not defined: --no-plugin (did you mean --no-plugins?)"},
		{[]string{"record", "--grac", "1s", "-o", "x.jsonl", "--", "./server"}, "record: flag provided but not defined: --grac (did you mean --grace?)"},
		{[]string{"dump", "--outptu", "x.json", "t.json"}, "dump: flag provided but not defined: --outptu (did you mean --output?)"},
		{[]string{"lock", "--servr", "x", "t.json"}, "lock: flag provided but not defined: --servr (did you mean --server?)"},
		{[]string{"init", "--forc"}, "init: flag provided but not defined: --forc (did you mean --force?)"},
		{[]string{"--zzz", "t.json"}, "flag provided but not defined: --zzz\n"},
	} {
		_, stderr, code := runCLI(t, t.TempDir(), tc.args...)
		if code != exitUsage || !strings.Contains(stderr, tc.want) {
			t.Errorf("mcplint %s: exit %d (want 2), stderr lacks %q:\n%s", strings.Join(tc.args, " "), code, tc.want, stderr)
		}
	}
}
