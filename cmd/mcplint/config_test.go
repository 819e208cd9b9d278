package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/config"
	"github.com/mcplint/mcplint/rules"
)

// runWithEnv runs mcplint in-process in dir with the given environment.
func runWithEnv(t *testing.T, dir string, env map[string]string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	c := &cli{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, Dir: dir, Getenv: func(k string) string { return env[k] }}
	code = run(context.Background(), c, args)
	return out.String(), errb.String(), code
}

func TestConfigVerify(t *testing.T) {
	root := t.TempDir()
	sub := filepath.Join(root, "server", "src")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, root, ".mcplint.toml", "version = 1\n[rules]\ndisable = [\"too-many-tools\"]\n")
	writeFile(t, root, "typo.toml", "version = 1\n\n[rules]\ndisable = [\"too-many-tool\"]\n\n[rules.settings.tool-name-style]\nstlye = \"snake_case\"\n")
	writeFile(t, root, "settings.toml", "version = 1\n[rules.settings.too-many-tools]\nmax = \"thirty\"\n")
	writeFile(t, root, "old.toml", "version = 1\n[server]\ntarget = \"tools.json\"\nmax_file_size = \"1MiB\"\n")
	writeFile(t, root, "kebab.toml", "version = 1\n[server]\ntarget = \"tools.json\"\nmax-file-size = \"1MiB\"\n")
	home := t.TempDir()
	for _, tc := range []struct {
		name   string
		dir    string
		env    map[string]string
		args   []string
		code   int
		stdout string
		stderr string
	}{
		{"nearest file from a subfolder", sub, nil, nil, exitOK, "OK: " + filepath.Join(root, ".mcplint.toml") + "\n", ""},
		{"the file in the folder", root, nil, nil, exitOK, "OK: .mcplint.toml\n", ""},
		{"--config", root, nil, []string{"--config", "typo.toml"}, exitUsage, "",
			`typo.toml:4:12: unknown rule or category "too-many-tool" in rules.disable (did you mean "too-many-tools"?)`},
		{"MCPLINT_CONFIG beats the nearest file", root, map[string]string{"MCPLINT_CONFIG": "typo.toml"}, nil, exitUsage, "",
			`typo.toml:4:12: unknown rule or category "too-many-tool"`},
		{"--config beats MCPLINT_CONFIG", root, map[string]string{"MCPLINT_CONFIG": "typo.toml"}, []string{"-c", ".mcplint.toml"}, exitOK, "OK: .mcplint.toml\n", ""},
		{"settings are checked after names", root, nil, []string{"-c", "settings.toml"}, exitUsage, "",
			`settings.toml:3:1: rules.settings.too-many-tools.max must be an integer, not the string "thirty"`},
		{"a missing file", root, nil, []string{"-c", "nope.toml"}, exitUsage, "", "config file named by --config cannot be read"},
		{"the old spelling of max-file-size works, with a warning", root, nil, []string{"-c", "old.toml"}, exitOK, "OK: old.toml\n",
			"mcplint: warning: old.toml:4:1: server.max_file_size is the old spelling of server.max-file-size"},
		{"max-file-size", root, nil, []string{"-c", "kebab.toml"}, exitOK, "OK: kebab.toml\n", ""},
		{"nothing to verify", home, nil, nil, exitUsage, "", "nothing to verify (mcplint init writes one)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := map[string]string{"HOME": home}
			for k, v := range tc.env {
				env[k] = v
			}
			if tc.dir == home {
				if p, _ := config.Find(home); p != "" {
					t.Skipf("a %s above the temporary folder is in the way: %s", config.FileName, p)
				}
			}
			stdout, stderr, code := runWithEnv(t, tc.dir, env, append([]string{"config", "verify"}, tc.args...)...)
			if code != tc.code || stdout != tc.stdout || !strings.Contains(stderr, tc.stderr) {
				t.Errorf("exit %d, want %d\nstdout: %q want %q\nstderr: %q want it to contain %q", code, tc.code, stdout, tc.stdout, stderr, tc.stderr)
			}
		})
	}
	t.Run("paths as the user wrote them", func(t *testing.T) {
		_, stderr, _ := runWithEnv(t, root, map[string]string{"HOME": home}, "config", "verify", "-c", "typo.toml")
		if strings.Contains(stderr, root) {
			t.Errorf("errors name the absolute path, not the one the user wrote: %s", stderr)
		}
	})
}

func TestConfigSubcommands(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		code int
		in   string
	}{
		{[]string{"config"}, exitUsage, "config needs a subcommand"},
		{[]string{"config", "lint"}, exitUsage, `unknown config subcommand "lint"`},
		{[]string{"config", "--help"}, exitOK, "mcplint config verify"},
		{[]string{"config", "verify", "extra"}, exitUsage, "takes no arguments"},
		{[]string{"config", "schema", "extra"}, exitUsage, "takes no arguments"},
	} {
		stdout, stderr, code := runCLI(t, dir, tc.args...)
		if code != tc.code || !strings.Contains(stdout+stderr, tc.in) {
			t.Errorf("mcplint %s: exit %d, want %d; output lacks %q:\n%s%s", strings.Join(tc.args, " "), code, tc.code, tc.in, stdout, stderr)
		}
	}
}

// TestSchemaFileIsCurrent: the schema editors use is the one the rules
// describe. After adding or changing a rule or its settings, regenerate it:
// MCPLINT_UPDATE_GOLDEN=1 go test ./cmd/mcplint -run SchemaFile
func TestSchemaFileIsCurrent(t *testing.T) {
	stdout, stderr, code := runCLI(t, t.TempDir(), "config", "schema")
	if code != exitOK {
		t.Fatalf("config schema: exit %d: %s", code, stderr)
	}
	path := filepath.Join("..", "..", "docs", "schema", "mcplint-config.schema.json")
	if os.Getenv("MCPLINT_UPDATE_GOLDEN") != "" {
		if err := os.WriteFile(path, []byte(stdout), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if stdout != string(want) {
		t.Errorf("docs/schema/mcplint-config.schema.json is out of date: regenerate it with mcplint config schema > docs/schema/mcplint-config.schema.json (or MCPLINT_UPDATE_GOLDEN=1 go test ./cmd/mcplint -run SchemaFile)")
	}
	for _, r := range rules.All() {
		if !strings.Contains(stdout, `"`+r.Meta().Name+`"`) {
			t.Errorf("the schema does not offer rule %s", r.Meta().Name)
		}
	}
}

func TestInit(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "go.mod", "module example.com/weather\n")
	stdout, stderr, code := runCLI(t, dir, "init")
	if code != exitOK || !strings.Contains(stdout, "Wrote .mcplint.toml: starts go run . (detected from go.mod).") {
		t.Fatalf("init: exit %d\n%s%s", code, stdout, stderr)
	}
	data, err := os.ReadFile(filepath.Join(dir, ".mcplint.toml"))
	if err != nil || !strings.Contains(string(data), `command = ["go", "run", "."]`) {
		t.Fatalf("starter: %v\n%s", err, data)
	}
	if stdout, _, code := runWithEnv(t, dir, map[string]string{"HOME": t.TempDir()}, "config", "verify"); code != exitOK {
		t.Errorf("the starter config does not verify: %s", stdout)
	}

	writeFile(t, dir, ".mcplint.toml", "# mine\n")
	_, stderr, code = runCLI(t, dir, "init")
	if code != exitUsage || !strings.Contains(stderr, ".mcplint.toml already exists") {
		t.Errorf("init over an existing file: exit %d, %s", code, stderr)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, ".mcplint.toml")); string(data) != "# mine\n" {
		t.Errorf("init replaced an existing file without --force")
	}
	if _, stderr, code := runCLI(t, dir, "init", "--force"); code != exitOK {
		t.Errorf("init --force: exit %d, %s", code, stderr)
	}

	server := filepath.Join(dir, "static")
	if err := os.Mkdir(server, 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, server, "tools.json", `{"tools":[]}`)
	stdout, _, code = runCLI(t, dir, "init", "static")
	if code != exitOK || !strings.Contains(stdout, "Wrote static/.mcplint.toml: lints tools.json") {
		t.Errorf("init DIR: exit %d, %s", code, stdout)
	}
	if _, stderr, code := runCLI(t, dir, "init", "no-such-dir"); code != exitUsage || !strings.Contains(stderr, "no-such-dir is not a folder") {
		t.Errorf("init on a missing folder: exit %d, %s", code, stderr)
	}
}

// TestConfigEndToEnd: the lint command reads .mcplint.toml, rejects a typo
// with its line and the right name, and shows what an [[ignore]] hid.
func TestConfigEndToEnd(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "tools.json", `{"tools": [
  {"name": "get_weather", "description": "Weather.",
   "inputSchema": {"type": "object", "properties": {"city": {"type": "string", "description": "City name"}}, "required": ["city"]},
   "annotations": {"readOnlyHint": true}}
]}`)
	writeFile(t, dir, ".mcplint.toml", "version = 1\n\n[rules]\ndisable = [\"description-too-shrot\"]\n")
	_, stderr, code := runCLI(t, dir, "tools.json")
	if want := `.mcplint.toml:4:12: unknown rule or category "description-too-shrot" in rules.disable (did you mean "description-too-short"?)`; code != exitUsage || !strings.Contains(stderr, want) {
		t.Fatalf("typo: exit %d, want %d and %q\n%s", code, exitUsage, want, stderr)
	}
	writeFile(t, dir, ".mcplint.toml", `version = 1

[[ignore]]
rule = "description-too-short"
tool = "get_*"
reason = "the name says it all"
`)
	stdout, stderr, code := runCLI(t, dir, "--fail-on", "info", "-f", "json", "tools.json")
	if code != exitOK {
		t.Fatalf("ignored issue still fails: exit %d\n%s%s", code, stdout, stderr)
	}
	for _, want := range []string{`"by": "config"`, `"reason": "the name says it all"`, `"rule": "description-too-short"`} {
		if !strings.Contains(stdout, want) {
			t.Errorf("the JSON report lacks %s:\n%s", want, stdout)
		}
	}
	stdout, _, _ = runCLI(t, dir, "tools.json")
	if !strings.Contains(stdout, "1 suppressed") {
		t.Errorf("the text report does not count the suppressed issue:\n%s", stdout)
	}
}
