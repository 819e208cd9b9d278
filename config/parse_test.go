package config

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/mcplint/mcplint/sdk"
)

// TestErrorMessages pins the message of every kind of mistake: each
// testdata/errors/NAME.toml must fail with exactly NAME.golden.
func TestErrorMessages(t *testing.T) {
	files, err := filepath.Glob("testdata/errors/*.toml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			_, err = Parse(".mcplint.toml", data, testKnown)
			if err == nil {
				t.Fatal("Parse accepted a broken config")
			}
			var first *Error
			if !errors.As(err, &first) || first.Line < 1 || first.Column < 1 {
				t.Errorf("error is not placed: %#v", err)
			}
			golden(t, strings.TrimSuffix(f, ".toml")+".golden", err.Error()+"\n")
		})
	}
}

func TestParseFull(t *testing.T) {
	src := `#:schema ./schema/mcplint-config.schema.json
version = 1

[server]                        # what mcplint lints with no target
command = ["go", "run", "./testdata/servers/weather"]
env = { WEATHER_UNITS = "metric" }
timeout = "10s"
startup-timeout = "2m"
probes = "all"
exercise = "readonly"

[rules]
preset = "recommended"
enable = ["security", "tool-name-portable", "acme/no-foo"]
disable = ["too-many-tools"]

[rules.severity]
tool-name-style = "error"
"acme/no-foo" = "info"

[rules.settings.description-too-short]
min-length = 20

[[ignore]]
rule = "dangling-tool-reference"
tool = "search_*"
reason = "search_web comes from the companion server"

[[ignore]]
rule = "tool-name-style"
server = "legacy-*"
pointer = "/tools/0/name"
reason = """
Clients already call these tools by name;
renaming them breaks every client."""

[[plugin]]
name = "acme"
path = ".mcplint/plugins/mcplint-plugin-acme"
sha256 = "AB12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12"
[plugin.settings]
banned-words = ["foo"]

[output]
format = "sarif"
fail-on = "warning"
min-grade = "C"
max-same-issues = 0
help-uri = "https://docs.example.com/mcplint#{rule}"
`
	cfg, err := Parse("dir/.mcplint.toml", []byte(src), testKnown)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Dir() != "dir" || cfg.Version != 1 {
		t.Errorf("Dir() = %q, Version = %d", cfg.Dir(), cfg.Version)
	}
	wantServer := Server{
		Command: []string{"go", "run", "./testdata/servers/weather"},
		Env:     map[string]string{"WEATHER_UNITS": "metric"},
		Timeout: 10 * time.Second, StartupTimeout: 2 * time.Minute, Probes: "all", Exercise: "readonly",
	}
	if !reflect.DeepEqual(cfg.Server, wantServer) {
		t.Errorf("Server = %+v, want %+v", cfg.Server, wantServer)
	}
	r := cfg.Rules
	if r.Preset != "recommended" || !reflect.DeepEqual(r.Enable, []string{"security", "tool-name-portable", "acme/no-foo"}) ||
		!reflect.DeepEqual(r.Disable, []string{"too-many-tools"}) ||
		!reflect.DeepEqual(r.Severity, map[string]sdk.Severity{"tool-name-style": sdk.Error, "acme/no-foo": sdk.Info}) {
		t.Errorf("Rules = %+v", r)
	}
	var settings struct {
		MinLength int `json:"min-length"`
	}
	if err := r.Settings["description-too-short"](&settings); err != nil || settings.MinLength != 20 {
		t.Errorf("settings = %+v, %v", settings, err)
	}
	wantIgnores := []Ignore{
		{Rule: "dangling-tool-reference", Tool: "search_*", Reason: "search_web comes from the companion server", Line: 24, Column: 1},
		{Rule: "tool-name-style", Server: "legacy-*", Pointer: "/tools/0/name", Reason: "Clients already call these tools by name;\nrenaming them breaks every client.", Line: 29, Column: 1},
	}
	if !reflect.DeepEqual(cfg.Ignores, wantIgnores) {
		t.Errorf("Ignores = %+v\nwant %+v", cfg.Ignores, wantIgnores)
	}
	wantPlugins := []Plugin{{Name: "acme", Path: ".mcplint/plugins/mcplint-plugin-acme",
		SHA256:   "ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12",
		Settings: map[string]any{"banned-words": []any{"foo"}}}}
	if !reflect.DeepEqual(cfg.Plugins, wantPlugins) {
		t.Errorf("Plugins = %+v", cfg.Plugins)
	}
	if want := (Output{Format: "sarif", FailOn: "warning", MinGrade: "C", Color: "auto", MaxSameIssues: 0, HelpURI: "https://docs.example.com/mcplint#{rule}"}); cfg.Output != want {
		t.Errorf("Output = %+v, want %+v", cfg.Output, want)
	}
}

// TestParseDefaults: what a file leaves out keeps Default()'s value.
func TestParseDefaults(t *testing.T) {
	cfg, err := Parse("c.toml", []byte("version = 1\n[server]\ntarget = \"tools.json\"\n"), testKnown)
	if err != nil {
		t.Fatal(err)
	}
	def := Default()
	if cfg.Rules.Preset != def.Rules.Preset || cfg.Output != def.Output || cfg.Server.Target != "tools.json" {
		t.Errorf("cfg = %+v", cfg)
	}
	if (&Config{}).Dir() != "." {
		t.Error("Dir of defaults is not the working directory")
	}
}

// TestDiscoveredPlugin: a plugin found on disk, not in [[plugin]], makes
// its rules nameable.
func TestDiscoveredPlugin(t *testing.T) {
	known := testKnown
	known.Plugins = []string{"acme"}
	if _, err := Parse("c.toml", []byte("version = 1\n[rules]\ndisable = [\"acme/no-foo\"]\n"), known); err != nil {
		t.Fatal(err)
	}
}

func TestSuggest(t *testing.T) {
	cands := []string{"hidden-unicode-tag", "tool-name-style", "tool-name-format", "warning", "error", "info"}
	for _, tc := range []struct{ in, want string }{
		{"hiden-unicode-tag", "hidden-unicode-tag"},
		{"hdiden-unicode-tag", "hidden-unicode-tag"},
		{"Tool-Name-Style", "tool-name-style"},
		{"tool-name-stlye", "tool-name-style"},
		{"warn", "warning"},
		{"tool", ""}, // a prefix of two names is no suggestion
		{"banana", ""},
		{"tool-name-style", ""},
	} {
		if got := Suggest(tc.in, cands); got != tc.want {
			t.Errorf("Suggest(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
