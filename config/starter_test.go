package config

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

func TestDetectServer(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files map[string]string
		want  Detected
		found bool
	}{
		{"go module", map[string]string{"go.mod": "module x\n", "tools.json": "[]"},
			Detected{Command: []string{"go", "run", "."}, From: "go.mod"}, true},
		{"node bin string", map[string]string{"package.json": `{"name":"w","bin":"dist/cli.js","main":"index.js"}`},
			Detected{Command: []string{"node", "dist/cli.js"}, From: "package.json bin"}, true},
		{"node bin map prefers the package name", map[string]string{"package.json": `{"name":"weather","bin":{"aaa":"a.js","weather":"w.js"}}`},
			Detected{Command: []string{"node", "w.js"}, From: `package.json bin "weather"`}, true},
		{"node main", map[string]string{"package.json": `{"name":"w","main":"server.mjs"}`},
			Detected{Command: []string{"node", "server.mjs"}, From: "package.json main"}, true},
		{"node without entry falls through", map[string]string{"package.json": `{"name":"w"}`, "server.py": ""},
			Detected{Command: []string{"python3", "server.py"}, From: "server.py"}, true},
		{"python script", map[string]string{"pyproject.toml": "[project]\nname='x'\n", "main.py": ""},
			Detected{Command: []string{"python3", "main.py"}, From: "main.py"}, true},
		{"pyproject script", map[string]string{"pyproject.toml": "[project.scripts]\nweather-mcp = 'weather:main'\n"},
			Detected{Command: []string{"weather-mcp"}, From: `the pyproject.toml script "weather-mcp" (install the package first)`}, true},
		{"static tool list", map[string]string{"tools.json": "[]", "README.md": ""},
			Detected{Target: "tools.json", From: "tools.json"}, true},
		{"nothing", map[string]string{"README.md": ""}, Detected{}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, data := range tc.files {
				writeFile(t, filepath.Join(dir, name), data)
			}
			got, found := DetectServer(dir)
			if found != tc.found || !reflect.DeepEqual(got, tc.want) {
				t.Errorf("DetectServer = %+v, %v; want %+v, %v", got, found, tc.want, tc.found)
			}
		})
	}
	t.Run("executable named server", func(t *testing.T) {
		dir := t.TempDir()
		writeFile(t, filepath.Join(dir, "server"), "#!/bin/sh\n")
		if _, found := DetectServer(dir); found {
			t.Error("a non-executable file named server was taken for the server")
		}
		if err := os.Chmod(filepath.Join(dir, "server"), 0o755); err != nil {
			t.Fatal(err)
		}
		if got, _ := DetectServer(dir); !reflect.DeepEqual(got.Command, []string{"./server"}) {
			t.Errorf("DetectServer = %+v", got)
		}
	})
}

// TestStarter: each starter is golden, and each is a valid config.
func TestStarter(t *testing.T) {
	for _, tc := range []struct {
		name  string
		d     Detected
		found bool
	}{
		{"command", Detected{Command: []string{"node", `dist/my "cli".js`}, From: "package.json bin"}, true},
		{"target", Detected{Target: "tools.json", From: "tools.json"}, true},
		{"none", Detected{}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data := Starter(tc.d, tc.found)
			golden(t, filepath.Join("testdata", "starter", tc.name+".toml"), string(data))
			cfg, err := Parse(FileName, data, testKnown)
			if err != nil {
				t.Fatalf("the starter config is invalid:\n%v", err)
			}
			if !reflect.DeepEqual(cfg.Server.Command, tc.d.Command) || cfg.Server.Target != tc.d.Target {
				t.Errorf("starter [server] = %+v, want %+v", cfg.Server, tc.d)
			}
		})
	}
}
