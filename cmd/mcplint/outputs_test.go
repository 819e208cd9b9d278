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

//END
