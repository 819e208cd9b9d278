package plugins

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
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

// TestPluginDocListsEverySnapshotField: docs/plugins.md lists every
// exported field of sdk.Snapshot with its JSON name, or says that it is
// not sent to plugins, and lists no field the Snapshot lacks, so the
// list a plugin author reads cannot drift from the SDK.
func TestPluginDocListsEverySnapshotField(t *testing.T) {
	doc, err := os.ReadFile("../docs/plugins.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := regexp.MustCompile("(?m)^\\| `([A-Za-z]+)` \\(([^)]*)\\) \\|").FindAllSubmatch(doc, -1)
	listed := map[string]string{}
	for _, r := range rows {
		listed[string(r[1])] = string(r[2])
	}
	typ := reflect.TypeFor[sdk.Snapshot]()
	fields := map[string]bool{}
	for f := range typ.Fields() {
		if !f.IsExported() {
			continue
		}
		fields[f.Name] = true
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		want := "`" + name + "`"
		if name == "-" {
			want = "not sent to plugins"
		}
		got, ok := listed[f.Name]
		switch {
		case !ok:
			t.Errorf("docs/plugins.md does not list Snapshot.%s: add a row | `%s` (%s) | … |", f.Name, f.Name, want)
		case got != want:
			t.Errorf("docs/plugins.md lists Snapshot.%s as (%s), want (%s)", f.Name, got, want)
		}
	}
	for name := range listed {
		if !fields[name] {
			t.Errorf("docs/plugins.md lists %s, which sdk.Snapshot does not have", name)
		}
	}
}
