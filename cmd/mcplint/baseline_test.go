package main

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/engine/baseline"
	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/sdk"
)

// fakeLint stands in for the lint engine: it records the arguments it was
// given and returns canned targets.
func fakeLint(t *testing.T, targets []*result.Target, code int) *[]string {
	t.Helper()
	var got []string
	prev := lintForBaseline
	lintForBaseline = func(_ context.Context, _ *cli, args []string) ([]*result.Target, int) {
		got = args
		return targets, code
	}
	t.Cleanup(func() { lintForBaseline = prev })
	return &got
}

func TestBaselineCommand(t *testing.T) {
	dir := t.TempDir()
	targets := []*result.Target{{Name: "weather", Issues: []sdk.Issue{
		{Rule: "tool-name-style", Tool: "getWeather", Pointer: "/tools/0/name", Message: `tool name "getWeather" is camelCase`},
		{Rule: "description-too-short", Tool: "getWeather", Pointer: "/tools/0/description", Message: `description "Get." is 4 characters`},
	}}}
	args := fakeLint(t, targets, exitOK)
	stdout, stderr, code := runCLI(t, dir, "baseline", "--fail-on", "warning", "tools.json", "-o", "base.json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if want := []string{"--fail-on", "warning", "tools.json"}; !reflect.DeepEqual(*args, want) {
		t.Errorf("lint got %q, want %q: -o belongs to baseline", *args, want)
	}
	if want := "Recorded 2 issues of 1 server in base.json.\nLint against it with: mcplint --baseline base.json --fail-on warning tools.json\n"; stdout != want {
		t.Errorf("stdout %q, want %q", stdout, want)
	}
	b, err := baseline.Read(filepath.Join(dir, "base.json"))
	if err != nil || b.Len() != 2 {
		t.Fatalf("baseline: %+v, %v", b, err)
	}

	if _, _, code := runCLI(t, dir, "baseline", "tools.json"); code != exitOK {
		t.Fatalf("default file: exit %d", code)
	}
	if _, err := os.Stat(filepath.Join(dir, baseline.FileName)); err != nil {
		t.Errorf("default file not written: %v", err)
	}
}

func TestBaselineRefuses(t *testing.T) {
	dir := t.TempDir()
	msg := "server exited before answering initialize"
	fakeLint(t, []*result.Target{{Name: "ok"}, {Name: "broken", Error: &msg}}, exitOK)
	_, stderr, code := runCLI(t, dir, "baseline", "a.json", "b.json")
	if code != exitTarget || !strings.Contains(stderr, "broken could not be linted (server exited before answering initialize)") {
		t.Errorf("exit %d, %s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, baseline.FileName)); err == nil {
		t.Error("a baseline was written for a run that failed")
	}

	fakeLint(t, nil, exitUsage)
	if _, _, code := runCLI(t, dir, "baseline", "--bogus"); code != exitUsage {
		t.Errorf("the lint command's exit code was not passed on: %d", code)
	}
	if _, stderr, code := runCLI(t, dir, "baseline", "-o"); code != exitUsage || !strings.Contains(stderr, "-o needs a file name") {
		t.Errorf("-o without a file: exit %d, %s", code, stderr)
	}
	if stdout, _, code := runCLI(t, dir, "baseline", "--help"); code != exitOK || !strings.Contains(stdout, "mcplint --baseline .mcplint-baseline.json") {
		t.Errorf("--help: exit %d, %s", code, stdout)
	}
}

func TestBaselineArgs(t *testing.T) {
	for _, tc := range []struct {
		args []string
		out  string
		rest []string
	}{
		{[]string{"t.json"}, baseline.FileName, []string{"t.json"}},
		{[]string{"--output=x.json", "-f", "json", "t.json"}, "x.json", []string{"-f", "json", "t.json"}},
		{[]string{"-o", "x.json", "--", "node", "server.js", "-o", "y"}, "x.json", []string{"--", "node", "server.js", "-o", "y"}},
	} {
		out, rest, _, err := baselineArgs(tc.args)
		if err != nil || out != tc.out || !reflect.DeepEqual(rest, tc.rest) {
			t.Errorf("baselineArgs(%q) = %q, %q, %v; want %q, %q", tc.args, out, rest, err, tc.out, tc.rest)
		}
	}
}

// TestBaselineEndToEnd: a baseline of today's issues makes an unchanged
// server pass, keeps passing when the file is edited around the known
// issues, and fails on a new issue.
func TestBaselineEndToEnd(t *testing.T) {
	dir := t.TempDir()
	today := `{"tools": [
  {"name": "get_weather", "description": "Weather.",
   "inputSchema": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
   "annotations": {"readOnlyHint": true}}
]}`
	writeFile(t, dir, "tools.json", today)
	if _, stderr, code := runCLI(t, dir, "--fail-on", "info", "tools.json"); code != exitIssues {
		t.Fatalf("the fixture has no issues to record (exit %d): %s", code, stderr)
	}
	if stdout, stderr, code := runCLI(t, dir, "baseline", "tools.json"); code != exitOK {
		t.Fatalf("baseline: exit %d\n%s%s", code, stdout, stderr)
	}
	if stdout, _, code := runCLI(t, dir, "--baseline", baseline.FileName, "--fail-on", "info", "tools.json"); code != exitOK {
		t.Fatalf("unchanged server: exit %d\n%s", code, stdout)
	}
	edited := `{"tools": [

  {"name": "list_cities", "description": "Lists every city the weather service covers, with its country code.",
   "inputSchema": {"type": "object", "properties": {}},
   "annotations": {"readOnlyHint": true}},
  {"name": "get_weather", "description": "Weather.",
   "inputSchema": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
   "annotations": {"readOnlyHint": true}}
]}`
	writeFile(t, dir, "tools.json", edited)
	if stdout, _, code := runCLI(t, dir, "--baseline", baseline.FileName, "--fail-on", "info", "tools.json"); code != exitOK {
		t.Fatalf("known issues came back after an edit that moved them: exit %d\n%s", code, stdout)
	}
	writeFile(t, dir, "tools.json", strings.Replace(edited, `"Lists every city the weather service covers, with its country code."`, `"Cities."`, 1))
	stdout, _, code := runCLI(t, dir, "--baseline", baseline.FileName, "--fail-on", "info", "tools.json")
	if code != exitIssues || !strings.Contains(stdout, "list_cities") || strings.Contains(stdout, "get_weather\n") {
		t.Fatalf("a new issue: exit %d, want %d, and only list_cities reported\n%s", code, exitIssues, stdout)
	}
}
