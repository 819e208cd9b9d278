package config

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// FuzzParse: no input panics, every rejection is a placed *Error, and an
// accepted config is version 1.
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob("testdata/errors/*.toml")
	for _, file := range files {
		if data, err := os.ReadFile(file); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte("version = 1\n[server]\ncommand = [\"x\"]\n[[ignore]]\nrule = \"tool-name-style\"\nreason = \"r\"\n"))
	f.Add([]byte("version = 1\n[rules.settings.tool-name-style]\nstyle = { a = [1, { b = '''x''' }] }\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		cfg, err := Parse("f.toml", data, testKnown)
		if err != nil {
			var ce *Error
			if !errors.As(err, &ce) {
				t.Fatalf("error is not a *Error: %T %v", err, err)
			}
			return
		}
		if cfg.Version != FormatVersion {
			t.Fatalf("accepted version %d", cfg.Version)
		}
		for name, decode := range cfg.Rules.Settings {
			var v struct {
				Style string `json:"style"`
			}
			if err := decode(&v); err != nil {
				var ce *Error
				if !errors.As(err, &ce) {
					t.Fatalf("settings of %s: error is not a *Error: %v", name, err)
				}
			}
		}
	})
}
