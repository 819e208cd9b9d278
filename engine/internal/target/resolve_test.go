package target

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// tree writes files under root: a path ending in "*" is made executable
// (the star is dropped), a path ending in "/" is a folder.
func tree(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		mode := os.FileMode(0o644)
		if strings.HasSuffix(name, "*") {
			name, mode = strings.TrimSuffix(name, "*"), 0o755
		}
		p := filepath.Join(root, name)
		if strings.HasSuffix(name, "/") {
			if err := os.MkdirAll(p, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), mode); err != nil {
			t.Fatal(err)
		}
	}
}

const traceHeader = `{"mcplint_trace":1,"command":["srv"],"started":"2026-01-02T15:04:05Z"}` + "\n"

func TestResolve(t *testing.T) {
	root := t.TempDir()
	tree(t, root, map[string]string{
		"tools.json":      `{"tools":[]}`,
		"session.jsonl":   traceHeader,
		"notes.txt":       "hello",
		"bin/weather*":    "\x7fELF",
		"script.py":       "print()",
		"tool.py*":        "#!/usr/bin/env python3\nprint()",
		"index.mjs":       "",
		"noshebang.js*":   "console.log(1)",
		"home/tools.json": `[]`,
		"claude.json": `{"mcpServers": {
			"fs": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"], "env": {"K": "v"}},
			"local": {"command": "./run.sh"},
			"remote": {"type": "sse", "url": "https://example.com/mcp"}
		}}`,
		"vscode/.vscode/mcp.json":         `{"servers": {"gh": {"type": "stdio", "command": "gh-mcp"}}}`,
		"named/tools.json":                `{"mcpServers": {"evil": {"command": "./evil.sh"}}}`,
		"named/a.trace.jsonl":             `{"servers": {"evil": {"command": "./evil.sh"}}}`,
		"node-pkg/package.json":           `{"name": "@acme/weather", "bin": {"weather": "bin/cli.js", "other": "x.js"}}`,
		"node-pkg/bin/cli.js":             "",
		"node-main/package.json":          `{"name": "m", "main": "index.js"}`,
		"node-main/index.js":              "",
		"node-multi/package.json":         `{"name": "m", "bin": {"a": "a.js", "b": "b.js"}}`,
		"node-unbuilt/package.json":       `{"name": "m", "main": "dist/index.js"}`,
		"go-root/go.mod":                  "module example.com/weather/v2 // the module\n",
		"go-root/main.go":                 "// Command x.\npackage main\n\nfunc main() {}\n",
		"go-cmd/go.mod":                   "module x\n",
		"go-cmd/lib.go":                   "package x\n",
		"go-cmd/cmd/weather/main.go":      "package main\n",
		"go-cmd/cmd/README.md":            "",
		"go-multi/go.mod":                 "module x\n",
		"go-multi/cmd/a/main.go":          "package main\n",
		"go-multi/cmd/b/main.go":          "package main\n",
		"py-flat/pyproject.toml":          "[project]\nname = \"weather\"\n[project.scripts]\nweather-mcp = \"weather.server:main\"\n",
		"py-src/pyproject.toml":           "[project]\nname = \"w\"\n[project.scripts]\nw = \"w.app:cli.run [extra]\"\n",
		"py-src/src/":                     "",
		"py-module/pyproject.toml":        "[project.scripts]\nw = \"w.server\"\n",
		"py-venv/pyproject.toml":          "[project.scripts]\nweather-mcp = \"weather.server:main\"\n",
		"py-venv/.venv/bin/weather-mcp*":  "#!/bin/sh\n",
		"py-venv/.venv/bin/python*":       "",
		"py-multi/pyproject.toml":         "[project.scripts]\na = \"m:a\"\nb = \"m:b\"\n",
		"py-bad/pyproject.toml":           "[project\n",
		"exe-dir/server*":                 "#!/bin/sh\n",
		"exe-dir/README":                  "",
		"empty/":                          "",
		"with-config/.mcplint.toml":       "version = 1\n[server]\ncommand = [\"./run.sh\", \"--stdio\"]\nenv = { UNITS = \"metric\" }\ntimeout = \"5s\"\n[rules]\npreset = \"all\"\n",
		"with-config/package.json":        `{"main": "ignored.js"}`,
		"with-target/.mcplint.toml":       "[server]\ntarget = \"../claude.json\"\nenv = { EXTRA = \"1\" }\n",
		"loop/.mcplint.toml":              "[server]\ntarget = \".\"\n",
		"loop-a/.mcplint.toml":            "[server]\ntarget = \"../loop-b\"\n",
		"loop-b/.mcplint.toml":            "[server]\ntarget = \"../loop-a\"\n",
		"both/.mcplint.toml":              "[server]\ncommand = [\"x\"]\ntarget = \"y\"\n",
		"bad-toml/.mcplint.toml":          "[server\n",
		"config-only-rules/.mcplint.toml": "[rules]\npreset = \"all\"\n",
		"config-only-rules/server*":       "",
	})
	home := filepath.Join(root, "home")
	opts := Options{Dir: root, Home: home, Getenv: func(k string) string {
		return map[string]string{"PYTHONPATH": "/old"}[k]
	}}
	at := func(p ...string) string { return filepath.Join(append([]string{root}, p...)...) }
	fsServer := Target{Name: "fs", Keyed: true, Input: "claude.json", Kind: Command, Command: []string{"npx", "-y", "@modelcontextprotocol/server-filesystem", "/tmp"}, Env: map[string]string{"K": "v"}, Dir: root, Group: "claude.json"}
	localServer := Target{Name: "local", Keyed: true, Input: "claude.json", Kind: Command, Command: []string{at("run.sh")}, Env: map[string]string{}, Dir: root, Group: "claude.json"}
	remoteServer := Target{Name: "remote", Keyed: true, Input: "claude.json", Kind: Remote, Dir: root, Group: "claude.json", URL: "https://example.com/mcp",
		Skip: "a legacy HTTP+SSE (2024-11-05) server at https://example.com/mcp: mcplint speaks Streamable HTTP, which replaced it; lint a trace of it or its tool list instead"}
	tests := []struct {
		name    string
		args    []string
		command []string
		opts    func(*Options)
		want    []Target
		err     string
	}{
		{name: "static", args: []string{"tools.json"}, want: []Target{{Name: "tools", Input: "tools.json", Kind: Static, Path: at("tools.json")}}},
		{name: "trace", args: []string{"session.jsonl"}, want: []Target{{Name: "session", Input: "session.jsonl", Kind: Trace, Path: at("session.jsonl")}}},
		{name: "home", args: []string{"~/tools.json"}, want: []Target{{Name: "tools", Input: "~/tools.json", Kind: Static, Path: at("home", "tools.json")}}},
		{name: "absolute", args: []string{at("tools.json")}, want: []Target{{Name: "tools", Input: at("tools.json"), Kind: Static, Path: at("tools.json")}}},
		{name: "executable", args: []string{"bin/weather"}, want: []Target{{Name: "weather", Input: "bin/weather", Kind: Command, Command: []string{at("bin", "weather")}}}},
		{name: "python", args: []string{"script.py"}, want: []Target{{Name: "script", Input: "script.py", Kind: Command, Command: []string{"python3", at("script.py")}}}},
		{name: "executable script", args: []string{"tool.py"}, want: []Target{{Name: "tool", Input: "tool.py", Kind: Command, Command: []string{at("tool.py")}}}},
		{name: "executable script without #!", args: []string{"noshebang.js"}, want: []Target{{Name: "noshebang", Input: "noshebang.js", Kind: Command, Command: []string{"node", at("noshebang.js")}}}},
		{name: "module", args: []string{"index.mjs"}, want: []Target{{Name: filepath.Base(root), Input: "index.mjs", Kind: Command, Command: []string{"node", at("index.mjs")}}}},
		{name: "client config", args: []string{"claude.json"}, want: []Target{fsServer, localServer, remoteServer}},
		{name: "client config --server", args: []string{"claude.json"}, opts: func(o *Options) { o.Server = "local" }, want: []Target{localServer}},
		{name: "client config named tools.json", args: []string{"named/tools.json"}, err: "named/tools.json: this file holds a client config, but its name is one a tool list or trace is saved under"},
		{name: "client config named *.trace.jsonl", args: []string{"named/a.trace.jsonl"}, err: "named/a.trace.jsonl: this file holds a client config, but its name is one a tool list or trace is saved under"},
		{name: "client config named tools.json, --server", args: []string{"named/tools.json"}, opts: func(o *Options) { o.Server = "evil" },
			want: []Target{{Name: "evil", Keyed: true, Input: "named/tools.json", Kind: Command, Command: []string{at("named", "evil.sh")}, Env: map[string]string{}, Dir: at("named"), Group: "named/tools.json"}}},
		{name: "vs code config", args: []string{"vscode/.vscode/mcp.json"}, want: []Target{{Name: "gh", Keyed: true, Input: "vscode/.vscode/mcp.json", Kind: Command, Command: []string{"gh-mcp"}, Env: map[string]string{}, Dir: at("vscode"), Group: "vscode/.vscode/mcp.json"}}},
		{name: "package.json bin", args: []string{"node-pkg"}, want: []Target{{Name: "weather", Input: "node-pkg", Kind: Command, Command: []string{"node", at("node-pkg", "bin", "cli.js")}, Dir: at("node-pkg")}}},
		{name: "package.json main", args: []string{"node-main/"}, want: []Target{{Name: "m", Input: "node-main/", Kind: Command, Command: []string{"node", at("node-main", "index.js")}, Dir: at("node-main")}}},
		{name: "go.mod root", args: []string{"go-root"}, want: []Target{{Name: "weather", Input: "go-root", Kind: Command, Command: []string{"go", "run", "."}, Dir: at("go-root")}}},
		{name: "go.mod cmd", args: []string{"go-cmd"}, want: []Target{{Name: "weather", Input: "go-cmd", Kind: Command, Command: []string{"go", "run", "./cmd/weather"}, Dir: at("go-cmd")}}},
		{name: "pyproject flat", args: []string{"py-flat"}, want: []Target{{Name: "weather", Input: "py-flat", Kind: Command, Command: []string{"python3", "-c", `import importlib, sys; sys.exit(importlib.import_module("weather.server").main())`}, Dir: at("py-flat")}}},
		{name: "pyproject src", args: []string{"py-src"}, want: []Target{{Name: "w", Input: "py-src", Kind: Command, Command: []string{"python3", "-c", `import importlib, sys; sys.exit(importlib.import_module("w.app").cli.run())`}, Env: map[string]string{"PYTHONPATH": at("py-src", "src") + ":/old"}, Dir: at("py-src")}}},
		{name: "pyproject module", args: []string{"py-module"}, want: []Target{{Name: "py-module", Input: "py-module", Kind: Command, Command: []string{"python3", "-m", "w.server"}, Dir: at("py-module")}}},
		{name: "pyproject venv", args: []string{"py-venv"}, want: []Target{{Name: "py-venv", Input: "py-venv", Kind: Command, Command: []string{at("py-venv", ".venv", "bin", "weather-mcp")}, Dir: at("py-venv")}}},
		{name: "server executable", args: []string{"exe-dir"}, want: []Target{{Name: "exe-dir", Input: "exe-dir", Kind: Command, Command: []string{at("exe-dir", "server")}, Dir: at("exe-dir")}}},
		{name: ".mcplint.toml command", args: []string{"with-config"}, want: []Target{{Name: "with-config", Input: "with-config", Kind: Command, Command: []string{at("with-config", "run.sh"), "--stdio"}, Env: map[string]string{"UNITS": "metric"}, Dir: at("with-config")}}},
		{name: ".mcplint.toml without [server]", args: []string{"config-only-rules"}, want: []Target{{Name: "config-only-rules", Input: "config-only-rules", Kind: Command, Command: []string{at("config-only-rules", "server")}, Dir: at("config-only-rules")}}},
		{name: ".mcplint.toml target", args: []string{"with-target"}, opts: func(o *Options) { o.Server = "fs" }, want: []Target{{Name: "fs", Keyed: true, Input: "../claude.json", Kind: Command, Command: fsServer.Command, Env: map[string]string{"K": "v", "EXTRA": "1"}, Dir: root, Group: "../claude.json"}}},
		{name: "explicit command", command: []string{"./srv", "--stdio"}, want: []Target{{Name: "srv", Input: "./srv --stdio", Kind: Command, Command: []string{at("srv"), "--stdio"}, Dir: root}}},
		{name: "explicit launcher", command: []string{"npx", "-y", "@acme/weather-mcp", "--key", "a b"}, want: []Target{{Name: "weather-mcp", Input: `npx -y @acme/weather-mcp --key "a b"`, Kind: Command, Command: []string{"npx", "-y", "@acme/weather-mcp", "--key", "a b"}, Dir: root}}},
		{name: "targets and command", args: []string{"tools.json"}, command: []string{"go", "run", "."}, want: []Target{{Name: "tools", Input: "tools.json", Kind: Static, Path: at("tools.json")}, {Name: filepath.Base(root), Input: "go run .", Kind: Command, Command: []string{"go", "run", "."}, Dir: root}}},
		{name: "config command", opts: func(o *Options) {
			o.Config = ServerConfig{Command: []string{"go", "run", "./testdata/servers/weather"}, Env: map[string]string{"A": "1"}, Dir: at("proj"), File: at("proj", ".mcplint.toml")}
		}, want: []Target{{Name: "weather", Input: "go run ./testdata/servers/weather", Kind: Command, Command: []string{"go", "run", "./testdata/servers/weather"}, Env: map[string]string{"A": "1"}, Dir: at("proj")}}},
		{name: "config target", opts: func(o *Options) {
			o.Config = ServerConfig{Target: "../exe-dir", Env: map[string]string{"A": "1"}, Dir: at("go-root"), File: at("go-root", ".mcplint.toml")}
		}, want: []Target{{Name: "exe-dir", Input: "../exe-dir", Kind: Command, Command: []string{at("exe-dir", "server")}, Env: map[string]string{"A": "1"}, Dir: at("exe-dir")}}},

		{name: "missing", args: []string{"nope.json"}, err: "nope.json: no such file or folder ($ROOT/nope.json); a target is a server folder, an executable, a .py/.js/.mjs script, a .json/.jsonl file, or -- COMMAND ARGS"},
		{name: "unknown file", args: []string{"notes.txt"}, err: "notes.txt: not something mcplint can lint: want a server folder, an executable (chmod +x), a .py/.js/.mjs script, or a .json/.jsonl file (a tool list, a trace, a client config)"},
		{name: "empty folder", args: []string{"empty"}, err: "empty: no server found in this folder; looked for " + lookedFor + ". Name the command instead: mcplint -- COMMAND ARGS"},
		{name: "several bins", args: []string{"node-multi"}, err: "node-multi: package.json has several bin entries (a, b) and none is named after the package; name the server: mcplint -- node PATH"},
		{name: "unbuilt package", args: []string{"node-unbuilt"}, err: `node-unbuilt: package.json names "dist/index.js" as the entry point, and it does not exist; build the package first (npm run build)`},
		{name: "several go commands", args: []string{"go-multi"}, err: "go-multi: go.mod: several commands (./cmd/a, ./cmd/b); name the server: mcplint -- go run ./cmd/NAME"},
		{name: "several scripts", args: []string{"py-multi"}, err: "py-multi: pyproject.toml: several [project.scripts] (a, b); name the server: mcplint -- .venv/bin/NAME, or set [server] command in .mcplint.toml"},
		{name: "bad pyproject", args: []string{"py-bad"}, err: "py-bad: pyproject.toml: toml: line 2: expected '.' or ']' to end table name"},
		{name: "self loop", args: []string{"loop"}, err: `$ROOT/loop/.mcplint.toml: [server] target "." is the folder itself`},
		{name: "loop", args: []string{"loop-a"}, err: `$ROOT/loop-b/.mcplint.toml: [server] target "../loop-a" leads back to $ROOT/loop-a: the [server] targets of $ROOT/loop-a -> $ROOT/loop-b form a loop`},
		{name: "command and target", args: []string{"both"}, err: "$ROOT/both/.mcplint.toml: [server] has both command and target; keep one"},
		{name: "bad toml", args: []string{"bad-toml"}, err: "$ROOT/bad-toml/.mcplint.toml: toml: line 2: expected '.' or ']' to end table name"},
		{name: "empty command", command: []string{}, err: `"--" must be followed by the server's command: mcplint -- COMMAND [ARGS]`},
		{name: "no target", err: "no target: name a server folder, a file (a tool list, a trace, a client config) or -- COMMAND ARGS, or set [server] in .mcplint.toml"},
		{name: "unknown server", args: []string{"claude.json", "vscode/.vscode/mcp.json"}, opts: func(o *Options) { o.Server = "fss" }, err: "--server fss: no such server (claude.json has fs, local, remote; vscode/.vscode/mcp.json has gh)"},
		{name: "skipped server", args: []string{"claude.json"}, opts: func(o *Options) { o.Server = "remote" }, err: "--server remote in claude.json: a legacy HTTP+SSE (2024-11-05) server at https://example.com/mcp: mcplint speaks Streamable HTTP, which replaced it; lint a trace of it or its tool list instead"},
		{name: "url", args: []string{"http://user@127.0.0.1:8080/mcp?x=1"}, want: []Target{{Name: "127.0.0.1:8080", Input: "http://user@127.0.0.1:8080/mcp?x=xxxxx", Kind: Remote, URL: "http://user@127.0.0.1:8080/mcp?x=1"}}},
		{name: "url with credentials", args: []string{"https://me:pw-123@mcp.example.com/mcp?api_key=k-456"}, want: []Target{{Name: "mcp.example.com", Input: "https://me:xxxxx@mcp.example.com/mcp?api_key=xxxxx", Kind: Remote, URL: "https://me:pw-123@mcp.example.com/mcp?api_key=k-456"}}},
		{name: "url from [server] with headers", opts: func(o *Options) {
			o.Config = ServerConfig{Target: "https://mcp.example.com/mcp", Headers: map[string]string{"Authorization": "Bearer ${env:TOKEN}", "X-Plain": "v"}}
			o.Getenv = func(k string) string { return map[string]string{"TOKEN": "s3cret"}[k] }
		}, want: []Target{{Name: "mcp.example.com", Input: "https://mcp.example.com/mcp", Kind: Remote, URL: "https://mcp.example.com/mcp",
			Headers: map[string]string{"Authorization": "Bearer s3cret", "X-Plain": "v"}}}},
		{name: "url header variable unset", opts: func(o *Options) {
			o.Config = ServerConfig{Target: "https://mcp.example.com/mcp", Headers: map[string]string{"Authorization": "Bearer ${env:NOPE}"}}
			o.Getenv = func(string) string { return "" }
		}, want: []Target{{Name: "mcp.example.com", Input: "https://mcp.example.com/mcp", Kind: Remote, URL: "https://mcp.example.com/mcp",
			Skip: "header Authorization uses ${env:NOPE}, which is not set in the environment; set it to lint this server"}}},
		{name: "server without config", args: []string{"tools.json"}, opts: func(o *Options) { o.Server = "fs" }, err: "--server fs picks a server of a client config, and no target is one"},
		{name: "config target missing", opts: func(o *Options) {
			o.Config = ServerConfig{Target: "gone", Dir: root, File: at(".mcplint.toml")}
		}, err: "$ROOT/.mcplint.toml: [server] target: gone: no such file or folder ($ROOT/gone); a target is a server folder, an executable, a .py/.js/.mjs script, a .json/.jsonl file, or -- COMMAND ARGS"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := opts
			if tt.opts != nil {
				tt.opts(&o)
			}
			got, err := Resolve(tt.args, tt.command, o)
			if tt.err != "" {
				if err == nil {
					t.Fatalf("no error, want %q; got %+v", tt.err, got)
				}
				msg := strings.ReplaceAll(err.Error(), root, "$ROOT")
				if !strings.HasPrefix(msg, tt.err) {
					t.Errorf("error\n got %s\nwant %s", msg, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for i := range got {
				if got[i].Data != nil {
					if data, err := os.ReadFile(got[i].Path); err != nil || !bytes.Equal(got[i].Data, data) {
						t.Errorf("target %d: Data is not the file %s as read (%v)", i, got[i].Path, err)
					}
					got[i].Data = nil
				}
				got[i].Declared, got[i].DeclaredLine = "", 0 // TestDeclared's
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Resolve\n got %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

// TestDeclared: a live target names the file that declares it, the one
// a finding about the server can be attached to: the nearest of the
// package manifest, the folder's .mcplint.toml, the client config (at its
// entry's line) and the config's [server]; a script is its own; a
// compiled executable or a command line has none.
func TestDeclared(t *testing.T) {
	root := t.TempDir()
	tree(t, root, map[string]string{
		"script.py":            "print()",
		"bin/weather*":         "\x7fELF",
		"node/package.json":    `{"name": "w", "main": "index.js"}`,
		"node/index.js":        "",
		"cfgdir/.mcplint.toml": "[server]\ncommand = [\"./run.sh\"]\n",
		"via/.mcplint.toml":    "[server]\ntarget = \"../node\"\n",
		"claude.json":          "{\"mcpServers\": {\n  \"a\": {\"command\": \"x\"},\n  \"b\": {\"command\": \"a\"}\n}}",
		"proj/.mcplint.toml":   "version = 1\n\n[server]\ntarget = \"x\"\n",
	})
	for _, tc := range []struct {
		name    string
		args    []string
		command []string
		config  ServerConfig
		want    []string // "file:line" per target
	}{
		{"script", []string{"script.py"}, nil, ServerConfig{}, []string{"script.py:0"}},
		{"executable", []string{"bin/weather"}, nil, ServerConfig{}, []string{":0"}},
		{"package.json", []string{"node"}, nil, ServerConfig{}, []string{"node/package.json:0"}},
		{"folder config", []string{"cfgdir"}, nil, ServerConfig{}, []string{"cfgdir/.mcplint.toml:1"}},
		{"folder config target keeps the manifest", []string{"via"}, nil, ServerConfig{}, []string{"node/package.json:0"}},
		{"client config", []string{"claude.json"}, nil, ServerConfig{}, []string{"claude.json:2", "claude.json:3"}},
		{"command line", nil, []string{"node", "x.js"}, ServerConfig{}, []string{":0"}},
		{"config command", nil, nil, ServerConfig{Command: []string{"x"}, Dir: filepath.Join(root, "proj"), File: filepath.Join(root, "proj/.mcplint.toml")}, []string{"proj/.mcplint.toml:3"}},
		{"config url", nil, nil, ServerConfig{Target: "https://example.com/mcp", Dir: filepath.Join(root, "proj"), File: filepath.Join(root, "proj/.mcplint.toml")}, []string{"proj/.mcplint.toml:3"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ts, err := Resolve(tc.args, tc.command, Options{Dir: root, Config: tc.config})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, tg := range ts {
				rel := strings.TrimPrefix(strings.TrimPrefix(tg.Declared, root), "/")
				got = append(got, fmt.Sprintf("%s:%d", rel, tg.DeclaredLine))
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("declared by %q, want %q", got, tc.want)
			}
		})
	}
}

func TestCommandName(t *testing.T) {
	tests := []struct {
		want string
		argv []string
	}{
		{"weather", []string{"/srv/weather"}},
		{"server-filesystem", []string{"npx", "-y", "@modelcontextprotocol/server-filesystem", "/tmp"}},
		{"srv", []string{"node", "dist/index.js"}},
		{"mcp-server-fetch", []string{"uvx", "mcp-server-fetch"}},
		{"srv", []string{"go", "run", "."}},
		{"weather", []string{"go", "run", "./cmd/weather"}},
		{"docker", []string{"docker", "run", "-i", "img"}},
		{"node", []string{"node"}},
		{"server-everything", []string{"node", "/npm/node_modules/@modelcontextprotocol/server-everything/dist/index.js"}},
		{"python3", []string{"python3", "-c", "import sys; sys.exit(0)"}},
		{"weather-mcp", []string{"python3", "/srv/weather-mcp/src/server.py"}},
		{"tool", []string{"./tool.py"}},
		{"slack", []string{"env", "SLACK_BOT_TOKEN=xoxb-1", "/opt/slack"}},
		{"tool", []string{"/usr/bin/env", "-u", "HOME", "A=1", "python3", "x/tool.py"}},
		{"env", []string{"env", "A=1"}},
	}
	for _, tt := range tests {
		if got := commandName(tt.argv, "/srv"); got != tt.want {
			t.Errorf("commandName(%q) = %q, want %q", tt.argv, got, tt.want)
		}
	}
}
