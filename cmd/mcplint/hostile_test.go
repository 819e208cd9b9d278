//go:build unix

package main

import (
	"io"
	"os"
	"path/filepath"
	"strconv"
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

// TestInitPlantedLink runs init where .mcplint.toml is a planted link: a
// dangling one is refused (its target never created), and --force replaces
// a link to another file without touching that file.
func TestInitPlantedLink(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, ".mcplint.toml")
	created := filepath.Join(dir, "created")
	if err := os.Symlink(created, cfg); err != nil {
		t.Fatal(err)
	}
	_, stderr, code := runCLIBounded(t, dir, "init")
	if code != exitUsage || !strings.Contains(stderr, "is a symbolic link") {
		t.Errorf("init on a dangling link: exit %d, stderr %s", code, stderr)
	}
	if _, err := os.Lstat(created); err == nil {
		t.Error("init created the dangling link's target")
	}

	victim := writeFile(t, dir, "victim", "precious")
	os.Remove(cfg)
	if err := os.Symlink(victim, cfg); err != nil {
		t.Fatal(err)
	}
	if _, stderr, code := runCLIBounded(t, dir, "init", "--force"); code != exitOK {
		t.Fatalf("init --force: exit %d, stderr %s", code, stderr)
	}
	if b, _ := os.ReadFile(victim); string(b) != "precious" {
		t.Errorf("init --force wrote through the link: the victim holds %q", b)
	}
	if st, err := os.Lstat(cfg); err != nil || !st.Mode().IsRegular() {
		t.Errorf(".mcplint.toml is %v (%v), want a regular file in the link's place", st.Mode(), err)
	}
}

// TestReportOutputs writes reports onto an existing 0600 file, a pipe by
// its /dev/fd name and a FIFO: the file keeps its mode, the others get the
// report and stay what they were.
func TestReportOutputs(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "t.json", `{"tools":[]}`)
	r := filepath.Join(dir, "r.txt")
	if err := os.WriteFile(r, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, stderr, code := runCLIBounded(t, dir, "-o", "r.txt", "t.json"); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if st, _ := os.Stat(r); st.Mode().Perm() != 0o600 {
		t.Errorf("-o r.txt made the 0600 file %v", st.Mode().Perm())
	}
	if _, stderr, code := runCLIBounded(t, dir, "-o", "new.txt", "t.json"); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	} else if st, _ := os.Stat(filepath.Join(dir, "new.txt")); st.Mode().Perm() != 0o644 {
		t.Errorf("-o new.txt made a %v file, want 0644", st.Mode().Perm())
	}

	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer pr.Close()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	fromFIFO := make(chan []byte, 1)
	go func() {
		// Blocks until mcplint opens the FIFO to write.
		f, err := os.Open(fifo)
		if err != nil {
			fromFIFO <- []byte(err.Error())
			return
		}
		defer f.Close()
		b, _ := io.ReadAll(f)
		fromFIFO <- b
	}()
	pipe := "/dev/fd/" + strconv.Itoa(int(pw.Fd()))
	// Reports outgrow a pipe's buffer: read while mcplint writes.
	fromPipe := make(chan []byte, 1)
	go func() { b, _ := io.ReadAll(pr); fromPipe <- b }()
	if _, stderr, code := runCLIBounded(t, dir, "-f", "json="+pipe, "-f", "sarif=fifo", "t.json"); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	pw.Close()
	if b := <-fromPipe; !strings.Contains(string(b), `"targets"`) {
		t.Errorf("-f json=%s: the pipe got %.200q", pipe, b)
	}
	select {
	case b := <-fromFIFO:
		if !strings.Contains(string(b), `"runs"`) {
			t.Errorf("-f sarif=fifo: the FIFO's reader got %.200q", b)
		}
	case <-time.After(10 * time.Second):
		t.Error("-f sarif=fifo: mcplint returned and the FIFO's reader got nothing")
	}
	if st, _ := os.Lstat(fifo); st.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the FIFO was replaced by a %v", st.Mode())
	}
}

// TestAmbiguousStaticFile lints a tool list whose tool gives "name" twice
// and holds a byte that is not UTF-8: both are findings, placed in the file.
func TestAmbiguousStaticFile(t *testing.T) {
	stdout, stderr, code := runCLIBounded(t, "../../testdata/hostile", "ambiguous.json")
	for _, want := range []string{
		"duplicate-key  ambiguous.json:1:68",
		`the key "name" is given twice in the object at /tools/0`,
		"invalid-utf8  ambiguous.json:1:170",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("exit %d; the report lacks %q\nstdout: %s\nstderr: %s", code, want, stdout, stderr)
		}
	}
}
