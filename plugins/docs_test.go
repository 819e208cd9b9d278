package plugins

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/sdk"
)

// TestDocsPluginBuildsAndRuns follows docs/plugins.md from scratch: the
// plugin in its first Go block becomes a module of its own (with the sdk
// from this checkout), is built, started and checked.
func TestDocsPluginBuildsAndRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a separate module")
	}
	doc, err := os.ReadFile("../docs/plugins.md")
	if err != nil {
		t.Fatal(err)
	}
	block := regexp.MustCompile("(?s)```go\n(// Command mcplint-plugin-acme.*?)```").FindSubmatch(doc)
	if block == nil {
		t.Fatal("docs/plugins.md has no complete plugin block")
	}
	repo, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	mod := t.TempDir()
	os.WriteFile(filepath.Join(mod, "main.go"), block[1], 0o644)
	// The doc's own commands make the module: go mod init, then the
	// go mod edit that adds the replace directive (its ../mcplint is a
	// clone: here, this checkout).
	edit := regexp.MustCompile(`(?m)^go mod edit (.*)$`).FindSubmatch(doc)
	if edit == nil {
		t.Fatal("docs/plugins.md has no go mod edit line with the replace directive")
	}
	for _, args := range [][]string{
		{"mod", "init", "example.com/mcplint-plugin-acme"},
		strings.Fields("mod edit " + strings.ReplaceAll(string(edit[1]), "=../mcplint", "="+repo)),
	} {
		cmd := exec.Command("go", args...)
		cmd.Dir = mod
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	bin := filepath.Join(binDir, BinaryPrefix+"acme")
	tidy := exec.Command("go", "mod", "tidy")
	tidy.Dir = mod
	if out, err := tidy.CombinedOutput(); err != nil {
		t.Fatalf("go mod tidy: %v\n%s", err, out)
	}
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Dir = mod
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	h, p := startOne(t, spec("acme"), Options{})
	if p.Err != nil {
		t.Fatal(p.Err)
	}
	rules := h.Rules()
	h.Configure(context.Background(), rules)
	snap := &sdk.Snapshot{Tools: []sdk.Tool{{Name: "search", Description: "Like Globex search"}}}
	var got []string
	if err := rules[0].Check(context.Background(), snap, func(is sdk.Issue) { got = append(got, is.Message) }); err != nil {
		t.Fatal(err)
	}
	if rules[0].Meta().Name != "acme/no-competitor" || strings.Join(got, "|") != `tool "search" mentions Globex` {
		t.Errorf("rule %s reported %q", rules[0].Meta().Name, got)
	}
}
