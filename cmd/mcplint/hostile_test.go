//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// runCLIBounded is runCLI that gives up when mcplint has not returned in a
// minute: a hostile input must make it exit, not hang the test binary.
func runCLIBounded(t *testing.T, dir string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	type result struct {
		stdout, stderr string
		code           int
	}
	done := make(chan result, 1)
	go func() {
		o, e, c := runCLI(t, dir, args...)
		done <- result{o, e, c}
	}()
	select {
	case r := <-done:
		return r.stdout, r.stderr, r.code
	case <-time.After(time.Minute):
		t.Fatalf("mcplint %s did not return", strings.Join(args, " "))
		return "", "", 0
	}
}

// TestHostileTargetFiles lints targets that are not regular files, or are
// too large to read: each is refused at once with exit 3, never read.
func TestHostileTargetFiles(t *testing.T) {
	dir := t.TempDir()
	if err := os.Symlink("/dev/zero", filepath.Join(dir, "zero.json")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo.json"), 0o644); err != nil {
		t.Fatal(err)
	}
	// 500 MB of "[": sparse past the first bytes, so the test writes no
	// more than a page; a reader that reads before it checks the size
	// would still read all of it.
	big, err := os.Create(filepath.Join(dir, "brackets.json"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := big.WriteString(strings.Repeat("[", 4096)); err != nil {
		t.Fatal(err)
	}
	if err := big.Truncate(500 << 20); err != nil {
		t.Fatal(err)
	}
	big.Close()
	writeFile(t, dir, "small.json", `{"tools":[`+strings.Repeat(" ", 2000)+`]}`)

	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"zero.json"}, "zero.json: a character device, not a regular file"},
		{[]string{"fifo.json"}, "fifo.json: a FIFO (named pipe), not a regular file"},
		{[]string{"brackets.json"}, "the file is 500 MiB, over the 256 MiB cap on input files"},
		{[]string{"--max-file-size", "1KiB", "small.json"}, "the file is 2.0 KiB, over the 1 KiB cap on input files"},
	} {
		stdout, stderr, code := runCLIBounded(t, dir, tc.args...)
		if code != exitTarget || !strings.Contains(stderr, tc.want) {
			t.Errorf("mcplint %s: exit %d, want %d with %q\nstdout: %s\nstderr: %s", strings.Join(tc.args, " "), code, exitTarget, tc.want, stdout, stderr)
		}
	}
}

// TestHostileTraceLine lints a trace with a 60 MB line: the line is
// skipped as over the cap and reported, and the rest of the trace linted.
func TestHostileTraceLine(t *testing.T) {
	dir := t.TempDir()
	f, err := os.Create(filepath.Join(dir, "trace.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	header := `{"mcplint_trace":1,"command":["srv"],"started":"2026-01-02T15:04:05Z"}` + "\n"
	if _, err := f.WriteString(header); err != nil {
		t.Fatal(err)
	}
	// The long line is a hole of NUL bytes: nothing is written for it.
	if _, err := f.WriteAt([]byte("\n"+`{"t_ms":2,"dir":"stderr","raw":"after"}`+"\n"), int64(len(header))+60<<20); err != nil {
		t.Fatal(err)
	}
	f.Close()
	stdout, stderr, code := runCLIBounded(t, dir, "trace.jsonl")
	if code == exitTarget || !strings.Contains(stdout, "message-too-large") || !strings.Contains(stdout, "60.0 MiB") {
		t.Errorf("exit %d; want a message-too-large finding of 60.0 MiB\nstdout: %s\nstderr: %s", code, stdout, stderr)
	}
}
