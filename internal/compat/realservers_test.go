package compat

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/sdk"
)

// realServer is one tool list of testdata/realservers: what a published
// server sent.
type realServer struct {
	file   string
	server string
	tools  []sdk.Tool
}

func readRealServers(t *testing.T) []realServer {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join("..", "..", "testdata", "realservers", "*.json"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no tool lists in testdata/realservers: %v", err)
	}
	var out []realServer
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var dump struct {
			ServerInfo struct {
				Name string `json:"name"`
			} `json:"serverInfo"`
			Tools []map[string]any `json:"tools"`
		}
		if err := json.Unmarshal(data, &dump); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		s := realServer{file: strings.TrimSuffix(filepath.Base(p), ".json"), server: dump.ServerInfo.Name}
		if s.server == "" {
			s.server = s.file
		}
		for _, d := range dump.Tools {
			s.tools = append(s.tools, sdk.ToolFromDef(d))
		}
		out = append(out, s)
	}
	return out
}

// TestRealServers runs every profile alone over the published servers'
// tool lists and keeps what each reports in a reviewed golden
// (testdata/realservers.golden): a change of a profile shows as a diff of
// real findings, and the table at its head is what the README quotes.
func TestRealServers(t *testing.T) {
	servers := readRealServers(t)
	names := BuiltinNames()
	var table, detail strings.Builder
	fmt.Fprintf(&table, "%-22s", "server (tools)")
	for _, n := range names {
		fmt.Fprintf(&table, " %-14s", n)
	}
	table.WriteString("\n")
	works := map[string]int{}
	for _, s := range servers {
		fmt.Fprintf(&table, "%-22s", fmt.Sprintf("%s (%d)", s.file, len(s.tools)))
		for _, n := range names {
			found := Check([]*Profile{Builtin()[n]}, Target{Server: s.server, Tools: s.tools})
			tools := map[string]bool{}
			for _, f := range found {
				tools[f.Tool] = true
				msg, _, _ := strings.Cut(f.Message, " (source: ")
				fmt.Fprintf(&detail, "%s\t%s\t%s\t%s\n", n, s.file, f.Pointer, msg)
			}
			verdict := "ok"
			if len(found) > 0 {
				verdict = fmt.Sprintf("x %d/%d", len(tools), len(found))
			} else {
				works[n]++
			}
			fmt.Fprintf(&table, " %-14s", verdict)
		}
		table.WriteString("\n")
	}
	fmt.Fprintf(&table, "%-22s", "works with")
	for _, n := range names {
		fmt.Fprintf(&table, " %-14s", fmt.Sprintf("%d/%d", works[n], len(servers)))
	}
	table.WriteString("\n")
	lines := strings.Split(strings.TrimSuffix(detail.String(), "\n"), "\n")
	got := "# ok: nothing rejected; x T/F: T tools (or <server>) with F findings.\n" + table.String() + "\n" + strings.Join(lines, "\n") + "\n"
	path := filepath.Join("testdata", "realservers.golden")
	if os.Getenv("MCPLINT_UPDATE_GOLDEN") != "" {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with MCPLINT_UPDATE_GOLDEN=1 to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs: run MCPLINT_UPDATE_GOLDEN=1 go test ./internal/compat -run RealServers and review the diff", path)
	}
}

// TestRealServersTrackerReports: the published servers that tracker
// threads name as failing in a client fail in its profile, on the tool the
// thread names.
func TestRealServersTrackerReports(t *testing.T) {
	byFile := map[string]realServer{}
	for _, s := range readRealServers(t) {
		byFile[s.file] = s
	}
	for _, tc := range []struct {
		thread, file, client, tool, what string
	}{
		// Zed drops every Notion MCP v2 tool: "Schema cannot be made compatible because it contains \"$ref\"".
		{"zed-industries/zed#60162", "notion", "gemini", "API-patch-block-children", `"$ref"`},
		// Cursor with Gemini: "The argument schema for tool mcp_desktop_commander_set_config_value is incompatible".
		{"wonderwhy-er/DesktopCommanderMCP#79", "desktop-commander", "gemini", "set_config_value", `"additionalProperties"`},
	} {
		s, ok := byFile[tc.file]
		if !ok {
			t.Errorf("%s: no testdata/realservers/%s.json", tc.thread, tc.file)
			continue
		}
		found := false
		for _, f := range Check([]*Profile{Builtin()[tc.client]}, Target{Server: s.server, Tools: s.tools}) {
			found = found || f.Tool == tc.tool && strings.Contains(f.Message, tc.what)
		}
		if !found {
			t.Errorf("%s: %s's %s has no %s finding on %s", tc.thread, tc.file, tc.tool, tc.client, tc.what)
		}
	}
}
