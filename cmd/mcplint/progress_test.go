package main

import (
	"strings"
	"testing"

	"github.com/mcplint/mcplint/engine/mcptest"
)

// TestVerboseAndQuiet: on a stderr that is not a terminal (a CI log, a
// pipe) progress notes appear only with -v or --verbose; -q and --quiet
// are one flag; the two together are a usage error.
func TestVerboseAndQuiet(t *testing.T) {
	dir := t.TempDir()
	copyExecutable(t, mcptest.Server(t, "modern"), dir, "srv")
	writeFile(t, dir, "tools.json", emptyTools)
	writeFile(t, dir, "more.json", emptyTools)
	const started, done, clean = "mcplint: started ", "[3/3] ", "tools  static tools.json"
	for _, tc := range []struct {
		flags      []string
		notes      bool
		cleanShown bool
	}{
		{nil, false, true},
		{[]string{"-v"}, true, true},
		{[]string{"--verbose"}, true, true},
		{[]string{"-q"}, false, false},
		{[]string{"--quiet"}, false, false},
	} {
		args := append(append([]string{}, tc.flags...), "--probes", "none", "tools.json", "more.json", "./srv")
		stdout, stderr, code := runCLI(t, dir, args...)
		name := "mcplint " + strings.Join(args, " ")
		if code != exitOK {
			t.Errorf("%s: exit %d, want 0\n%s%s", name, code, stdout, stderr)
		}
		if got := strings.Contains(stderr, started) && strings.Contains(stderr, done); got != tc.notes {
			t.Errorf("%s: progress notes on stderr %v, want %v:\n%s", name, got, tc.notes, stderr)
		}
		if got := strings.Contains(stdout, clean); got != tc.cleanShown {
			t.Errorf("%s: clean target in the report %v, want %v:\n%s", name, got, tc.cleanShown, stdout)
		}
	}
	runGolden(t, []cliCase{
		{"quiet-and-verbose", map[string]string{"tools.json": emptyTools}, []string{"--quiet", "-v", "tools.json"}, nil},
	})
}

// TestVerboseReadProgress lints a client config of several servers with
// --verbose: a line says each server was read (or failed) as soon as it
// is, before the rules of any has run.
func TestVerboseReadProgress(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "mcp.json", `{"mcpServers":{"one":{"command":"false"},"two":{"command":"false"},"three":{"command":"false"}}}`)
	_, stderr, code := runCLI(t, dir, "--no-plugins", "--verbose", "mcp.json")
	for _, want := range []string{"[1/3 failed] ", "[3/3 failed] ", "] two\n"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr has no %q (exit %d):\n%s", want, code, stderr)
		}
	}
}
