package main

import (
	"cmp"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/engine/mcptest"
	"github.com/mcplint/mcplint/sdk"
)

// dumpTrace is a recorded session whose tool list came in two pages, with
// keys in the server's own order (not sorted) and a response to another
// request whose id a tools/list reuses later.
const dumpTrace = `{"mcplint_trace":1,"command":["node","server.js"],"started":"2026-11-29T23:10:34Z"}
{"t_ms":1,"dir":"c2s","msg":{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}}
{"t_ms":2,"dir":"s2c","msg":{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{},"prompts":{}},"serverInfo":{"name":"paged","version":"1.0.0"},"instructions":"Use get_b after get_a."}}}
{"t_ms":3,"dir":"c2s","msg":{"jsonrpc":"2.0","method":"notifications/initialized"}}
{"t_ms":4,"dir":"c2s","msg":{"jsonrpc":"2.0","id":2,"method":"tools/list"}}
{"t_ms":5,"dir":"s2c","raw":"log line on stdout"}
{"t_ms":6,"dir":"s2c","msg":{"jsonrpc":"2.0","id":2,"result":{"tools":[{"name":"get_a","inputSchema":{"type":"object"},"description":"Gets A."}],"nextCursor":"p2"}}}
{"t_ms":7,"dir":"c2s","msg":{"jsonrpc":"2.0","id":3,"method":"tools/list","params":{"cursor":"p2"}}}
{"t_ms":8,"dir":"s2c","msg":{"jsonrpc":"2.0","id":3,"result":{"tools":[{"description":"Gets B.","name":"get_b","inputSchema":{"type":"object","properties":{"x":{"type":"string"}}}}]}}}
{"t_ms":9,"dir":"c2s","msg":{"jsonrpc":"2.0","id":4,"method":"prompts/list"}}
{"t_ms":10,"dir":"s2c","msg":{"jsonrpc":"2.0","id":4,"result":{"prompts":[{"name":"summarize"}]}}}
`

func TestDumpTraceKeepsServerBytes(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "session.jsonl", dumpTrace)
	_, stderr, code := runCLI(t, dir, "dump", "-o", "tools.json", "session.jsonl")
	if code != exitOK {
		t.Fatalf("dump: exit %d, stderr %q", code, stderr)
	}
	out, err := os.ReadFile(filepath.Join(dir, "tools.json"))
	if err != nil {
		t.Fatal(err)
	}
	// Members in file order, each tool as the server sent it.
	var keys []string
	dec := json.NewDecoder(strings.NewReader(string(out)))
	dec.Token()
	for dec.More() {
		k, _ := dec.Token()
		keys = append(keys, k.(string))
		var skip json.RawMessage
		dec.Decode(&skip)
	}
	if want := []string{"protocolVersion", "serverInfo", "instructions", "tools", "prompts"}; !reflect.DeepEqual(keys, want) {
		t.Errorf("members %v, want %v", keys, want)
	}
	if !strings.Contains(string(out), "\"name\": \"get_a\",\n      \"inputSchema\"") || !strings.Contains(string(out), "\"description\": \"Gets B.\",\n      \"name\": \"get_b\"") {
		t.Errorf("tools not in the server's key order:\n%s", out)
	}
	var doc struct {
		Instructions string
		Tools        []struct{ Name string }
		Prompts      []struct{ Name string }
	}
	if err := json.Unmarshal(out, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Tools) != 2 || doc.Tools[0].Name != "get_a" || doc.Tools[1].Name != "get_b" || len(doc.Prompts) != 1 || doc.Instructions != "Use get_b after get_a." {
		t.Errorf("dump = %+v", doc)
	}

	// The dump is a static target that lints the same tools.
	stdout, stderr, code := runCLI(t, dir, "tools.json", "--format", "json")
	if code == exitUsage || code == exitTarget {
		t.Fatalf("linting the dump: exit %d, %s", code, stderr)
	}
	if !strings.Contains(stdout, `"tools": 2`) && !strings.Contains(stdout, `"tools":2`) {
		t.Errorf("lint of the dump does not count 2 tools:\n%.600s", stdout)
	}
}

func TestDumpStaticToStdout(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "in.json", `{"tools":[{"name":"b","description":"B.","inputSchema":{"type":"object"}},{"name":"a","inputSchema":{"type":"object"}}]}`)
	stdout, stderr, code := runCLI(t, dir, "dump", "in.json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var doc struct{ Tools []map[string]any }
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatalf("%v in %q", err, stdout)
	}
	if len(doc.Tools) != 2 || doc.Tools[0]["name"] != "b" || doc.Tools[1]["description"] != nil {
		t.Errorf("dump = %+v", doc.Tools)
	}
}

func TestDumpUsage(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "a.json", `{"tools":[]}`)
	writeFile(t, dir, "b.json", `{"tools":[]}`)
	for _, args := range [][]string{{"dump"}, {"dump", "a.json", "b.json"}, {"dump", "a.json", "--", "node", "s.js"}} {
		if _, stderr, code := runCLI(t, dir, args...); code != exitUsage || !strings.Contains(stderr, "name one server") {
			t.Errorf("%v: exit %d, %q", args, code, stderr)
		}
	}
	if _, stderr, code := runCLI(t, dir, "dump", "missing.json"); code != exitTarget && code != exitUsage {
		t.Errorf("missing file: exit %d, %q", code, stderr)
	}
}

// TestDumpLiveServer dumps the example weather server (official Go SDK)
// over stdio, as a user dumps a published server.
func TestDumpLiveServer(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a server")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "weather")
	if out, err := exec.Command("go", "build", "-o", bin, "../../testdata/servers/weather").CombinedOutput(); err != nil {
		t.Fatalf("building the weather server: %v\n%s", err, out)
	}
	stdout, stderr, code := runCLI(t, dir, "dump", "--", bin)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var doc struct {
		ServerInfo struct{ Name string }
		Tools      []struct {
			Name        string
			InputSchema map[string]any
		}
	}
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatalf("%v in %q", err, stdout)
	}
	if doc.ServerInfo.Name == "" || len(doc.Tools) == 0 || doc.Tools[0].InputSchema["type"] != "object" {
		t.Errorf("dump = %+v", doc)
	}
}

// A server that registers a tool after the handshake is listed again once
// it settles; the dump holds that last listing, each tool once.
func TestDumpKeepsTheLastListing(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a live server")
	}
	stdout, stderr, code := runCLI(t, t.TempDir(), "dump", "--", mcptest.Server(t, "latetools"))
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var doc struct{ Tools []struct{ Name string } }
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatalf("%v in %q", err, stdout)
	}
	var names []string
	for _, tool := range doc.Tools {
		names = append(names, tool.Name)
	}
	slices.Sort(names)
	if want := []string{"archive_note", "list_notes", "read_note"}; !slices.Equal(names, want) {
		t.Errorf("dumped tools %q, want %q", names, want)
	}
}

// TestDumpKeepsCapabilityGatedTools dumps a live server whose instructions
// name a tool it lists only to a client that declares roots, and lints the
// dump: the tool must not be dangling there either, and every finding the
// live lint made other than a conformance one (the dump has no session to
// judge) must be made again, and no other. The fixture runs everywhere;
// the reference server, whose get-roots-list is the case in point, where
// the npm servers are installed.
func TestDumpKeepsCapabilityGatedTools(t *testing.T) {
	if testing.Short() {
		t.Skip("runs live servers")
	}
	for _, tc := range []struct {
		name  string
		argv  func(t *testing.T) []string
		gated string
	}{
		{"fixture", func(t *testing.T) []string { return []string{mcptest.Server(t, "rootsgated")} }, "get_roots"},
		{"everything", func(t *testing.T) []string {
			return mcptest.NPMServer(t, "@modelcontextprotocol/server-everything/dist/index.js", "stdio")
		}, "get-roots-list"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			argv := tc.argv(t)
			dir := t.TempDir()
			live := lintIssues(t, dir, append([]string{"--"}, argv...)...)
			if _, stderr, code := runCLI(t, dir, append([]string{"dump", "-o", "tools.json", "--"}, argv...)...); code != exitOK {
				t.Fatalf("dump: exit %d, %s", code, stderr)
			}
			dumped := lintIssues(t, dir, "tools.json")

			if !slices.ContainsFunc(live, func(is dumpIssue) bool {
				return is.Rule == "capability-gated-tools" && strings.Contains(is.Message, strconv.Quote(tc.gated))
			}) {
				t.Fatalf("the live lint does not find %q capability-gated, so the test tests nothing: %+v", tc.gated, live)
			}
			for _, is := range dumped {
				if is.Rule == "dangling-tool-reference" && strings.Contains(is.Message, strconv.Quote(tc.gated)) {
					t.Errorf("the dump's lint calls %q dangling: %s", tc.gated, is.Message)
				}
				if is.Category == "conformance" {
					t.Errorf("the dump's lint judges a session it does not have: %+v", is)
				}
			}
			var want []dumpIssue
			for _, is := range live {
				if is.Category != "conformance" {
					want = append(want, is)
				}
			}
			if !slices.Equal(dumped, want) {
				t.Errorf("the dump's lint found\n%+v\nthe live lint, other than conformance,\n%+v", dumped, want)
			}
		})
	}
}

// dumpIssue is what TestDumpKeepsCapabilityGatedTools compares of an issue:
// not its file position, which only the dump's lint has.
type dumpIssue struct {
	Rule, Category, Severity, Tool, Pointer, Message, Fix string
}

// lintIssues lints args in dir and returns the one target's issues,
// sorted.
func lintIssues(t *testing.T, dir string, args ...string) []dumpIssue {
	t.Helper()
	stdout, stderr, code := runCLI(t, dir, append([]string{"--format", "json"}, args...)...)
	if code != exitOK && code != exitIssues {
		t.Fatalf("mcplint %s: exit %d, %s", strings.Join(args, " "), code, stderr)
	}
	var report struct {
		Targets []struct {
			Error  any
			Issues []dumpIssue
		}
	}
	if err := json.Unmarshal([]byte(stdout), &report); err != nil {
		t.Fatalf("%v in %.300s", err, stdout)
	}
	if len(report.Targets) != 1 || report.Targets[0].Error != nil {
		t.Fatalf("mcplint %s: want one target linted, got %.600s", strings.Join(args, " "), stdout)
	}
	issues := report.Targets[0].Issues
	slices.SortFunc(issues, func(a, b dumpIssue) int {
		return cmp.Or(strings.Compare(a.Rule, b.Rule), strings.Compare(a.Pointer, b.Pointer), strings.Compare(a.Message, b.Message))
	})
	return issues
}

// TestDumpStaticKeepsGatedTools: a dump of a dump still holds the tools
// the live run saw gated, so its lint still counts them.
func TestDumpStaticKeepsGatedTools(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "in.json", `{"instructions":"Call `+"`get_roots`"+` first.","tools":[{"name":"a","inputSchema":{"type":"object"}}],
"_meta":{"mcplint/capability-gated-tools-v1":[{"capabilities":["roots"],"tools":[{"name":"get_roots","inputSchema":{"type":"object"}}]}]}}`)
	if _, stderr, code := runCLI(t, dir, "dump", "-o", "out.json", "in.json"); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	data, err := os.ReadFile(filepath.Join(dir, "out.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Meta map[string][]struct {
			Capabilities []string
			Tools        []struct{ Name string }
		} `json:"_meta"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	groups := doc.Meta[sdk.MetaGatedTools]
	if len(groups) != 1 || !slices.Equal(groups[0].Capabilities, []string{"roots"}) || len(groups[0].Tools) != 1 || groups[0].Tools[0].Name != "get_roots" {
		t.Errorf("dump of a dump:\n%s", data)
	}
}
