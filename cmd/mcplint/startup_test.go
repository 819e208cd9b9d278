package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/engine/mcptest"
)

// slowServer is the argv of a fixture server that writes nothing for
// delay, then serves the legacy era.
func slowServer(t *testing.T, delay string) []string {
	return []string{"env", "SLOWSTART_DELAY=" + delay, "SLOWSTART_ERA=legacy", mcptest.Server(t, "slowstart")}
}

// TestSlowStartWithinAllowance: a server silent for longer than --timeout
// but within its start-up allowance ([server] startup-timeout) is linted,
// and its start is no request-timeout; the probes' own processes, as slow
// to start, get the allowance too.
func TestSlowStartWithinAllowance(t *testing.T) {
	dir := t.TempDir()
	argv := slowServer(t, "800ms")
	writeFile(t, dir, ".mcplint.toml", "version = 1\n[server]\ncommand = [\""+strings.Join(argv, `", "`)+"\"]\ntimeout = \"300ms\"\nstartup-timeout = \"20s\"\n")
	out, stderr, code := runCLI(t, dir, "--no-plugins", "--probes", "all")
	if code == exitTarget || code == exitUsage || !strings.Contains(out, "slowstart-legacy") {
		t.Fatalf("exit %d: want the server linted:\n%s%s", code, out, stderr)
	}
	for _, bad := range []string{"request-timeout", "inconclusive", "could not lint"} {
		if strings.Contains(out, bad) {
			t.Errorf("the report says %q of a server that only started slowly:\n%s", bad, out)
		}
	}
}

// TestSlowStartBeyondAllowance: a server still silent when its start-up
// allowance runs out fails the target (exit 3) with a hint that names the
// allowance and how to raise it, and is judged for nothing, not even for
// the answers it writes as it is being stopped.
func TestSlowStartBeyondAllowance(t *testing.T) {
	args := append([]string{"--no-plugins", "--timeout", "200ms", "--startup-timeout", "300ms", "--"}, slowServer(t, "1s")...)
	out, stderr, code := runCLI(t, t.TempDir(), args...)
	if code != exitTarget {
		t.Fatalf("exit %d, want %d:\n%s%s", code, exitTarget, out, stderr)
	}
	for _, want := range []string{"the server wrote nothing within the start-up allowance of 300ms (--startup-timeout)", `--startup-timeout 3m or startup-timeout = "3m" in [server]`, "0 errors, 0 warnings, 0 infos"} {
		if !strings.Contains(out, want) {
			t.Errorf("the report lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "request-timeout") || strings.Contains(out, "raise it, e.g. --timeout") {
		t.Errorf("a server that never started is judged, or told to raise --timeout:\n%s", out)
	}
}

// TestLauncherStartupHint: a command through a package launcher that does
// not start in time is told the first run may be downloading the package.
func TestLauncherStartupHint(t *testing.T) {
	dir := t.TempDir()
	npx := writeFile(t, dir, "npx", "#!/bin/sh\nexec sleep 30\n")
	if err := os.Chmod(npx, 0o755); err != nil {
		t.Fatal(err)
	}
	out, stderr, code := runCLI(t, dir, "--no-plugins", "--timeout", "200ms", "--startup-timeout", "300ms", "--probes", "none", "--", filepath.Join(dir, "npx"), "-y", "@example/server")
	if code != exitTarget || !strings.Contains(out, "npx may still have been downloading the package, as on a first run") {
		t.Errorf("exit %d (want 3); want the hint to name npx's download:\n%s%s", code, out, stderr)
	}
}

// TestHelpListsStartupTimeout: --help documents the start-up allowance.
func TestHelpListsStartupTimeout(t *testing.T) {
	out, _, _ := runCLI(t, t.TempDir(), "--help")
	i := strings.Index(out, "--startup-timeout DURATION")
	if i < 0 {
		t.Fatalf("--help lacks --startup-timeout DURATION:\n%s", out)
	}
	if line, _, _ := strings.Cut(out[i:], "\n"); !strings.Contains(line, "never less than --timeout") || !strings.Contains(line, "npx") {
		t.Errorf("--help line of --startup-timeout: %s", line)
	}
}
