//go:build unix

package live

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The probes' second process starts only once the main session has
// settled the era: a server that leaves without answering (here half a
// second after it started, time enough for a second process to start) is
// started once, not once for the lint and once more for the probes.
func TestAServerThatNeverAnswersIsStartedOnce(t *testing.T) {
	dir := t.TempDir()
	starts := filepath.Join(dir, "starts")
	script := filepath.Join(dir, "server.sh")
	if err := os.WriteFile(script, []byte("#!/bin/sh\necho started >> '"+starts+"'\nsleep 0.5\nexit 3\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := load(t, command(script), Options{}); err == nil {
		t.Fatal("a server that never answered was linted without an error")
	}
	data, err := os.ReadFile(starts)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(data), "started"); n != 1 {
		t.Errorf("the server was started %d times, want 1", n)
	}
}
