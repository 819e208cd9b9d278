package clientconfig

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func env(vars map[string]string) func(string) string {
	return func(k string) string { return vars[k] }
}

func TestParse(t *testing.T) {
	root := t.TempDir()
	vscode := filepath.Join(root, "proj", ".vscode", "mcp.json")
	claude := filepath.Join(root, "claude", "claude_desktop_config.json")
	if err := os.MkdirAll(filepath.Dir(vscode), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "proj", ".env"), []byte("# keys\nexport A=1\nB=\"two words\"\n\nTOKEN=from-file\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	proj := filepath.Join(root, "proj")
	claudeDir := filepath.Dir(claude)
	getenv := env(map[string]string{"API_KEY": "k", "MCPLINT_INPUT_GITHUB_TOKEN": "ghp"})
	tests := []struct {
		name string
		path string
		in   string
		want []Server
	}{
		{
			name: "claude desktop",
			path: claude,
			in: `{"mcpServers": {
				"weather": {"command": "node", "args": ["/srv/weather/index.js", "--units", "metric"], "env": {"KEY": "v", "N": 3}},
				"local": {"command": "./bin/server", "cwd": "srv"},
				"remote": {"url": "https://example.com/mcp"},
				"off": {"command": "x", "disabled": true}
			}, "globalShortcut": ""}`,
			want: []Server{
				{Name: "weather", Transport: "stdio", Command: []string{"node", "/srv/weather/index.js", "--units", "metric"}, Env: map[string]string{"KEY": "v", "N": "3"}, Dir: claudeDir},
				{Name: "local", Transport: "stdio", Command: []string{filepath.Join(claudeDir, "srv", "bin", "server")}, Env: map[string]string{}, Dir: filepath.Join(claudeDir, "srv")},
				{Name: "remote", Transport: "http", URL: "https://example.com/mcp", Dir: claudeDir},
				{Name: "off", Transport: "stdio", Dir: claudeDir, Skip: `the config marks it "disabled": true`},
			},
		},
		{
			name: "claude code variables",
			path: claude,
			in:   `{"mcpServers": {"a": {"type": "stdio", "command": "srv", "args": ["${API_KEY}", "${MISSING:-fallback}", "${env:API_KEY}"]}, "b": {"command": "srv", "env": {"T": "${NOT_SET}"}}}}`,
			want: []Server{
				{Name: "a", Transport: "stdio", Command: []string{"srv", "k", "fallback", "k"}, Env: map[string]string{}, Dir: claudeDir},
				{Name: "b", Transport: "stdio", Command: []string{"srv"}, Env: map[string]string{"T": ""}, Dir: claudeDir, Skip: "uses ${NOT_SET}, which is not set in the environment; set it to lint this server"},
			},
		},
		{
			name: "vs code",
			path: vscode,
			in: `{
				// prompted values
				"inputs": [
					{"type": "promptString", "id": "github-token", "description": "GitHub token", "password": true},
					{"type": "promptString", "id": "region", "description": "Region", "default": "eu"},
					{"type": "promptString", "id": "secret", "description": "Secret"},
				],
				"servers": {
					"gh": {"type": "stdio", "command": "${workspaceFolder}/bin/gh-mcp", "args": ["--region", "${input:region}"],
						"env": {"GITHUB_TOKEN": "${input:github-token}", "HOME_DIR": "${userHome}${/}x", "GONE": null},
						"envFile": "${workspaceFolder}/.env"},
					/* a remote one */
					"api": {"type": "http", "url": "https://api.example.com/mcp", "headers": {"Authorization": "Bearer ${input:secret}"}},
					"needs-secret": {"command": "srv", "args": ["${input:secret}"]},
					"vscode-only": {"command": "srv", "args": ["${command:pickFile}", "${API_KEY}"]},
				},
			}`,
			want: []Server{
				{Name: "gh", Transport: "stdio", Command: []string{filepath.Join(proj, "bin", "gh-mcp"), "--region", "eu"},
					Env: map[string]string{"GITHUB_TOKEN": "ghp", "HOME_DIR": "/home/u/x", "A": "1", "B": "two words", "TOKEN": "from-file"}, Dir: proj},
				{Name: "api", Transport: "http", URL: "https://api.example.com/mcp", Dir: proj, Skip: `uses ${input:secret}, which VS Code prompts for ("Secret"); mcplint cannot prompt: set MCPLINT_INPUT_SECRET to its value to lint this server`},
				{Name: "needs-secret", Transport: "stdio", Command: []string{"srv", ""}, Env: map[string]string{}, Dir: proj,
					Skip: `uses ${input:secret}, which VS Code prompts for ("Secret"); mcplint cannot prompt: set MCPLINT_INPUT_SECRET to its value to lint this server`},
				{Name: "vscode-only", Transport: "stdio", Command: []string{"srv", "", ""}, Env: map[string]string{}, Dir: proj,
					Skip: "uses ${command:pickFile}, which only the client itself can resolve"},
			},
		},
		{
			name: "settings.json",
			path: vscode,
			in:   `{"editor.fontSize": 14, "mcp": {"servers": {"s": {"command": "srv", "type": "sse-ish"}}}}`,
			want: []Server{{Name: "s", Transport: "sse-ish", Dir: proj, Skip: `type "sse-ish" is not one mcplint knows (stdio, http, sse)`}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if !Sniff([]byte(tt.in)) {
				t.Error("Sniff does not recognize it")
			}
			cfg, err := Parse(tt.path, []byte(tt.in), Options{Getenv: getenv, Home: "/home/u"})
			if err != nil {
				t.Fatal(err)
			}
			if len(cfg.Servers) != len(tt.want) {
				t.Fatalf("%d servers, want %d: %+v", len(cfg.Servers), len(tt.want), cfg.Servers)
			}
			for i := range tt.want {
				if !reflect.DeepEqual(cfg.Servers[i], tt.want[i]) {
					t.Errorf("server %d\n got %+v\nwant %+v", i, cfg.Servers[i], tt.want[i])
				}
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"{\n  \"mcpServers\": {\n    \"a\": {\"command\": \"x\",, }\n  }\n}", "c.json:3:28: invalid character '}' looking for beginning of object key string"},
		{`{"tools": []}`, `c.json: not a client config: want {"mcpServers": {...}} (Claude Desktop, Cursor, .mcp.json) or {"servers": {...}} (VS Code mcp.json)`},
		{`{"mcpServers": {"a": "node x.js"}}`, "c.json: mcpServers.a: want an object with a command (or a url)"},
		{`{"mcpServers": {"a": {"command": ["node"]}}}`, "c.json: mcpServers.a: command: want a string, not a JSON array"},
		{`{"servers": {"a": {"command": "node", "args": "x.js"}}}`, "c.json: servers.a: args: want an array of strings"},
		{`{"servers": {"a": {"command": "node", "env": {"A": {}}}}}`, "c.json: servers.a: env.A: want a string"},
		{`{"servers": {"a": {"command": "node"}}, "inputs": {}}`, `c.json: inputs: want an array of {"id": ..., "type": ..., "description": ...}`},
	}
	for _, tt := range tests {
		_, err := Parse("c.json", []byte(tt.in), Options{Getenv: env(nil), Home: "/h"})
		if err == nil || err.Error() != tt.want {
			t.Errorf("Parse(%s)\n got %v\nwant %s", tt.in, err, tt.want)
		}
	}
}

func TestSniff(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{`{"mcpServers": {}}`, true},
		{"// c\n{\"servers\": {},}", true},
		{`{"mcp": {"servers": {}}}`, true},
		{`{"tools": [], "servers": {}}`, false},
		{`{"servers": []}`, false},
		{`[{"name": "servers"}]`, false},
		{`{"mcplint_trace":1}`, false},
		{`not json`, false},
		{`{"a": {"tools": 1}, /* "tools" */ "servers": {"x": {}}}`, true},
		{`{"tool\u0073": [], "servers": {}}`, false},
		{`{"jsonrpc": "2.0", "id": 1, "result": {"tools": [{"name": "a,}"}]}}`, false},
		{`{"servers": {"a": {"args": ["]", "}", "//"]},},} // end`, true},
	}
	for _, tt := range tests {
		if got := Sniff([]byte(tt.in)); got != tt.want {
			t.Errorf("Sniff(%s) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestStandardizeKeepsStrings(t *testing.T) {
	in := `{"a": "// not a comment, /* nor this */", "b": [1, 2,], "c": "\",]"} // end`
	got := string(standardize([]byte(in)))
	want := `{"a": "// not a comment, /* nor this */", "b": [1, 2 ], "c": "\",]"}       `
	if got != want {
		t.Errorf("standardize\n got %q\nwant %q", got, want)
	}
	if len(got) != len(in) {
		t.Error("standardize moved bytes")
	}
}

func TestInputEnv(t *testing.T) {
	for id, want := range map[string]string{"github-token": "MCPLINT_INPUT_GITHUB_TOKEN", "apiKey2": "MCPLINT_INPUT_APIKEY2", "a.b c": "MCPLINT_INPUT_A_B_C"} {
		if got := InputEnv(id); got != want {
			t.Errorf("InputEnv(%q) = %q, want %q", id, got, want)
		}
	}
	if !strings.HasPrefix(InputEnv("x"), "MCPLINT_INPUT_") {
		t.Error("prefix")
	}
}

func FuzzStandardize(f *testing.F) {
	f.Add([]byte(`{"a": "//", "b": [1,], /* c */ "d": "\"/*"} // e`))
	f.Add([]byte(`{"mcpServers": {"a": {"command": "x", "args": ["\\", "/*"],},}}`))
	f.Fuzz(func(t *testing.T, in []byte) {
		out := standardize(in)
		if len(out) != len(in) {
			t.Fatalf("standardize changed the length: %q -> %q", in, out)
		}
		if json.Valid(in) && !bytes.Equal(in, out) {
			t.Fatalf("standardize changed valid JSON: %q -> %q", in, out)
		}
	})
}

// FuzzSniff holds the quick scan of the top-level keys to the answer from
// the decoded file.
func FuzzSniff(f *testing.F) {
	f.Add([]byte(`{"mcpServers": {"a": {"command": "x"}}}`))
	f.Add([]byte(`{"a": [1, {"b": "}"}], // c
"servers": {},}`))
	f.Add([]byte(`{"x": "\"", "tools": []}`))
	f.Add([]byte(`{"mcp": {"servers": {}}} trailing`))
	f.Fuzz(func(t *testing.T, in []byte) {
		if got, want := Sniff(in), sniffDecoded(in); got != want {
			t.Fatalf("Sniff(%q) = %v, decoding says %v", in, got, want)
		}
	})
}
