package main

import (
	"flag"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/config"
)

// flagsWithoutKey are the lint flags that mirror no config key, and why:
// each is a choice about one run, not about the server a config is for.
var flagsWithoutKey = map[string]string{
	"config":     "names the config file itself",
	"only":       "replaces the rule selection for one run",
	"baseline":   "a file of issues recorded by one run, given per run",
	"save-trace": "where one run keeps its session",
	"resume":     "a folder of one long run's reports",
	"shard":      "which part of the targets one CI job lints",
	"no-plugins": "a per-run switch, as --help says",
	"quiet":      "how much one run prints",
	"verbose":    "how much one run prints",
}

// TestConfigKeysMirrorFlags: each key that names a flag names a lint flag,
// and each lint flag mirrors a key or is listed in flagsWithoutKey, so
// that a flag added for a config key is added to config.Keys too.
func TestConfigKeysMirrorFlags(t *testing.T) {
	fs := newLintFlags().fs
	mirrored := map[string]bool{}
	for _, k := range config.Keys {
		if k.Flag == "" {
			continue
		}
		mirrored[k.Flag] = true
		if fs.Lookup(k.Flag) == nil {
			t.Errorf("config key %s names --%s, which lint does not have", k.Path(), k.Flag)
		}
	}
	fs.VisitAll(func(f *flag.Flag) {
		if strings.HasPrefix(f.Usage, shorthandPrefix) {
			return
		}
		_, without := flagsWithoutKey[f.Name]
		switch {
		case mirrored[f.Name] && without:
			t.Errorf("--%s mirrors a config key and is listed in flagsWithoutKey", f.Name)
		case !mirrored[f.Name] && !without:
			t.Errorf("--%s mirrors no config key: add the key it sets to config.Keys (with Flag: %q), or say in flagsWithoutKey why it has none", f.Name, f.Name)
		}
	})
}

// TestApplyConfigFillsTheFlags: every key whose flag replaces it fills
// that flag when the flag is not given, and a flag given wins.
func TestApplyConfigFillsTheFlags(t *testing.T) {
	const src = `version = 1
[server]
timeout = "1m30s"
startup-timeout = "2m"
discover-wait = "1s"
name = "srv"
probes = "all"
exercise = "closed"
max-file-size = "2KiB"
[output]
format = "json"
file = "out.json"
fail-on = "warning"
min-grade = "B"
color = "never"
max-same-issues = 7
`
	want := map[string]string{
		"timeout": "1m30s", "startup-timeout": "2m0s", "discover-wait": "1s", "server": "srv",
		"probes": "all", "exercise": "closed", "max-file-size": "2 KiB",
		"format": "json", "output": "dir/out.json", "fail-on": "warning", "min-grade": "B",
		"color": "never", "max-same-issues": "7",
	}
	cfg, err := config.Parse("dir/.mcplint.toml", []byte(src), config.Known{})
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range config.Keys {
		if _, ok := k.FlagValue(cfg); ok {
			if _, listed := want[k.Flag]; !listed {
				t.Errorf("%s fills --%s: set it in this test's config and say what --%s becomes", k.Path(), k.Flag, k.Flag)
			}
		}
	}

	f := newLintFlags()
	if err := f.applyConfig(cfg); err != nil {
		t.Fatal(err)
	}
	for name, v := range want {
		if got := f.fs.Lookup(name).Value.String(); got != v {
			t.Errorf("from the config, --%s = %q, want %q", name, got, v)
		}
		if f.set(name) {
			t.Errorf("--%s counts as given when only the config set it", name)
		}
	}

	given := newLintFlags()
	args := []string{"--timeout", "5s", "-f", "sarif", "-o", "given.sarif", "--probes", "none", "--max-same-issues", "0", "--max-file-size", "1KiB"}
	if err := given.fs.Parse(args); err != nil {
		t.Fatal(err)
	}
	cfg, _ = config.Parse("dir/.mcplint.toml", []byte(src), config.Known{})
	if err := given.applyConfig(cfg); err != nil {
		t.Fatal(err)
	}
	for name, v := range map[string]string{"timeout": "5s", "format": "sarif", "output": "given.sarif", "probes": "none", "max-same-issues": "0", "max-file-size": "1 KiB", "fail-on": "warning"} {
		if got := given.fs.Lookup(name).Value.String(); got != v {
			t.Errorf("with %q, --%s = %q, want %q", args, name, got, v)
		}
	}
	if cfg.Server.MaxFileSize != 1024 {
		t.Errorf("--max-file-size 1KiB left the config's cap at %d", cfg.Server.MaxFileSize)
	}
}
