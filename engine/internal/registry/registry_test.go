package registry

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// env is the environment the golden launches are resolved in.
var env = map[string]string{
	"WEATHER_API_KEY":          "key-1",
	"MCPLINT_INPUT_TOKEN":      "token-1",
	"MCPLINT_INPUT_NOTES_DIR":  "/home/me/notes",
	"MCPLINT_INPUT_UNUSED_VAR": "x",
}

// TestGolden reads each file of testdata and writes what mcplint makes
// of it: the problems of each server, placed at line:column, and each
// remote's and package's launch (URL and headers, or command and
// environment) or why it is skipped.
func TestGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.json")
	if len(files) < 4 {
		t.Fatalf("%d fixtures", len(files))
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if !Sniff(f, data) {
				t.Errorf("not sniffed as a registry document")
			}
			doc, err := Parse(filepath.Base(f), data)
			if err != nil {
				t.Fatal(err)
			}
			var b strings.Builder
			fmt.Fprintf(&b, "shape %s\n", doc.Shape)
			for _, e := range doc.Entries {
				fmt.Fprintf(&b, "entry %q at %q\n", e.Server.Name, e.Pointer)
				for _, p := range e.Problems {
					fmt.Fprintf(&b, "  problem %s\n", p)
				}
				if len(e.Problems) > 0 {
					continue
				}
				for _, l := range e.Launches(func(k string) string { return env[k] }) {
					fmt.Fprintf(&b, "  %s (%s, line %d)", l.Variant, l.Transport, e.Locations[l.Variant].Line)
					switch {
					case l.Skip != "":
						fmt.Fprintf(&b, " skipped: %s\n", l.Skip)
					case l.URL != "":
						fmt.Fprintf(&b, " url %s headers %v\n", l.URL, l.Headers)
					default:
						fmt.Fprintf(&b, " command %q env %v\n", l.Command, l.Env)
					}
				}
			}
			golden := strings.TrimSuffix(f, ".json") + ".golden"
			if os.Getenv("MCPLINT_UPDATE_GOLDEN") != "" {
				os.WriteFile(golden, []byte(b.String()), 0o644)
			}
			want, _ := os.ReadFile(golden)
			if b.String() != string(want) {
				t.Errorf("got\n%s\nwant\n%s", b.String(), want)
			}
		})
	}
}

// TestSniff keeps what is not a registry document out: tool lists, client
// configs (the VS Code "servers" object is not an export's array), and
// JSON-RPC answers; and takes a file named server.json on its name, so
// that a broken one is refused with its errors rather than read as a
// tool list.
func TestSniff(t *testing.T) {
	for _, tc := range []struct {
		path, data string
		want       bool
	}{
		{"x.json", `{"tools": []}`, false},
		{"x.json", `{"servers": {"a": {"command": "x"}}}`, false},
		{"x.json", `{"mcpServers": {}}`, false},
		{"x.json", `{"jsonrpc": "2.0", "id": 1, "result": {"tools": []}}`, false},
		{"x.json", `[{"name": "a", "inputSchema": {}}]`, false},
		{"x.json", `{"name": "a/b", "description": "d"}`, false},
		{"server.json", `{"name": "a", "description": "d"}`, true},
		{"x.json", `{"$schema": "https://static.modelcontextprotocol.io/schemas/2025-09-29/server.schema.json"}`, true},
		{"x.json", `{"name": "a/b", "remotes": []}`, true},
		{"x.json", `{"servers": [{"server": {"name": "a/b", "packages": []}}]}`, true},
		{"x.json", `[{"name": "a/b", "packages": []}]`, true},
	} {
		if got := Sniff(tc.path, []byte(tc.data)); got != tc.want {
			t.Errorf("Sniff(%s, %s) = %v", tc.path, tc.data, got)
		}
	}
}

// TestIsRange checks the version ranges the registry rejects against
// exact versions it takes.
func TestIsRange(t *testing.T) {
	var ranges, exact []string
	for _, v := range []string{"^1.2.3", "~1.2.3", ">=1.2.3", "1.x", "1.*", "latest", "1.2.3 || 2.0.0", "1.2.3", "1.2.3-beta.1", "2025.8.31", "v1", "1.0.0+build.5"} {
		if isRange(v) {
			ranges = append(ranges, v)
		} else {
			exact = append(exact, v)
		}
	}
	if want := []string{"^1.2.3", "~1.2.3", ">=1.2.3", "1.x", "1.*", "latest", "1.2.3 || 2.0.0"}; !slices.Equal(ranges, want) {
		t.Errorf("ranges %q, want %q (exact: %q)", ranges, want, exact)
	}
}

// A tool list, a bare array of tools or an object with none of a
// server.json's keys is no server.json, whatever follows the part that
// tells; a server.json, a list of them and an export are.
func TestSniffReadsOnlyWhatTells(t *testing.T) {
	for _, c := range []struct {
		path, data string
		want       bool
	}{
		{"tools.json", `{"tools": [], "rest": [[[[`, false},
		{"list.json", `[{"name": "read_file", "inputSchema": {"type": "object"}}, [[[[`, false},
		{"other.json", `{"mcpServers": {}}`, false},
		{"server.json", `{"name": "io.github.acme/weather", "version": "1.0.0", "remotes": [{"type": "streamable-http", "url": "https://example.com/mcp"}]}`, true},
		{"servers.json", `[{"name": "io.github.acme/weather", "version": "1.0.0", "packages": [{"registryType": "npm", "identifier": "weather-mcp", "transport": {"type": "stdio"}}]}]`, true},
		{"export.json", `{"servers": [{"server": {"name": "io.github.acme/weather", "version": "1.0.0", "remotes": [{"type": "streamable-http", "url": "https://example.com/mcp"}]}}]}`, true},
	} {
		if got := Sniff(c.path, []byte(c.data)); got != c.want {
			t.Errorf("Sniff(%s, %.40s) = %v, want %v", c.path, c.data, got, c.want)
		}
	}
}
