package main

import (
	"encoding/xml"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/engine/mcptest"
	"github.com/mcplint/mcplint/plugins"
	"github.com/mcplint/mcplint/rules"
	"github.com/mcplint/mcplint/sdk"
)

// cliCase is one command line run in a fresh folder holding files, whose
// whole output and exit code are compared with testdata/cli/NAME.txt.
type cliCase struct {
	name  string
	files map[string]string
	args  []string
	// setup, when set, prepares the folder further (builds a plugin).
	setup func(t *testing.T, dir string)
}

// runGolden runs each case in-process and compares the transcript (the
// command, stdout, stderr, exit code; the folder shown as $DIR) with its
// golden file, rewriting it when MCPLINT_UPDATE_GOLDEN is set.
func runGolden(t *testing.T, cases []cliCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, content := range tc.files {
				p := filepath.Join(dir, name)
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				mode := os.FileMode(0o644)
				if strings.HasPrefix(content, "#!") {
					mode = 0o755
				}
				if err := os.WriteFile(p, []byte(content), mode); err != nil {
					t.Fatal(err)
				}
			}
			if tc.setup != nil {
				tc.setup(t, dir)
			}
			stdout, stderr, code := runCLI(t, dir, tc.args...)
			got := fmt.Sprintf("$ mcplint %s\n--- stdout\n%s--- stderr\n%s--- exit %d\n", strings.Join(tc.args, " "), stdout, stderr, code)
			golden(t, filepath.Join("testdata", "cli", tc.name+".txt"), strings.ReplaceAll(got, dir, "$DIR"))
		})
	}
}

func golden(t *testing.T, path, got string) {
	t.Helper()
	if os.Getenv("MCPLINT_UPDATE_GOLDEN") != "" {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with MCPLINT_UPDATE_GOLDEN=1 to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs\n--- got\n%s--- want\n%s", path, got, want)
	}
}

const emptyTools = `{"tools": []}`

// missingPlugin is a config whose plugin cannot start: its rules cannot run.
const missingPlugin = "version = 1\n[[plugin]]\nname = \"policy\"\npath = \"nope/mcplint-plugin-policy\"\n"

// TestQuietNeverHidesFailures: -q (which the pre-commit hooks pass) drops
// clean targets and progress, never the reason for exit 3.
func TestQuietNeverHidesFailures(t *testing.T) {
	runGolden(t, []cliCase{
		{"quiet-rule-error", map[string]string{"tools.json": emptyTools, ".mcplint.toml": missingPlugin}, []string{"-q", "tools.json"}, nil},
		{"quiet-rule-error-json-file", map[string]string{"tools.json": emptyTools, ".mcplint.toml": missingPlugin}, []string{"-q", "-f", "json", "-o", "r.json", "tools.json"}, nil},
		{"quiet-unreadable", map[string]string{"bad.json": `{"tools": [`}, []string{"-q", "bad.json"}, nil},
		{"quiet-unreadable-json-file", map[string]string{"bad.json": `{"tools": [`}, []string{"-q", "-f", "json=r.json", "bad.json"}, nil},
		{"quiet-clean", map[string]string{"tools.json": emptyTools}, []string{"-q", "tools.json"}, nil},
		{"quiet-usage", map[string]string{"tools.json": emptyTools}, []string{"-q", "--fail-on", "sometimes", "tools.json"}, nil},
	})
}

// TestFlagSpelling: flags are named with two dashes in errors, as --help
// lists them, and a mistyped one with the flag it is near; choices are
// case-insensitive; --exercise and --color take their value after a space
// like --format does, and alone never take the target after them.
func TestFlagSpelling(t *testing.T) {
	runGolden(t, []cliCase{
		{"flag-unknown", nil, []string{"--fail-onn", "error", "tools.json"}, nil},
		{"flag-typo", nil, []string{"--formt", "json", "tools.json"}, nil},
		{"flag-typo-subcommand", nil, []string{"rules", "--jsn"}, nil},
		{"flag-bad-value", nil, []string{"--fail-on", "sometimes", "tools.json"}, nil},
		{"flag-no-value", nil, []string{"tools.json", "--min-grade"}, nil},
		{"min-grade-lower-case", map[string]string{"tools.json": emptyTools}, []string{"--min-grade", "b", "-q", "tools.json"}, nil},
		{"exercise-space-all", map[string]string{"tools.json": emptyTools}, []string{"--exercise", "all", "-q", "tools.json"}, nil},
		{"exercise-bad-mode", map[string]string{"tools.json": emptyTools}, []string{"--exercise=some", "tools.json"}, nil},
		{"color-alone-before-target", map[string]string{"tools.json": emptyTools}, []string{"--color", "./tools.json"}, nil},
		{"color-never-after-space", map[string]string{"tools.json": emptyTools}, []string{"--color", "never", "tools.json"}, nil},
		{"color-bad-value", map[string]string{"tools.json": emptyTools}, []string{"--color=sometimes", "tools.json"}, nil},
	})
}

// TestMistypedCommand: a first target that names nothing and is a
// command's name or near one is a usage error that names the command; a
// file or folder of that name is still linted.
func TestMistypedCommand(t *testing.T) {
	ruleFolder := map[string]string{
		"rule/.mcplint.toml": "version = 1\n[server]\ntarget = \"tools.json\"\n",
		"rule/tools.json":    emptyTools,
	}
	runGolden(t, []cliCase{
		{"command-typo", nil, []string{"explian", "x"}, nil},
		{"command-prefix", nil, []string{"rule"}, nil},
		{"command-after-flag", nil, []string{"-q", "rules"}, nil},
		{"command-typo-is-a-folder", ruleFolder, []string{"rule"}, nil},
	})
}

// TestExerciseNothingToCall: --exercise on a file, which holds no server
// to call, says so in a line on stderr, unless -q; a config's [server]
// exercise, meant for its live server, says nothing of the files linted
// beside it.
func TestExerciseNothingToCall(t *testing.T) {
	files := map[string]string{"tools.json": emptyTools, "old.trace.jsonl": olderSamplingTrace}
	configured := map[string]string{"tools.json": emptyTools, ".mcplint.toml": "version = 1\n[server]\nexercise = \"readonly\"\n"}
	runGolden(t, []cliCase{
		{"exercise-static", files, []string{"--exercise", "tools.json"}, nil},
		{"exercise-static-and-trace", files, []string{"--exercise=all", "--only", "tool-name-style", "tools.json", "old.trace.jsonl"}, nil},
		{"exercise-static-quiet", files, []string{"--exercise", "-q", "tools.json"}, nil},
		{"exercise-none-static", files, []string{"--exercise=none", "tools.json"}, nil},
		{"exercise-configured-static", configured, []string{"tools.json"}, nil},
		{"exercise-many-files", map[string]string{"a.json": emptyTools, "b.json": emptyTools, "c.json": emptyTools, "d.json": emptyTools, "e.json": emptyTools},
			[]string{"--exercise", "-f", "json", "-o", "r.json", "a.json", "b.json", "c.json", "d.json", "e.json"}, nil},
	})
}

// TestReadmeFlagsAreHelp: the README's list of flags is what --help
// prints, so that the two cannot drift apart. MCPLINT_UPDATE_GOLDEN
// rewrites the README's list.
func TestReadmeFlagsAreHelp(t *testing.T) {
	const path, heading, fence = "../../README.md", "\n## Flags\n", "```text\n"
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	h := strings.Index(readme, heading)
	open := strings.Index(readme[max(h, 0):], fence)
	if h < 0 || open < 0 {
		t.Fatalf("README has no %q section with a %q block", strings.TrimSpace(heading), fence)
	}
	start := h + open + len(fence)
	end := strings.Index(readme[start:], "```\n")
	if end < 0 {
		t.Fatal("README's flags block is not closed")
	}
	want := printFlags(newLintFlags().fs)
	if os.Getenv("MCPLINT_UPDATE_GOLDEN") != "" {
		readme = readme[:start] + want + readme[start+end:]
		if err := os.WriteFile(path, []byte(readme), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if got := readme[start : start+end]; got != want {
		t.Errorf("README's flags differ from --help (run with MCPLINT_UPDATE_GOLDEN=1 to rewrite them)\n--- README\n%s--- --help\n%s", got, want)
	}
}

// TestHelpProbesSaysWhatEachSetRuns: --probes in --help says what
// engine/internal/probe runs: the default set already starts a second process,
// and all a third.
func TestHelpProbesSaysWhatEachSetRuns(t *testing.T) {
	out, _, _ := runCLI(t, t.TempDir(), "--help")
	i := strings.Index(out, "--probes SET")
	if i < 0 {
		t.Fatalf("--help lacks --probes SET:\n%s", out)
	}
	line, _, _ := strings.Cut(out[i:], "\n")
	for _, want := range []string{"none (only list)", "default (the default:", "a second server process", "all (also a third process", "prompts/get, resources/read"} {
		if !strings.Contains(line, want) {
			t.Errorf("--help's --probes lacks %q: %s", want, line)
		}
	}
}

// TestHelpShowsOptionalValues: a flag that may stand alone or take one of
// a few values shows them in --help.
func TestHelpShowsOptionalValues(t *testing.T) {
	out, _, _ := runCLI(t, t.TempDir(), "--help")
	for _, want := range []string{"--color [auto|always|never] ", "--exercise [none|readonly|closed|all]\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("--help lacks %q:\n%s", want, out)
		}
	}
}

// TestHelpListsEveryCommaFlag: every flag that splits on commas says so.
func TestHelpListsEveryCommaFlag(t *testing.T) {
	out, _, _ := runCLI(t, t.TempDir(), "--help")
	for _, name := range []string{"--enable", "--disable", "--only"} {
		i := strings.Index(out, name+" NAME")
		if i < 0 {
			t.Fatalf("--help lacks %s NAME:\n%s", name, out)
		}
		line, _, _ := strings.Cut(out[i:], "\n")
		if !strings.Contains(line, "comma-separated") {
			t.Errorf("--help line of %s does not say it is comma-separated: %s", name, line)
		}
	}
}

// TestLockRealClientConfig: lock pins the stdio servers of a client config
// and skips what lint skips (disabled entries, a variable with no value),
// saying so; --server picks one; a later lint warns about a server the
// lock file has no entry for.
func TestLockRealClientConfig(t *testing.T) {
	fixture := mcptest.Server(t, "modern")
	config := `{"mcpServers": {
  "notes": {"command": "` + fixture + `"},
  "second": {"command": "` + fixture + `", "args": ["--stdio"]},
  "old": {"command": "` + fixture + `", "disabled": true},
  "slack": {"command": "` + fixture + `", "env": {"SLACK_BOT_TOKEN": "${MCPLINT_TEST_UNSET_TOKEN}"}}
}}`
	files := map[string]string{"mcp.json": config}
	runGolden(t, []cliCase{
		{"lock-client-config", files, []string{"lock", "mcp.json"}, nil},
		{"lock-client-config-server", files, []string{"lock", "--server", "notes", "mcp.json"}, nil},
		{"lock-client-config-skipped-server", files, []string{"lock", "--server", "old", "mcp.json"}, nil},
		{"lock-client-config-unknown-server", files, []string{"lock", "mcp.json", "--server", "nope"}, nil},
	})
	dir := t.TempDir()
	writeFile(t, dir, "mcp.json", config)
	if _, stderr, code := runCLI(t, dir, "lock", "--server", "notes", "mcp.json"); code != exitOK {
		t.Fatalf("lock --server notes: exit %d\n%s", code, stderr)
	}
	out, stderr, code := runCLI(t, dir, "--only", "definition-changed", "--probes", "none", "-f", "github", "mcp.json")
	want := `::warning title=definition-changed (second/<server>)::.mcplint.lock has no entry for server "second"`
	if code != exitOK || !strings.Contains(out, want) || strings.Contains(out, `server "notes"`) {
		t.Errorf("lint after lock --server notes: exit %d (want 0), want only the second server warned about (%s):\n%s%s", code, want, out, stderr)
	}
}

// buildPolicyPlugin builds the example plugin into dir/bin.
func buildPolicyPlugin(t *testing.T, dir string) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the example plugin")
	}
	bin := filepath.Join(dir, "bin", plugins.BinaryPrefix+"policy")
	if out, err := exec.Command("go", "build", "-o", bin, "../../plugins/examples/policy").CombinedOutput(); err != nil {
		t.Fatalf("building the example plugin: %v\n%s", err, out)
	}
}

// badEverywhere has a structural error, a built-in rule's settings typo,
// a plugin settings typo and a plugin rule's settings that the plugin
// rejects: config verify reports them all in one pass.
const badEverywhere = `version = 1

[output]
fail-on = "sometimes"
formt = "json"

[rules.settings.too-many-tools]
maxx = 3

[[plugin]]
name = "policy"
path = "bin/mcplint-plugin-policy"
[plugin.settings]
prefx = "acme_"
banned-phrases = ["TODO"]

[rules.settings."policy/tool-prefix"]
bogus = 1
`

const pluginTypo = `version = 1

[[plugin]]
name = "policy"
path = "bin/mcplint-plugin-policy"
[plugin.settings]
prefx = "acme_"
`

const goodPluginConfig = `version = 1

[rules.settings.too-many-tools]
max = 3

[[plugin]]
name = "policy"
path = "bin/mcplint-plugin-policy"
[plugin.settings]
prefix = "acme_"
`

// TestConfigVerifyOnePass: every problem of a config, plugin settings
// included, in one run, each at FILE:LINE:COLUMN.
func TestConfigVerifyOnePass(t *testing.T) {
	runGolden(t, []cliCase{
		{name: "config-verify-all-errors", files: map[string]string{".mcplint.toml": badEverywhere}, args: []string{"config", "verify"}, setup: buildPolicyPlugin},
		{name: "config-verify-no-plugins", files: map[string]string{".mcplint.toml": badEverywhere}, args: []string{"config", "verify", "--no-plugins"}},
		{name: "config-verify-plugin-missing", files: map[string]string{".mcplint.toml": goodPluginConfig}, args: []string{"config", "verify"}},
		{name: "config-verify-ok", files: map[string]string{".mcplint.toml": goodPluginConfig}, args: []string{"config", "verify"}, setup: buildPolicyPlugin},
		// The lint itself places a plugin's refusal at the key, too.
		{name: "lint-plugin-settings-typo", files: map[string]string{".mcplint.toml": pluginTypo, "tools.json": emptyTools}, args: []string{"-q", "tools.json"}, setup: buildPolicyPlugin},
	})
}

// emptyTrace is what `mcplint record` writes for a server that exits before
// the handshake: no line from the server at all.
const emptyTrace = `{"mcplint_trace":1,"command":["./dies"],"started":"2026-12-01T19:42:18.594396345Z"}
{"t_ms":4.089,"dir":"event","event":{"kind":"stdin-closed","detail":"the client closed the server's stdin"}}
{"t_ms":4.645,"dir":"stderr","raw":"no config"}
{"t_ms":4.678,"dir":"event","event":{"kind":"stdout-closed","detail":"the server closed its stdout"}}
{"t_ms":4.719,"dir":"event","event":{"kind":"exit","code":4,"detail":"exit status 4"}}
`

// diesScript reads mcplint's first message before it dies, so that it
// always dies while mcplint waits for the answer: dying at once raced with
// mcplint's first write, and the message named either.
const diesScript = "#!/bin/sh\nread -r line\necho 'no config' >&2\nexit 4\n"

const unusedIgnore = "version = 1\n[[ignore]]\nrule = \"tool-name-style\"\ntool = \"zzz\"\nreason = \"kept from an old server\"\n"

// TestSmallerMessages: what a new user met that was wrong or unclear, one
// golden each.
func TestSmallerMessages(t *testing.T) {
	runGolden(t, []cliCase{
		{"trace-server-silent", map[string]string{"dies.trace.jsonl": emptyTrace}, []string{"dies.trace.jsonl"}, nil},
		{"server-exits-before-handshake", map[string]string{"dies": diesScript}, []string{"--probes", "none", "--", "./dies"}, nil},
		{"output-folder-missing", map[string]string{"tools.json": emptyTools}, []string{"-o", "no/such/folder/x.txt", "tools.json"}, nil},
		{"baseline-suggests-target", map[string]string{"tools.json": emptyTools}, []string{"baseline", "--fail-on", "warning", "tools.json"}, nil},
		{"unused-suppression-relative", map[string]string{"tools.json": emptyTools, ".mcplint.toml": unusedIgnore}, []string{"--only", "unused-suppression,tool-name-style", "tools.json"}, nil},
		{"only-conformance-static", map[string]string{"tools.json": emptyTools}, []string{"--only", "conformance", "tools.json"}, nil},
		{"rule-newer-than-version", map[string]string{"old.trace.jsonl": olderSamplingTrace}, []string{"--only", "server-request-undeclared", "old.trace.jsonl"}, nil},
	})
}

// olderSamplingTrace is a session in which the server negotiated
// 2025-03-26 and asked for sampling the client never declared: a breach of
// a SHOULD in that version, which server-request-undeclared (a 2025-06-18
// MUST) leaves alone.
const olderSamplingTrace = `{"mcplint_trace":1,"command":["./old"],"started":"2026-12-06T02:00:00Z"}
{"t_ms":1,"dir":"c2s","msg":{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"mcplint","version":"0.1.0"}}}}
{"t_ms":2,"dir":"s2c","msg":{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-03-26","capabilities":{"tools":{}},"serverInfo":{"name":"old","version":"1.0.0"}}}}
{"t_ms":3,"dir":"c2s","msg":{"jsonrpc":"2.0","method":"notifications/initialized"}}
{"t_ms":4,"dir":"c2s","msg":{"jsonrpc":"2.0","id":2,"method":"tools/list"}}
{"t_ms":5,"dir":"s2c","msg":{"jsonrpc":"2.0","id":"s1","method":"sampling/createMessage","params":{"messages":[],"maxTokens":10}}}
{"t_ms":6,"dir":"c2s","msg":{"jsonrpc":"2.0","id":"s1","error":{"code":-32601,"message":"Method not found"}}}
{"t_ms":7,"dir":"s2c","msg":{"jsonrpc":"2.0","id":2,"result":{"tools":[]}}}
`

// TestJUnitNotApplicableIsSkipped: a conformance rule on a static file has
// nothing to read; JUnit marks it skipped, never passed.
func TestJUnitNotApplicableIsSkipped(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "tools.json", emptyTools)
	out, stderr, code := runCLI(t, dir, "--only", "conformance,tool-name-style", "-f", "junit", "tools.json")
	if code != exitOK {
		t.Fatalf("exit %d\n%s%s", code, out, stderr)
	}
	var suites struct {
		Skipped int `xml:"skipped,attr"`
		Suites  []struct {
			Cases []struct {
				Name    string    `xml:"name,attr"`
				Skipped *struct{} `xml:"skipped"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	if err := xml.Unmarshal([]byte(out), &suites); err != nil {
		t.Fatal(err)
	}
	conformance := 0
	for _, r := range rules.All() {
		if r.Meta().Category == sdk.CategoryConformance {
			conformance++
		}
	}
	skipped := 0
	for _, c := range suites.Suites[0].Cases {
		if c.Skipped != nil {
			skipped++
		}
		if c.Name == "tool-name-style" && c.Skipped != nil {
			t.Errorf("tool-name-style applies to a static file and passed: not skipped")
		}
	}
	if conformance == 0 || skipped != conformance || suites.Skipped != conformance {
		t.Errorf("%d conformance rules, %d cases skipped (total %d): want every conformance rule skipped\n%s", conformance, skipped, suites.Skipped, out)
	}
}

// TestTimeoutHintNamesTheTimeout: a handshake that times out under
// --timeout 1s, with a server that has started (it wrote a line), says
// 1s, not "(10s unless set)".
func TestTimeoutHintNamesTheTimeout(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "mute", "#!/bin/sh\necho '{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\",\"data\":\"up\"}}'\nexec sleep 30\n")
	if err := os.Chmod(filepath.Join(dir, "mute"), 0o755); err != nil {
		t.Fatal(err)
	}
	out, stderr, code := runCLI(t, dir, "--timeout", "1s", "--probes", "none", "./mute")
	if code != exitTarget || !strings.Contains(out, "must finish within --timeout, here 1s") || !strings.Contains(out, "--timeout 1m ") || strings.Contains(out, "unless set") {
		t.Errorf("exit %d (want 3); want the hint to name --timeout 1s:\n%s%s", code, out, stderr)
	}
}

// hostileText has a bidi override, ESC, tag characters and a zero-width
// space in model-visible text.
const hostileText = `{"tools":[{"name":"search\u202e","description":"Searches the web. \u001b[31m red \udb40\udc41\udb40\udc42 and \u200b zero width.","inputSchema":{"type":"object"}}]}`

// TestEscapesAsDocumented: the report shows hostile characters in the one
// style the README documents, and the README's examples are what it prints.
func TestEscapesAsDocumented(t *testing.T) {
	runGolden(t, []cliCase{
		{"escapes", map[string]string{"esc.json": hostileText}, []string{"--only", "security,tool-name-format", "esc.json"}, nil},
	})
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	i := strings.Index(string(readme), "override prints as")
	if i < 0 {
		t.Fatal("README no longer documents the escapes")
	}
	dir := t.TempDir()
	writeFile(t, dir, "esc.json", hostileText)
	out, _, _ := runCLI(t, dir, "--only", "security", "esc.json")
	for _, ex := range []string{`\u202e`, `\U000e0041`, `\u200b`, `\x1b`} {
		if !strings.Contains(string(readme[i:i+300]), "`"+ex+"`") || !strings.Contains(out, ex) {
			t.Errorf("README example %s: documented and printed? report:\n%s", ex, out)
		}
	}
	for _, other := range []string{"[U+", "<U+"} {
		if strings.Contains(out, other) {
			t.Errorf("the report mixes in another escape style (%s):\n%s", other, out)
		}
	}
}

// warnedTools has one tool with no description: a warning, which the
// default --fail-on error lets pass.
const warnedTools = `{"tools": [{"name": "get_weather", "inputSchema": {"type": "object", "properties": {}, "required": []}}]}`

// TestWarningsPassSaysHowToGate: a run that passes over warnings says, after
// its summary, how to make them fail, since a hook then shows "Passed";
// not under -q, not when nothing warned, not when warnings already fail.
func TestWarningsPassSaysHowToGate(t *testing.T) {
	files := map[string]string{"tools.json": warnedTools}
	runGolden(t, []cliCase{
		{"warnings-pass-hint", files, []string{"--only", "description-missing", "tools.json"}, nil},
		{"warnings-pass-hint-quiet", files, []string{"-q", "--only", "description-missing", "tools.json"}, nil},
		{"warnings-fail-no-hint", files, []string{"--fail-on", "warning", "--only", "description-missing", "tools.json"}, nil},
		{"warnings-none-no-hint", map[string]string{"tools.json": emptyTools}, []string{"tools.json"}, nil},
	})
}
