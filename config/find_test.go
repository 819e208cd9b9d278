package config

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

// TestPrecedence pins which file wins: --config, then MCPLINT_CONFIG, then
// the nearest .mcplint.toml from the working directory up, then defaults.
func TestPrecedence(t *testing.T) {
	root := t.TempDir()
	for path, preset := range map[string]string{
		".mcplint.toml":              "all",
		"proj/.mcplint.toml":         "none",
		"proj/flag.toml":             "recommended",
		"elsewhere/env.toml":         "all",
		"proj/sub/deeper/.gitkeep":   "",
		"other/sub/.mcplint.toml/ok": "",
	} {
		if preset == "" {
			writeFile(t, filepath.Join(root, path), "")
			continue
		}
		writeFile(t, filepath.Join(root, path), "version = 1\n[rules]\npreset = \""+preset+"\"\n")
	}
	deeper := filepath.Join(root, "proj/sub/deeper")
	env := func(v string) func(string) string {
		return func(k string) string {
			if k == EnvVar {
				return v
			}
			return ""
		}
	}
	for _, tc := range []struct {
		name, dir, flag, env, want string
	}{
		{"nearest from a subfolder", deeper, "", "", filepath.Join(deeper, "../../.mcplint.toml")},
		{"nearest in the folder itself", filepath.Join(root, "proj"), "", "", filepath.Join(root, "proj/.mcplint.toml")},
		{"env beats nearest", deeper, "", filepath.Join(root, "elsewhere/env.toml"), filepath.Join(root, "elsewhere/env.toml")},
		{"env relative to the working directory", filepath.Join(root, "proj"), "", "flag.toml", filepath.Join(root, "proj/flag.toml")},
		{"flag beats env", filepath.Join(root, "proj"), "flag.toml", filepath.Join(root, "elsewhere/env.toml"), filepath.Join(root, "proj/flag.toml")},
		{"a directory named like the file is skipped", filepath.Join(root, "other/sub"), "", "", filepath.Join(root, "other/sub/../../.mcplint.toml")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Resolve(tc.dir, tc.flag, env(tc.env))
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("Resolve = %q, want %q", got, tc.want)
			}
		})
	}

	t.Run("Open loads the winner", func(t *testing.T) {
		cfg, err := Open(filepath.Join(root, "proj"), "", env(""), testKnown)
		if err != nil || cfg.Rules.Preset != "none" {
			t.Fatalf("Open = %+v, %v", cfg, err)
		}
	})
	t.Run("defaults when nothing is found", func(t *testing.T) {
		empty := t.TempDir()
		if p, err := Find(empty); err != nil || p != "" && !strings.HasPrefix(p, empty) {
			t.Skipf("a %s above the temporary folder is in the way: %s", FileName, p)
		}
		cfg, err := Open(empty, "", nil, testKnown)
		if err != nil || cfg.Path != "" || cfg.Rules.Preset != PresetRecommended {
			t.Fatalf("Open = %+v, %v", cfg, err)
		}
	})
	t.Run("relative dir gives a relative path", func(t *testing.T) {
		t.Chdir(deeper)
		if got, err := Find("."); err != nil || got != "../../.mcplint.toml" {
			t.Errorf("Find(.) = %q, %v", got, err)
		}
	})
	for _, tc := range []struct{ name, flag, env, want string }{
		{"missing --config file", "nope.toml", "", `nope.toml: config file named by --config cannot be read: no such file or directory`},
		{"missing MCPLINT_CONFIG file", "", "gone.toml", `gone.toml: config file named by MCPLINT_CONFIG cannot be read: no such file or directory`},
		{"a directory", "sub", "", `sub: config file named by --config is a directory; name the .mcplint.toml file inside it`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(root, "proj")
			_, err := Resolve(dir, tc.flag, env(tc.env))
			var ce *Error
			if !errors.As(err, &ce) {
				t.Fatalf("Resolve error = %v, want a *Error", err)
			}
			if got := strings.TrimPrefix(err.Error(), dir+string(filepath.Separator)); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}

func TestLoadUnreadable(t *testing.T) {
	_, err := Load(filepath.Join(t.TempDir(), "missing.toml"), testKnown)
	if err == nil || !strings.Contains(err.Error(), "cannot read the config file: no such file or directory") {
		t.Errorf("Load = %v", err)
	}
}
