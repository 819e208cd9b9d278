package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGateSaysWhy checks that a failing exit names the gate that failed and
// the target, in the text report when it is on stdout and on stderr when
// another format is.
func TestGateSaysWhy(t *testing.T) {
	dir := t.TempDir()
	// One info (a one-word description) and nothing else.
	writeFile(t, dir, "malformed.json", "{\"tools\": [\n  {\"name\": \"a\",, }]}")
	writeFile(t, dir, "terse.json", `{"tools":[{"name":"get_weather","description":"Weather.","inputSchema":{"type":"object"},"annotations":{"readOnlyHint":true}}]}`)
	for _, tc := range []struct {
		args           []string
		code           int
		stdout, stderr string // each must contain it; "" for nothing to find
		notIn          string // in neither
	}{
		{args: []string{"--fail-on", "info", "terse.json"}, code: exitIssues,
			stdout: "fail: terse: 1 issue at or above --fail-on info\n"},
		{args: []string{"--fail-on", "warning", "terse.json"}, code: exitOK, notIn: "fail:"},
		{args: []string{"--min-grade", "A", "--fail-on", "never", "terse.json"}, code: exitOK, notIn: "fail:"},
		{args: []string{"-f", "json", "--fail-on", "info", "terse.json"}, code: exitIssues,
			stderr: "mcplint: fail: terse: 1 issue at or above --fail-on info\n"},
		{args: []string{"-f", "text=report.txt", "--fail-on", "info", "terse.json"}, code: exitIssues,
			stderr: "mcplint: fail: terse: 1 issue at or above --fail-on info\n"},
		{args: []string{"-q", "malformed.json"}, code: exitTarget,
			stdout: "fail: malformed: could not be linted\n"},
		{args: []string{"terse.json"}, code: exitOK, notIn: "fail:"},
	} {
		stdout, stderr, code := runCLI(t, dir, tc.args...)
		if code != tc.code || !strings.Contains(stdout, tc.stdout) || !strings.Contains(stderr, tc.stderr) ||
			(tc.notIn != "" && strings.Contains(stdout+stderr, tc.notIn)) {
			t.Errorf("mcplint %s: exit %d, want %d; stdout lacks %q or stderr %q, or has %q?\nstdout: %s\nstderr: %s",
				strings.Join(tc.args, " "), code, tc.code, tc.stdout, tc.stderr, tc.notIn, stdout, stderr)
		}
	}
}

// TestGateMinGrade checks the words of a grade below --min-grade.
func TestGateMinGrade(t *testing.T) {
	fixture, err := filepath.Abs("../../testdata/static/ci-defects.json")
	if err != nil {
		t.Fatal(err)
	}
	stdout, _, code := runCLI(t, t.TempDir(), "--fail-on", "never", "--min-grade", "A", fixture)
	if code != exitIssues || !strings.Contains(stdout, "fail: ci-defects: grade D is below --min-grade A\n") {
		t.Errorf("exit %d, want %d and the failed gate named:\n%s", code, exitIssues, stdout)
	}
}

// TestIncompleteGrade: a target on which a rule could not run grades
// "incomplete", in the text and the JSON report, and fails --min-grade
// whatever the minimum.
func TestIncompleteGrade(t *testing.T) {
	files := map[string]string{"tools.json": emptyTools, ".mcplint.toml": missingPlugin}
	runGolden(t, []cliCase{
		{"incomplete-grade", files, []string{"--min-grade", "F", "tools.json"}, nil},
		{"incomplete-grade-json", files, []string{"-f", "json", "--min-grade", "F", "tools.json"}, nil},
	})
}

// TestOutputWithFormatFiles: -o with -f FORMAT=FILE writes both when one
// format has no file of its own, and is a usage error (exit 2) when every
// format has one, since -o would then get nothing.
func TestOutputWithFormatFiles(t *testing.T) {
	files := map[string]string{"tools.json": emptyTools}
	runGolden(t, []cliCase{
		{"output-and-format-files", files, []string{"-f", "json=r.json", "-f", "sarif=r.sarif", "-o", "out.txt", "tools.json"}, nil},
	})
	dir := t.TempDir()
	writeFile(t, dir, "tools.json", emptyTools)
	if _, stderr, code := runCLI(t, dir, "-f", "json=r.json", "-f", "text", "-o", "out.txt", "tools.json"); code != exitOK {
		t.Fatalf("exit %d, want 0\n%s", code, stderr)
	}
	for name, want := range map[string]string{"r.json": `"version": 1`, "out.txt": "0 errors, 0 warnings, 0 infos in 1 target"} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || !strings.Contains(string(data), want) {
			t.Errorf("%s: %v, want it to hold %q:\n%s", name, err, want, data)
		}
	}
}
