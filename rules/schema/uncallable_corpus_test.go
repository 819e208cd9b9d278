package schema

import (
	"path/filepath"
	"testing"

	"github.com/mcplint/mcplint/sdk/linttest"
)

// TestUncallableParameterSilentOnCleanLists runs uncallable-parameter over
// the tool lists captured from published servers and the clean corpus the
// security rules keep: every tool there can be called, so a finding is a
// false positive.
func TestUncallableParameterSilentOnCleanLists(t *testing.T) {
	var files []string
	for _, pattern := range []string{
		filepath.Join("..", "..", "testdata", "realservers", "*.json"),
		filepath.Join("..", "security", "testdata", "corpus", "clean", "servers", "*.json"),
		filepath.Join("..", "security", "testdata", "corpus", "clean", "*.json"),
	} {
		m, err := filepath.Glob(pattern)
		if err != nil || len(m) == 0 {
			t.Fatalf("no tool lists at %s: %v", pattern, err)
		}
		files = append(files, m...)
	}
	for _, f := range files {
		snap, err := linttest.Load(f)
		if err != nil {
			t.Fatal(err)
		}
		got, err := linttest.Check(uncallableParameter{}, snap)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for _, is := range got {
			t.Errorf("%s: %s %s %s: %s", filepath.Base(f), is.Severity, is.Tool, is.Pointer, is.Message)
		}
	}
}
