package gitrev

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		arg       string
		want      Spec
		isGit, ok bool
	}{
		{"tools.json", Spec{}, false, true},
		{"git:main:tools.json", Spec{"main", "tools.json"}, true, true},
		{"git:HEAD~1:./a/b:c.json", Spec{"HEAD~1", "./a/b:c.json"}, true, true},
		{"git:main", Spec{}, true, false},
		{"git::tools.json", Spec{}, true, false},
		{"git:--output=x:tools.json", Spec{}, true, false},
	} {
		got, isGit, err := Parse(tc.arg)
		if isGit != tc.isGit || (err == nil) != tc.ok || got != tc.want {
			t.Errorf("Parse(%q) = %+v, %v, %v", tc.arg, got, isGit, err)
		}
	}
}

// TestReadCapped checks that a file over the cap is refused before it is
// read, and one under it is read whole.
func TestReadCapped(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "tools.json"), []byte(`{"tools": []}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"init", "-q"}, {"add", "tools.json"}, {"-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "x"}} {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	data, err := Read(context.Background(), dir, Spec{"HEAD", "tools.json"}, 0)
	if err != nil || string(data) != `{"tools": []}` {
		t.Fatalf("Read = %q, %v", data, err)
	}
	_, err = Read(context.Background(), dir, Spec{"HEAD", "tools.json"}, 5)
	if err == nil || !strings.Contains(err.Error(), "over the 5-byte cap") {
		t.Errorf("a file over the cap: %v", err)
	}
}
