//go:build linux

package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// The attacks below run the mcplint binary the way a user would, under an
// address-space limit of 3 GB (prlimit --as): an input that makes mcplint
// allocate without bound then ends in the Go runtime's "fatal error: out
// of memory" and a stack dump, which each attack must never produce. Each
// must instead end with a defined exit code and a clear message, having
// used less than 1 GB (the child's peak resident size, from rusage), within
// a generous deadline that only guards against a hang.
//
// MCPLINT_HOSTILE_BIN runs them against another mcplint binary (an older
// build, to see which attacks it falls to) instead of building this one.

const (
	addressSpace = "3000000000"
	peakLimitKB  = 1 << 20 // 1 GiB, as rusage counts it on Linux
	attackWait   = 4 * time.Minute
)

var hostileBuild struct {
	once sync.Once
	dir  string
	bin  string
	err  error
}

// hostileBinaries builds mcplint and the hostile plugin once for every
// attack, and returns mcplint's path and the plugin's.
func hostileBinaries(t *testing.T) (mcplint, plugin string) {
	t.Helper()
	if _, err := exec.LookPath("prlimit"); err != nil {
		t.Skip("prlimit (util-linux) is not installed")
	}
	b := &hostileBuild
	b.once.Do(func() {
		if b.dir, b.err = os.MkdirTemp("", "mcplint-hostile-"); b.err != nil {
			return
		}
		b.bin = os.Getenv("MCPLINT_HOSTILE_BIN")
		if b.bin == "" {
			b.bin = filepath.Join(b.dir, "mcplint")
			if out, err := exec.Command("go", "build", "-o", b.bin, ".").CombinedOutput(); err != nil {
				b.err = fmt.Errorf("building mcplint: %v\n%s", err, out)
				return
			}
		}
		if out, err := exec.Command("go", "build", "-o", filepath.Join(b.dir, "mcplint-plugin-hostile"), "../../plugins/testdata/hostile").CombinedOutput(); err != nil {
			b.err = fmt.Errorf("building the hostile plugin: %v\n%s", err, out)
		}
	})
	if b.err != nil {
		t.Fatal(b.err)
	}
	return b.bin, filepath.Join(b.dir, "mcplint-plugin-hostile")
}

// attackResult is what one run of mcplint under the limit gave.
type attackResult struct {
	stdout, stderr string
	code           int
	peakKB         int64
	took           time.Duration
}

// runAttack runs mcplint with args in dir under the address-space limit,
// with HOME set to dir so that no plugin of the user's is found.
func runAttack(t *testing.T, dir string, args ...string) attackResult {
	t.Helper()
	bin, _ := hostileBinaries(t)
	ctx, cancel := context.WithTimeout(context.Background(), attackWait)
	defer cancel()
	cmd := exec.CommandContext(ctx, "prlimit", append([]string{"--as=" + addressSpace, "--", bin}, args...)...)
	cmd.Dir = dir
	cmd.Env = []string{"HOME=" + dir, "PATH=" + os.Getenv("PATH"), "LANG=C"}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 5 * time.Second
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &limited{w: &stdout, n: 1 << 20}, &limited{w: &stderr, n: 1 << 20}
	start := time.Now()
	err := cmd.Run()
	r := attackResult{stdout: stdout.String(), stderr: stderr.String(), took: time.Since(start)}
	if ctx.Err() != nil {
		t.Fatalf("mcplint %s did not end within %s (hung or far too slow)\nstderr: %.2000s", strings.Join(args, " "), attackWait, r.stderr)
	}
	if ee, ok := errors.AsType[*exec.ExitError](err); ok {
		r.code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		r.peakKB = ru.Maxrss
	}
	return r
}

// limited keeps the first n bytes written to it, so that a flood of
// output cannot exhaust the test.
type limited struct {
	w *strings.Builder
	n int
}

func (l *limited) Write(p []byte) (int, error) {
	if room := l.n - l.w.Len(); room > 0 {
		l.w.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

// writeBig writes a file of head, then body repeated n times, then tail,
// through a buffer: the large inputs are made at test time, never stored.
func writeBig(t *testing.T, path, head, body string, n int, tail string) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	w.WriteString(head)
	for range n {
		w.WriteString(body)
	}
	w.WriteString(tail)
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

const (
	hostileTools = `{"tools":[{"name":"get_weather","description":"Returns the current weather for a city.","inputSchema":{"type":"object","properties":{"city":{"type":"string"}}}}]}`
	traceHead    = `{"mcplint_trace":1,"command":["srv"],"started":"2026-01-02T15:04:05Z"}` + "\n" +
		`{"t_ms":1,"dir":"c2s","msg":{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}}` + "\n" +
		`{"t_ms":2,"dir":"s2c","msg":{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"s","version":"1"}}}}` + "\n" +
		`{"t_ms":3,"dir":"c2s","msg":{"jsonrpc":"2.0","method":"notifications/initialized"}}` + "\n" +
		`{"t_ms":4,"dir":"c2s","msg":{"jsonrpc":"2.0","id":2,"method":"tools/list"}}` + "\n" +
		`{"t_ms":5,"dir":"s2c","msg":{"jsonrpc":"2.0","id":2,"result":` + hostileTools + `}}` + "\n"
	zeroPin = "0000000000000000000000000000000000000000000000000000000000000000"
)

// TestHostileReaders runs every file and decoder attack: links to
// /dev/zero and FIFOs where mcplint reads a file, TOML and JSON built to
// exhaust a decoder, and traces of millions of records.
func TestHostileReaders(t *testing.T) {
	for _, tc := range []struct {
		name  string
		setup func(t *testing.T, dir string) []string
		code  int
		want  string // in stderr or stdout
	}{
		{"baseline is a link to /dev/zero", func(t *testing.T, dir string) []string {
			return []string{"--baseline", "zero.json", "tools.json"}
		}, exitUsage, "zero.json: a character device, not a regular file"},
		{"baseline is a FIFO", func(t *testing.T, dir string) []string {
			return []string{"--baseline", "fifo", "tools.json"}
		}, exitUsage, "fifo: a FIFO (named pipe), not a regular file"},
		{"lock file is a link to /dev/zero", func(t *testing.T, dir string) []string {
			return []string{"lock", "--lock", "zero.json", "tools.json"}
		}, exitUsage, "zero.json: a character device, not a regular file"},
		{"lock file is a FIFO", func(t *testing.T, dir string) []string {
			return []string{"lock", "--lock", "fifo", "tools.json"}
		}, exitUsage, "fifo: a FIFO (named pipe), not a regular file"},
		{"config is a FIFO", func(t *testing.T, dir string) []string {
			return []string{"-c", "fifo", "tools.json"}
		}, exitUsage, "fifo: cannot read the config file: a FIFO (named pipe), not a regular file"},
		{"config nests arrays 200,000 deep", func(t *testing.T, dir string) []string {
			writeBig(t, filepath.Join(dir, "deep.toml"), "version = 1\na = ", "[", 200_000, strings.Repeat("]", 200_000)+"\n")
			return []string{"-c", "deep.toml", "tools.json"}
		}, exitUsage, "deep.toml:2:68: the file is nested deeper than the 64 levels a config file may hold"},
		{"config nests inline tables 200,000 deep", func(t *testing.T, dir string) []string {
			writeBig(t, filepath.Join(dir, "inline.toml"), "version = 1\na = ", "{b = ", 200_000, "1"+strings.Repeat("}", 200_000)+"\n")
			return []string{"-c", "inline.toml", "tools.json"}
		}, exitUsage, "inline.toml:2:320: the file is nested deeper than the 64 levels"},
		{"config of a million keys", func(t *testing.T, dir string) []string {
			f, _ := os.Create(filepath.Join(dir, "keys.toml"))
			w := bufio.NewWriter(f)
			w.WriteString("version = 1\n[rules]\n")
			for i := range 1_000_000 {
				fmt.Fprintf(w, "k%d = 1\n", i)
			}
			w.Flush()
			f.Close()
			return []string{"-c", "keys.toml", "tools.json"}
		}, exitUsage, "keys.toml:100001:1: the file holds more than the 100,000 values, keys and items a config file may hold"},
		{"baseline of a million entries", func(t *testing.T, dir string) []string {
			writeBig(t, filepath.Join(dir, "base.json"), `{"version":1,"issues":[`, `{"server":"s","rule":"r","tool":"t","pointer":"/tools/*","hash":"sha256:0123456789abcdef"},`, 1_000_000, `{}]}`)
			return []string{"--baseline", "base.json", "tools.json"}
		}, exitUsage, "base.json:1:16545426: the file holds more than the 2,000,000 values, keys and items a baseline may hold"},
		{"lock file of a million tools", func(t *testing.T, dir string) []string {
			writeBig(t, filepath.Join(dir, "big.lock"), `{"version":1,"servers":{"tools":{"tools":{`, `"t":{"sha256":"sha256:0","parts":{"/description":"sha256:1"}},`, 1_000_000, `"u":{}}}}}`)
			return []string{"lock", "--lock", "big.lock", "tools.json"}
		}, exitUsage, "big.lock:1:15499977: the file holds more than the 2,000,000 values, keys and items a lock file may hold"},
		{"pinned plugin path is a FIFO", func(t *testing.T, dir string) []string {
			writeFile(t, dir, "plugin.toml", "version = 1\n[[plugin]]\nname = \"x\"\npath = \"fifo\"\nsha256 = \""+zeroPin+"\"\n")
			return []string{"-c", "plugin.toml", "tools.json"}
		}, exitTarget, "fifo: a FIFO (named pipe), not a regular file"},
		{"pinned plugin path is a link to /dev/zero", func(t *testing.T, dir string) []string {
			writeFile(t, dir, "plugin.toml", "version = 1\n[[plugin]]\nname = \"x\"\npath = \"zero.json\"\nsha256 = \""+zeroPin+"\"\n")
			return []string{"-c", "plugin.toml", "tools.json"}
		}, exitTarget, "zero.json: a character device, not a regular file"},
		{"trace of 1,000,000 notifications", func(t *testing.T, dir string) []string {
			writeBig(t, filepath.Join(dir, "a.trace.jsonl"), traceHead, `{"t_ms":6,"dir":"s2c","msg":{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"x"}}}`+"\n", 1_000_000, "")
			return []string{"a.trace.jsonl"}
		}, exitOK, "1 target"},
		{"trace of 4,000,000 notifications", func(t *testing.T, dir string) []string {
			writeBig(t, filepath.Join(dir, "b.trace.jsonl"), traceHead, `{"t_ms":6,"dir":"s2c","msg":{"jsonrpc":"2.0","method":"n"}}`+"\n", 4_000_000, "")
			return []string{"b.trace.jsonl"}
		}, exitOK, "1 target"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFile(t, dir, "tools.json", hostileTools)
			if err := os.Symlink("/dev/zero", filepath.Join(dir, "zero.json")); err != nil {
				t.Fatal(err)
			}
			if err := syscall.Mkfifo(filepath.Join(dir, "fifo"), 0o600); err != nil {
				t.Fatal(err)
			}
			args := tc.setup(t, dir)
			r := runAttack(t, dir, args...)
			checkAttack(t, args, r, tc.code, tc.want)
		})
	}
}

// checkAttack requires a defined exit code, no Go runtime abort, the
// message, and a peak under 1 GB; it logs what it measured.
func checkAttack(t *testing.T, args []string, r attackResult, code int, want string) {
	t.Helper()
	t.Logf("mcplint %.60s: exit %d, peak %d MB, %.1fs: %.200s", strings.Join(args, " "), r.code, r.peakKB>>10, r.took.Seconds(), headLine(r.stderr))
	if strings.Contains(r.stderr, "fatal error") || strings.Contains(r.stderr, "goroutine ") {
		t.Errorf("the Go runtime aborted (exit %d):\n%.3000s", r.code, r.stderr)
	}
	if r.code != code {
		t.Errorf("exit %d, want %d\nstderr: %.2000s", r.code, code, r.stderr)
	}
	if !strings.Contains(r.stderr+r.stdout, want) {
		t.Errorf("the output does not say %q\nstdout: %.2000s\nstderr: %.2000s", want, r.stdout, r.stderr)
	}
	if r.peakKB >= peakLimitKB {
		t.Errorf("peak resident size %d MB, over 1 GB", r.peakKB>>10)
	}
}

// headLine is the first line of s.
func headLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}

// TestHostileListName lints a client config saved as tools.json, the name
// the pre-commit hook and the Action pass as a static tool list: its
// command must not run unless --server names the server.
func TestHostileListName(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "tools.json", `{"mcpServers":{"x":{"command":"/bin/sh","args":["-c","touch ran"]}}}`)
	args := []string{"tools.json"}
	r := runAttack(t, dir, args...)
	checkAttack(t, args, r, exitTarget, "tools.json: this file holds a client config, but its name is one a tool list or trace is saved under")
	if _, err := os.Stat(filepath.Join(dir, "ran")); err == nil {
		t.Error("the command of a client config named tools.json ran")
	}
}

// TestHostilePlugin runs a plugin whose rule summary holds terminal
// escapes and whose issues carry megabyte-deep pointers: listings print
// the summary escaped, and a lint refuses the issues with a message.
func TestHostilePlugin(t *testing.T) {
	_, plugin := hostileBinaries(t)
	dir := t.TempDir()
	writeFile(t, dir, "tools.json", hostileTools)
	if err := os.MkdirAll(filepath.Join(dir, ".mcplint", "plugins"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(plugin, filepath.Join(dir, ".mcplint", "plugins", "mcplint-plugin-hostile")); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"plugins"}, {"rules"}} {
		r := runAttack(t, dir, args...)
		checkAttack(t, args, r, exitOK, `clears the screen \x1b[2J\x1b]0;pwned\x07 when printed raw`)
		if strings.ContainsAny(r.stdout, "\x1b\x07") {
			t.Errorf("mcplint %s printed a terminal escape raw", args[0])
		}
	}
	args := []string{"tools.json"}
	r := runAttack(t, dir, args...)
	checkAttack(t, args, r, exitTarget, "plugin returned an issue that mcplint refused: its pointer is 976.6 KiB, over the 4 KiB cap")
}
