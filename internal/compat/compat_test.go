package compat

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestClientsDocCurrent holds docs/clients.md to the embedded data.
func TestClientsDocCurrent(t *testing.T) {
	path := filepath.Join("..", "..", "docs", "clients.md")
	got := Markdown()
	if os.Getenv("MCPLINT_UPDATE_GOLDEN") != "" {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("docs/clients.md is not what the profiles say: run MCPLINT_UPDATE_GOLDEN=1 go test ./internal/compat")
	}
}

// TestBuiltinProfiles: the seven profiles load, each checks
// something, and each limit has a source with a date or a thread.
func TestBuiltinProfiles(t *testing.T) {
	want := []string{"claude", "claude-code", "cursor", "gemini", "openai", "openai-strict", "vscode"}
	if got := BuiltinNames(); strings.Join(got, ",") != strings.Join(want, ",") {
		t.Fatalf("built-in profiles = %v, want %v", got, want)
	}
	for _, n := range want {
		p := Builtin()[n]
		if p.Title == "" || p.About == "" {
			t.Errorf("%s: title and about are needed for the docs", n)
		}
		if p.ToolName == nil && p.ToolCount == nil && p.CombinedName == nil && len(p.Keywords) == 0 && p.Allowed == nil && len(p.Shapes) == 0 {
			t.Errorf("%s checks nothing", n)
		}
		var sources []string
		for _, s := range []*string{fieldSource(p.ToolName), fieldSourceC(p.CombinedName), fieldSourceN(p.ToolCount)} {
			if s != nil {
				sources = append(sources, *s)
			}
		}
		for _, k := range p.Keywords {
			sources = append(sources, k.Source)
		}
		for _, s := range p.Shapes {
			sources = append(sources, s.Source)
		}
		for _, s := range sources {
			if !strings.Contains(s, "20") {
				t.Errorf("%s: source %q has no date", n, s)
			}
		}
	}
}

func fieldSource(r *NameRule) *string {
	if r == nil {
		return nil
	}
	return &r.Source
}

func fieldSourceC(r *CombinedRule) *string {
	if r == nil {
		return nil
	}
	return &r.Source
}

func fieldSourceN(r *CountRule) *string {
	if r == nil {
		return nil
	}
	return &r.Source
}
