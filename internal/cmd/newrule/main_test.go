package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// sandbox is a module root holding a copy of rules/naming's registry and
// documentation pages, where newrule can write without touching the
// checkout.
func sandbox(t *testing.T) (root, repo string) {
	t.Helper()
	repo, err := filepath.Abs(filepath.Join("..", "..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	root = t.TempDir()
	copyFile(t, filepath.Join(repo, "go.mod"), filepath.Join(root, "go.mod"))
	copyFile(t, filepath.Join(repo, "rules", "naming", "rules.go"), filepath.Join(root, "rules", "naming", "rules.go"))
	pages, _ := filepath.Glob(filepath.Join(repo, "rules", "naming", "docs", "*.md"))
	for _, p := range pages {
		copyFile(t, p, filepath.Join(root, "rules", "naming", "docs", filepath.Base(p)))
	}
	return root, repo
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// The rule newrule writes builds and vets as part of its package, with
// its line in Rules() in name order, its page and its two fixtures.
func TestNewRuleBuilds(t *testing.T) {
	root, repo := sandbox(t)
	var out, errs bytes.Buffer
	code := run([]string{"-severity", "error", "-summary", "A tool name is at most 64 characters",
		"naming", "tool-name-too-long"}, filepath.Join(root, "rules"), &out, &errs)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	for _, f := range []string{"rules/naming/tool_name_too_long.go", "rules/naming/docs/tool-name-too-long.md",
		"rules/naming/testdata/tool-name-too-long/bad.json", "rules/naming/testdata/tool-name-too-long/ok_clean.json"} {
		if !strings.Contains(out.String(), "wrote "+filepath.FromSlash(f)+"\n") {
			t.Errorf("stdout does not say it wrote %s:\n%s", f, out.String())
		}
		if _, err := os.Stat(filepath.Join(root, f)); err != nil {
			t.Error(err)
		}
	}
	reg, _ := os.ReadFile(filepath.Join(root, "rules", "naming", "rules.go"))
	if !strings.Contains(string(reg), "\t\t&toolNameStyle{},\n\t\ttoolNameTooLong{},\n\t}") {
		t.Errorf("Rules() does not list toolNameTooLong{} in name order:\n%s", reg)
	}
	page, _ := os.ReadFile(filepath.Join(root, "rules", "naming", "docs", "tool-name-too-long.md"))
	if !bytes.Contains(page, []byte("**Bad**")) || !bytes.Contains(page, []byte("**Good**")) {
		t.Errorf("the page has no Bad and Good examples:\n%s", page)
	}

	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command to build the new rule with")
	}
	overlay, _ := json.Marshal(map[string]map[string]string{"Replace": {
		filepath.Join(repo, "rules", "naming", "tool_name_too_long.go"): filepath.Join(root, "rules", "naming", "tool_name_too_long.go"),
		filepath.Join(repo, "rules", "naming", "rules.go"):              filepath.Join(root, "rules", "naming", "rules.go"),
	}})
	ov := filepath.Join(root, "overlay.json")
	if err := os.WriteFile(ov, overlay, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, verb := range []string{"build", "vet"} {
		cmd := exec.Command("go", verb, "-overlay", ov, "./rules/naming")
		cmd.Dir = repo
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("go %s of the new rule: %v\n%s", verb, err, b)
		}
	}
}

// A refused request writes nothing, and says why.
func TestNewRuleRefuses(t *testing.T) {
	for _, c := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"existing rule", []string{"naming", "tool-name-duplicate"}, 1, `rule "tool-name-duplicate" exists already`},
		{"not kebab-case", []string{"naming", "ToolNameTooLong"}, 1, "use kebab-case"},
		{"unknown category", []string{"names", "tool-name-too-long"}, 1, `category "names": use one of`},
		{"summary with a period", []string{"-summary", "Checks names.", "naming", "x-y"}, 1, "without a period"},
		{"bad severity", []string{"-severity", "fatal", "naming", "x-y"}, 2, `-severity "fatal"`},
		{"one argument", []string{"naming"}, 2, "usage: go run ./internal/cmd/newrule"},
	} {
		t.Run(c.name, func(t *testing.T) {
			root, _ := sandbox(t)
			before, _ := os.ReadFile(filepath.Join(root, "rules", "naming", "rules.go"))
			var out, errs bytes.Buffer
			code := run(c.args, root, &out, &errs)
			if code != c.code || !strings.Contains(errs.String(), c.want) {
				t.Errorf("exit %d, stderr %q; want %d and %q", code, errs.String(), c.code, c.want)
			}
			after, _ := os.ReadFile(filepath.Join(root, "rules", "naming", "rules.go"))
			written, _ := filepath.Glob(filepath.Join(root, "rules", "naming", "*_*.go"))
			if !bytes.Equal(before, after) || len(written) > 0 {
				t.Errorf("a refused request changed the tree: %v", written)
			}
		})
	}
}

// A second run with the same name is refused: newrule never overwrites.
func TestNewRuleRunsOnce(t *testing.T) {
	root, _ := sandbox(t)
	var out, errs bytes.Buffer
	if code := run([]string{"naming", "tool-name-too-long"}, root, &out, &errs); code != 0 {
		t.Fatalf("first run: exit %d: %s", code, errs.String())
	}
	errs.Reset()
	if code := run([]string{"naming", "tool-name-too-long"}, root, &out, &errs); code != 1 || !strings.Contains(errs.String(), "exists already") {
		t.Errorf("second run: exit %d, %q", code, errs.String())
	}
}
