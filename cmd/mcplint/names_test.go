package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/engine/mcptest"
)

func TestMain(m *testing.M) {
	code := mcptest.Main(m)
	for _, f := range afterTests {
		f()
	}
	os.Exit(code)
}

// afterTests run once every test of the package is done: they remove
// what tests built for all of them.
var afterTests []func()

// copyExecutable copies the fixture at src to dir/name, as a user who
// renames or moves a server would.
func copyExecutable(t *testing.T, src, dir, name string) string {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, data, 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

// reportNames lints args with -f json and returns each target's name and input.
func reportNames(t *testing.T, dir string, args ...string) (names, inputs []string, raw string) {
	t.Helper()
	out, stderr, code := runCLI(t, dir, append([]string{"-f", "json", "--fail-on", "never"}, args...)...)
	var rep struct {
		Targets []struct{ Name, Input string }
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("mcplint %s: exit %d, %v\n%s%s", strings.Join(args, " "), code, err, out, stderr)
	}
	for _, tg := range rep.Targets {
		names = append(names, tg.Name)
		inputs = append(inputs, tg.Input)
	}
	return names, inputs, out + stderr
}

// TestStableNames: however a server is started (a path, -- COMMAND, a
// renamed copy called "server", behind env), it is named by its
// serverInfo.name, and a client config's key wins over that.
func TestStableNames(t *testing.T) {
	fixture := mcptest.Server(t, "modern")
	dir := t.TempDir()
	copyExecutable(t, fixture, dir, "x/server")
	copyExecutable(t, fixture, dir, "badsrv")
	writeFile(t, dir, "mcp.json", `{"mcpServers": {"notes": {"command": "./badsrv"}}}`)
	for _, args := range [][]string{
		{"x/server"},
		{"badsrv"},
		{"--", "./badsrv"},
		{"--", fixture},
		{"--", "env", "SLACK_BOT_TOKEN=xoxb-not-a-real-token", "./x/server"},
	} {
		names, _, _ := reportNames(t, dir, args...)
		if !slices.Equal(names, []string{"modern-fixture"}) {
			t.Errorf("mcplint %s: named %q, want the serverInfo.name \"modern-fixture\"", strings.Join(args, " "), names)
		}
	}
	if names, _, _ := reportNames(t, dir, "mcp.json"); !slices.Equal(names, []string{"notes"}) {
		t.Errorf("client config: named %q, want its key \"notes\"", names)
	}
}

// TestEnvAssignmentsHidden: `env TOKEN=… server` neither puts the token in
// the report's input or messages nor names the target "env", also when
// the server fails before it could give its own name.
func TestEnvAssignmentsHidden(t *testing.T) {
	const token = "xoxb-not-a-real-token"
	dir := t.TempDir()
	copyExecutable(t, mcptest.Server(t, "modern"), dir, "slack")
	names, inputs, raw := reportNames(t, dir, "--", "env", "SLACK_BOT_TOKEN="+token, "./slack")
	if strings.Contains(raw, token) {
		t.Errorf("the report shows the token:\n%s", raw)
	}
	if !slices.Equal(inputs, []string{"env SLACK_BOT_TOKEN=*** ./slack"}) || !slices.Equal(names, []string{"modern-fixture"}) {
		t.Errorf("names %q, inputs %q", names, inputs)
	}

	writeFile(t, dir, "dies", "#!/bin/sh\necho \"no config\" >&2\nexit 4\n")
	if err := os.Chmod(filepath.Join(dir, "dies"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, format := range []string{"json", "text"} {
		out, stderr, code := runCLI(t, dir, "-f", format, "--", "env", "SLACK_BOT_TOKEN="+token, "./dies")
		if code != exitTarget || strings.Contains(out+stderr, token) {
			t.Errorf("-f %s: exit %d (want 3), token shown?\n%s%s", format, code, out, stderr)
		}
		if format == "text" && !strings.HasPrefix(out, "dies  live env SLACK_BOT_TOKEN=*** ./dies\n") {
			t.Errorf("-f text: want the target named dies, its input without the token:\n%s", out)
		}
	}
}
