//go:build linux

package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// Every attack on mcplint runs here, through one harness: the mcplint
// binary, run the way a user would under an address-space limit of 3 GB
// (prlimit --as), given a hostile file, config, trace, schema, server or
// plugin. An input that makes mcplint allocate without bound then ends in
// the Go runtime's "fatal error: out of memory" and a stack dump, which no
// attack may produce. Each must instead end with its exit code and a clear
// message, having used less than 1 GB at its peak (the child's maximum
// resident size, from rusage), within a generous deadline that only
// guards against a hang and measures nothing. The peak is an upper
// bound: Go starts a child sharing the test's memory until it execs, and
// Linux keeps that high-water mark across exec, so a small run shows the
// test process's size (about 100 MB while the table's inputs are held).
//
// MCPLINT_ATTACK_BIN runs them against another mcplint binary (an older
// build, to see which attacks it falls to) instead of building this one.

const (
	addressSpace = "3000000000"
	peakLimitKB  = 1 << 20 // 1 GiB, as rusage counts it on Linux
	attackWait   = 4 * time.Minute
)

// An attack is one hostile input and what mcplint must make of it.
type attack struct {
	name string
	// setup prepares dir, mcplint's working folder and HOME, and returns
	// mcplint's arguments. dir already holds tools.json (a small tool
	// list), zero.json (a link to /dev/zero) and fifo (a FIFO).
	setup func(t *testing.T, dir string) []string
	// code is the exit code, want a text stdout or stderr holds.
	code int
	want string
	// limit replaces attackWait; signal, when set, is sent to mcplint
	// three seconds in, and it must still end.
	limit  time.Duration
	signal os.Signal
	// check, when set, checks more of the outcome.
	check func(t *testing.T, dir string, r attackResult)
}

// attackResult is what one run of mcplint under the limit gave.
type attackResult struct {
	stdout, stderr string
	code           int
	peakKB         int64
	took           time.Duration
}

// runAttacks runs each attack in a folder of its own, as a subtest.
func runAttacks(t *testing.T, attacks []attack) {
	t.Helper()
	for _, a := range attacks {
		t.Run(a.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFile(t, dir, "tools.json", hostileTools)
			if err := os.Symlink("/dev/zero", filepath.Join(dir, "zero.json")); err != nil {
				t.Fatal(err)
			}
			if err := syscall.Mkfifo(filepath.Join(dir, "fifo"), 0o600); err != nil {
				t.Fatal(err)
			}
			args := a.setup(t, dir)
			r := runAttack(t, dir, a.limit, a.signal, args...)
			checkAttack(t, args, r, a.code, a.want)
			if a.check != nil {
				a.check(t, dir, r)
			}
		})
	}
}

var attackBuild struct {
	once sync.Once
	dir  string
	err  error
}

// attackBinary is the path of one of the programs the attacks run:
// "mcplint", "mcplint-plugin-hostile" or the "flood" server, all built
// once for every attack.
func attackBinary(t *testing.T, name string) string {
	t.Helper()
	if _, err := exec.LookPath("prlimit"); err != nil {
		t.Skip("prlimit (util-linux) is not installed")
	}
	b := &attackBuild
	b.once.Do(func() {
		if b.dir, b.err = os.MkdirTemp("", "mcplint-attacks-"); b.err != nil {
			return
		}
		afterTests = append(afterTests, func() { os.RemoveAll(b.dir) })
		for _, p := range []struct{ name, pkg string }{
			{"mcplint", "."},
			{"mcplint-plugin-hostile", "../../plugins/testdata/hostile"},
			{"flood", "../../testdata/servers/flood"},
		} {
			if p.name == "mcplint" && os.Getenv("MCPLINT_ATTACK_BIN") != "" {
				continue
			}
			if out, err := exec.Command("go", "build", "-o", filepath.Join(b.dir, p.name), p.pkg).CombinedOutput(); err != nil {
				b.err = fmt.Errorf("building %s: %v\n%s", p.pkg, err, out)
				return
			}
		}
	})
	if b.err != nil {
		t.Fatal(b.err)
	}
	if bin := os.Getenv("MCPLINT_ATTACK_BIN"); name == "mcplint" && bin != "" {
		return bin
	}
	return filepath.Join(b.dir, name)
}

// runAttack runs mcplint with args in dir under the address-space limit,
// with HOME set to dir so that no plugin of the user's is found. It fails
// the test when mcplint has not ended within limit (attackWait when 0),
// and kills it then.
func runAttack(t *testing.T, dir string, limit time.Duration, sig os.Signal, args ...string) attackResult {
	t.Helper()
	bin := attackBinary(t, "mcplint")
	if limit == 0 {
		limit = attackWait
	}
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, "prlimit", append([]string{"--as=" + addressSpace, "--", bin}, args...)...)
	cmd.Dir = dir
	cmd.Env = []string{"HOME=" + dir, "PATH=" + os.Getenv("PATH"), "LANG=C", "NO_COLOR=1"}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 5 * time.Second
	var stdout, stderr strings.Builder
	// A report of 10,000 tools runs to megabytes; a flood of output is
	// cut at 64 MiB.
	cmd.Stdout, cmd.Stderr = &limited{w: &stdout, n: 64 << 20}, &limited{w: &stderr, n: 1 << 20}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if sig != nil {
		go func() {
			// Late enough to be in the middle of the attack.
			select {
			case <-time.After(3 * time.Second):
				cmd.Process.Signal(sig)
			case <-ctx.Done():
			}
		}()
	}
	err := cmd.Wait()
	r := attackResult{stdout: stdout.String(), stderr: stderr.String(), took: time.Since(start)}
	if ctx.Err() != nil {
		t.Fatalf("mcplint %s did not end within %s (hung or far too slow)\nstderr: %.2000s", strings.Join(args, " "), limit, r.stderr)
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

// checkAttack requires the exit code, no Go runtime abort, the message,
// and a peak under 1 GB; it logs what it measured.
func checkAttack(t *testing.T, args []string, r attackResult, code int, want string) {
	t.Helper()
	t.Logf("mcplint %.60s: exit %d, peak %d MB, %.1fs: %.200s", strings.Join(args, " "), r.code, r.peakKB>>10, r.took.Seconds(), headLine(r.stderr))
	if strings.Contains(r.stderr, "fatal error") || strings.Contains(r.stderr, "goroutine ") {
		t.Errorf("the Go runtime aborted (exit %d):\n%.3000s", r.code, abortAt(r.stderr))
	}
	if r.code != code {
		t.Errorf("exit %d, want %d\nstdout: %.2000s\nstderr: %.2000s", r.code, code, tail(r.stdout), tail(r.stderr))
	}
	if !strings.Contains(r.stderr+r.stdout, want) {
		t.Errorf("the output does not say %q\nstdout: %.2000s\nstderr: %.2000s", want, tail(r.stdout), tail(r.stderr))
	}
	if r.peakKB >= peakLimitKB {
		t.Errorf("peak resident size %d MB, over 1 GB", r.peakKB>>10)
	}
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

// headLine is the first line of s.
func headLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}

// abortAt is s from the runtime's "fatal error" on.
func abortAt(s string) string {
	if i := strings.Index(s, "fatal error"); i > 0 {
		s = s[i:]
	}
	return s
}

func tail(s string) string {
	if len(s) > 3000 {
		return "…" + s[len(s)-3000:]
	}
	return s
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

// args is a setup that only returns its arguments.
func args(a ...string) func(*testing.T, string) []string {
	return func(*testing.T, string) []string { return a }
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

// TestAttackFiles runs every attack through a file mcplint reads: targets
// and inputs that are devices, FIFOs, sparse giants or links; TOML and
// JSON built to exhaust a decoder; traces of millions of records; schemas
// that nest, fan out or expand without bound; names that pass a client
// config for a tool list.
func TestAttackFiles(t *testing.T) {
	runAttacks(t, []attack{
		{name: "target is a link to /dev/zero", setup: args("zero.json"),
			code: exitTarget, want: "zero.json: a character device, not a regular file"},
		{name: "target is a FIFO", setup: func(t *testing.T, dir string) []string {
			if err := syscall.Mkfifo(filepath.Join(dir, "fifo.json"), 0o644); err != nil {
				t.Fatal(err)
			}
			return []string{"fifo.json"}
		}, code: exitTarget, want: "fifo.json: a FIFO (named pipe), not a regular file"},
		{name: "target of 500 MB", setup: func(t *testing.T, dir string) []string {
			// 500 MB of "[": sparse past the first bytes, so the test
			// writes no more than a page; a reader that reads before it
			// checks the size would still read all of it.
			big, err := os.Create(filepath.Join(dir, "brackets.json"))
			if err != nil {
				t.Fatal(err)
			}
			defer big.Close()
			if _, err := big.WriteString(strings.Repeat("[", 4096)); err != nil {
				t.Fatal(err)
			}
			if err := big.Truncate(500 << 20); err != nil {
				t.Fatal(err)
			}
			return []string{"brackets.json"}
		}, code: exitTarget, want: "the file is 500 MiB, over the 256 MiB cap on input files"},
		{name: "target over --max-file-size", setup: func(t *testing.T, dir string) []string {
			writeFile(t, dir, "small.json", `{"tools":[`+strings.Repeat(" ", 2000)+`]}`)
			return []string{"--max-file-size", "1KiB", "small.json"}
		}, code: exitTarget, want: "the file is 2.0 KiB, over the 1 KiB cap on input files"},
		{name: "tool list with a duplicate key and bytes that are not UTF-8", setup: func(t *testing.T, dir string) []string {
			data, err := os.ReadFile("../../testdata/hostile/ambiguous.json")
			if err != nil {
				t.Fatal(err)
			}
			writeFile(t, dir, "ambiguous.json", string(data))
			return []string{"ambiguous.json"}
		}, code: exitIssues, want: "duplicate-key  ambiguous.json:1:68", check: func(t *testing.T, _ string, r attackResult) {
			for _, want := range []string{`the key "name" is given twice in the object at /tools/0`, "invalid-utf8  ambiguous.json:1:170"} {
				if !strings.Contains(r.stdout, want) {
					t.Errorf("the report lacks %q\nstdout: %s", want, r.stdout)
				}
			}
		}},
		{name: "client config saved as tools.json", setup: func(t *testing.T, dir string) []string {
			writeFile(t, dir, "tools.json", `{"mcpServers":{"x":{"command":"/bin/sh","args":["-c","touch ran"]}}}`)
			return []string{"tools.json"}
		}, code: exitTarget, want: "tools.json: this file holds a client config, but its name is one a tool list or trace is saved under",
			check: func(t *testing.T, dir string, _ attackResult) {
				if _, err := os.Stat(filepath.Join(dir, "ran")); err == nil {
					t.Error("the command of a client config named tools.json ran")
				}
			}},
		{name: "client config of 200 servers", setup: func(t *testing.T, dir string) []string {
			servers := map[string]any{}
			for i := range 200 {
				servers[fmt.Sprintf("s%d", i)] = map[string]any{"command": "/bin/sh", "args": []string{"-c", "exit 1"}}
			}
			b, _ := json.Marshal(map[string]any{"mcpServers": servers})
			writeFile(t, dir, "mcp.json", string(b))
			return []string{"--no-plugins", "--verbose", "mcp.json"}
		}, code: exitTarget, want: "[200/200 failed]"},
		{name: "baseline is a link to /dev/zero", setup: args("--baseline", "zero.json", "tools.json"),
			code: exitUsage, want: "zero.json: a character device, not a regular file"},
		{name: "baseline is a FIFO", setup: args("--baseline", "fifo", "tools.json"),
			code: exitUsage, want: "fifo: a FIFO (named pipe), not a regular file"},
		{name: "lock file is a link to /dev/zero", setup: args("lock", "--lock", "zero.json", "tools.json"),
			code: exitUsage, want: "zero.json: a character device, not a regular file"},
		{name: "lock file is a FIFO", setup: args("lock", "--lock", "fifo", "tools.json"),
			code: exitUsage, want: "fifo: a FIFO (named pipe), not a regular file"},
		{name: "config is a FIFO", setup: args("-c", "fifo", "tools.json"),
			code: exitUsage, want: "fifo: cannot read the config file: a FIFO (named pipe), not a regular file"},
		{name: "config nests arrays 200,000 deep", setup: func(t *testing.T, dir string) []string {
			writeBig(t, filepath.Join(dir, "deep.toml"), "version = 1\na = ", "[", 200_000, strings.Repeat("]", 200_000)+"\n")
			return []string{"-c", "deep.toml", "tools.json"}
		}, code: exitUsage, want: "deep.toml:2:68: the file is nested deeper than the 64 levels a config file may hold"},
		{name: "config nests inline tables 200,000 deep", setup: func(t *testing.T, dir string) []string {
			writeBig(t, filepath.Join(dir, "inline.toml"), "version = 1\na = ", "{b = ", 200_000, "1"+strings.Repeat("}", 200_000)+"\n")
			return []string{"-c", "inline.toml", "tools.json"}
		}, code: exitUsage, want: "inline.toml:2:320: the file is nested deeper than the 64 levels"},
		{name: "config of a million keys", setup: func(t *testing.T, dir string) []string {
			var b strings.Builder
			b.WriteString("version = 1\n[rules]\n")
			for i := range 1_000_000 {
				fmt.Fprintf(&b, "k%d = 1\n", i)
			}
			writeFile(t, dir, "keys.toml", b.String())
			return []string{"-c", "keys.toml", "tools.json"}
		}, code: exitUsage, want: "keys.toml:100001:1: the file holds more than the 100,000 values, keys and items a config file may hold"},
		{name: "baseline of a million entries", setup: func(t *testing.T, dir string) []string {
			writeBig(t, filepath.Join(dir, "base.json"), `{"version":1,"issues":[`, `{"server":"s","rule":"r","tool":"t","pointer":"/tools/*","hash":"sha256:0123456789abcdef"},`, 1_000_000, `{}]}`)
			return []string{"--baseline", "base.json", "tools.json"}
		}, code: exitUsage, want: "base.json:1:16545426: the file holds more than the 2,000,000 values, keys and items a baseline may hold"},
		{name: "lock file of a million tools", setup: func(t *testing.T, dir string) []string {
			writeBig(t, filepath.Join(dir, "big.lock"), `{"version":1,"servers":{"tools":{"tools":{`, `"t":{"sha256":"sha256:0","parts":{"/description":"sha256:1"}},`, 1_000_000, `"u":{}}}}}`)
			return []string{"lock", "--lock", "big.lock", "tools.json"}
		}, code: exitUsage, want: "big.lock:1:15499977: the file holds more than the 2,000,000 values, keys and items a lock file may hold"},
		{name: "pinned plugin path is a FIFO", setup: func(t *testing.T, dir string) []string {
			writeFile(t, dir, "plugin.toml", "version = 1\n[[plugin]]\nname = \"x\"\npath = \"fifo\"\nsha256 = \""+zeroPin+"\"\n")
			return []string{"-c", "plugin.toml", "tools.json"}
		}, code: exitTarget, want: "fifo: a FIFO (named pipe), not a regular file"},
		{name: "pinned plugin path is a link to /dev/zero", setup: func(t *testing.T, dir string) []string {
			writeFile(t, dir, "plugin.toml", "version = 1\n[[plugin]]\nname = \"x\"\npath = \"zero.json\"\nsha256 = \""+zeroPin+"\"\n")
			return []string{"-c", "plugin.toml", "tools.json"}
		}, code: exitTarget, want: "zero.json: a character device, not a regular file"},
		{name: "trace with a 60 MB line", setup: func(t *testing.T, dir string) []string {
			f, err := os.Create(filepath.Join(dir, "trace.jsonl"))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			header := `{"mcplint_trace":1,"command":["srv"],"started":"2026-01-02T15:04:05Z"}` + "\n"
			if _, err := f.WriteString(header); err != nil {
				t.Fatal(err)
			}
			// The long line is a hole of NUL bytes: nothing is written for it.
			if _, err := f.WriteAt([]byte("\n"+`{"t_ms":2,"dir":"stderr","raw":"after"}`+"\n"), int64(len(header))+60<<20); err != nil {
				t.Fatal(err)
			}
			return []string{"trace.jsonl"}
		}, code: exitOK, want: "message-too-large", check: func(t *testing.T, _ string, r attackResult) {
			if !strings.Contains(r.stdout, "60.0 MiB") {
				t.Errorf("the message-too-large finding does not say 60.0 MiB\nstdout: %s", r.stdout)
			}
		}},
		{name: "trace of 1,000,000 notifications", setup: func(t *testing.T, dir string) []string {
			writeBig(t, filepath.Join(dir, "a.trace.jsonl"), traceHead, `{"t_ms":6,"dir":"s2c","msg":{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"x"}}}`+"\n", 1_000_000, "")
			return []string{"--fail-on", "warning", "a.trace.jsonl"}
		}, code: exitIssues, want: "the server flooded the client: it sent more than 1000 notifications and requests a second"},
		{name: "trace of 4,000,000 notifications", setup: func(t *testing.T, dir string) []string {
			writeBig(t, filepath.Join(dir, "b.trace.jsonl"), traceHead, `{"t_ms":6,"dir":"s2c","msg":{"jsonrpc":"2.0","method":"n"}}`+"\n", 4_000_000, "")
			return []string{"--fail-on", "warning", "b.trace.jsonl"}
		}, code: exitIssues, want: "message-flood"},
		{name: "schema nested 9,990 deep", setup: schemaFile(strings.Repeat(`{"type":"array","items":`, 9_990) + `{"type":"string"}` + strings.Repeat(`}`, 9_990)),
			code: exitIssues, want: "inputSchema nests subschemas more than 64 levels deep"},
		{name: "schema with an anyOf of 500,000 branches", setup: schemaFile(`{"anyOf":[` + strings.Repeat(`{"type":"string","enum":["v"]},`, 500_000) + `true]}`),
			code: exitIssues, want: "inputSchema holds 100,000 subschemas or more"},
		{name: "schema whose items fan out a million times", setup: schemaFile(fanOutItems(6, 10)),
			code: exitIssues, want: "inputSchema holds 100,000 subschemas or more"},
		{name: "schema whose references expand 4^40 times", setup: func(t *testing.T, dir string) []string {
			defs := map[string]any{"l40": map[string]any{"type": "string"}}
			for i := range 40 {
				ref := map[string]any{"$ref": fmt.Sprintf("#/$defs/l%d", i+1)}
				defs[fmt.Sprintf("l%d", i)] = map[string]any{"anyOf": []any{ref, ref, ref, ref}, "items": ref}
			}
			b, _ := json.Marshal(map[string]any{"tools": []any{map[string]any{
				"name": "t", "description": "Takes a value of a large type.",
				"inputSchema": map[string]any{"type": "object", "properties": map[string]any{"a": map[string]any{"$ref": "#/$defs/l0"}}, "$defs": defs},
			}}})
			writeFile(t, dir, "refs.json", string(b))
			return []string{"refs.json"}
		}, code: exitIssues, want: "following the references of inputSchema reaches 100,000 subschemas or more"},
	})
}

// schemaFile is a setup that writes a tool list whose one tool's
// parameter "a" has schema, and lints it.
func schemaFile(schema string) func(*testing.T, string) []string {
	return func(t *testing.T, dir string) []string {
		writeBig(t, filepath.Join(dir, "schema.json"), `{"tools":[{"name":"t","description":"Takes one value of a large type.","inputSchema":{"type":"object","properties":{"a":`, schema, 1, `}}}]}`)
		return []string{"schema.json"}
	}
}

// fanOutItems is a schema whose tuple "items" hold width schemas, each
// the same, depth levels down: width^depth leaves.
func fanOutItems(depth, width int) string {
	if depth == 0 {
		return `{"type":"string"}`
	}
	inner := fanOutItems(depth-1, width)
	return `{"type":"array","items":[` + strings.Repeat(inner+",", width-1) + inner + `]}`
}

// TestAttackTraceMemoryIsFlat lints traces of a quarter of a million and
// of a million tiny notifications (TestAttackFiles lints four million): a
// trace is read as a stream, so the peak of the larger stays near the
// smaller's instead of growing with the records.
func TestAttackTraceMemoryIsFlat(t *testing.T) {
	var peaks []int64
	for _, n := range []int{250_000, 1_000_000} {
		dir := t.TempDir()
		writeBig(t, filepath.Join(dir, "t.trace.jsonl"), traceHead, `{"t_ms":6,"dir":"s2c","msg":{"jsonrpc":"2.0","method":"n"}}`+"\n", n, "")
		args := []string{"--no-plugins", "t.trace.jsonl"}
		r := runAttack(t, dir, 0, nil, args...)
		checkAttack(t, args, r, exitOK, "1 target")
		peaks = append(peaks, r.peakKB)
	}
	// The file grows by 45 MB; what mcplint holds must not.
	if peaks[1] > peaks[0]+32<<10 {
		t.Errorf("peak %d MB for 1,000,000 records against %d MB for 250,000: memory grows with the records", peaks[1]>>10, peaks[0]>>10)
	}
}

// TestAttackOutputs runs init where .mcplint.toml is a planted link: a
// dangling one is refused (its target never created), and --force
// replaces a link to another file without touching that file.
func TestAttackOutputs(t *testing.T) {
	runAttacks(t, []attack{
		{name: "init over a dangling link", setup: func(t *testing.T, dir string) []string {
			if err := os.Symlink(filepath.Join(dir, "created"), filepath.Join(dir, ".mcplint.toml")); err != nil {
				t.Fatal(err)
			}
			return []string{"init"}
		}, code: exitUsage, want: "is a symbolic link", check: func(t *testing.T, dir string, _ attackResult) {
			if _, err := os.Lstat(filepath.Join(dir, "created")); err == nil {
				t.Error("init created the dangling link's target")
			}
		}},
		{name: "init --force over a link to another file", setup: func(t *testing.T, dir string) []string {
			victim := writeFile(t, dir, "victim", "precious")
			if err := os.Symlink(victim, filepath.Join(dir, ".mcplint.toml")); err != nil {
				t.Fatal(err)
			}
			return []string{"init", "--force"}
		}, code: exitOK, want: ".mcplint.toml", check: func(t *testing.T, dir string, _ attackResult) {
			if b, _ := os.ReadFile(filepath.Join(dir, "victim")); string(b) != "precious" {
				t.Errorf("init --force wrote through the link: the victim holds %q", b)
			}
			if st, err := os.Lstat(filepath.Join(dir, ".mcplint.toml")); err != nil || !st.Mode().IsRegular() {
				t.Errorf(".mcplint.toml is %v (%v), want a regular file in the link's place", st.Mode(), err)
			}
		}},
	})
}

// TestAttackPlugin runs a plugin whose rule summary holds terminal
// escapes and whose issues carry megabyte-deep pointers: listings print
// the summary escaped, and a lint refuses the issues with a message.
func TestAttackPlugin(t *testing.T) {
	withPlugin := func(a ...string) func(*testing.T, string) []string {
		return func(t *testing.T, dir string) []string {
			if err := os.MkdirAll(filepath.Join(dir, ".mcplint", "plugins"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(attackBinary(t, "mcplint-plugin-hostile"), filepath.Join(dir, ".mcplint", "plugins", "mcplint-plugin-hostile")); err != nil {
				t.Fatal(err)
			}
			return a
		}
	}
	noEscape := func(t *testing.T, _ string, r attackResult) {
		if strings.ContainsAny(r.stdout, "\x1b\x07") {
			t.Error("a terminal escape was printed raw")
		}
	}
	escaped := `clears the screen \x1b[2J\x1b]0;pwned\x07 when printed raw`
	runAttacks(t, []attack{
		{name: "plugins", setup: withPlugin("plugins"), code: exitOK, want: escaped, check: noEscape},
		{name: "rules", setup: withPlugin("rules"), code: exitOK, want: escaped, check: noEscape},
		{name: "lint", setup: withPlugin("tools.json"), code: exitTarget, want: "plugin returned an issue that mcplint refused: its pointer is 976.6 KiB, over the 4 KiB cap"},
	})
}

// attackServer is a Streamable HTTP server that handshakes as a correct
// legacy server and attacks the client when it asks for tools/list, with
// answer.
func attackServer(t *testing.T, answer func(w http.ResponseWriter, r *http.Request, id json.RawMessage)) *httptest.Server {
	t.Helper()
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			http.Error(w, "no stream here", http.StatusMethodNotAllowed)
			return
		}
		var m struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
		}
		json.NewDecoder(io.LimitReader(r.Body, 1<<20)).Decode(&m)
		w.Header().Set("MCP-Session-Id", "attack")
		switch {
		case len(m.ID) == 0:
			w.WriteHeader(http.StatusAccepted)
		case m.Method == "initialize":
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"attack","version":"1.0.0"}}}`, m.ID)
		case m.Method == "tools/list":
			answer(w, r, m.ID)
		default:
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"error":{"code":-32601,"message":"Method not found"}}`, m.ID)
		}
	}))
	// The attack handlers write until the client hangs up.
	srv.Config.WriteTimeout = 0
	srv.Start()
	t.Cleanup(srv.Close)
	return srv
}

// endless writes chunk to w until the client goes away or an hour passes.
func endless(w io.Writer, r *http.Request, chunk []byte) {
	deadline := time.Now().Add(time.Hour)
	for r.Context().Err() == nil && time.Now().Before(deadline) {
		if _, err := w.Write(chunk); err != nil {
			return
		}
	}
}

// gzipMember is one gzip member holding n copies of chunk: gzip readers
// read members one after another, so writing it again and again is a
// compressed body of any length for the cost of the member's bytes.
func gzipMember(chunk []byte, n int) []byte {
	var b bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	for range n {
		zw.Write(chunk)
	}
	zw.Close() // writing to memory cannot fail
	return b.Bytes()
}

// listingAttack is an attack by an HTTP server that answers tools/list
// with answer: mcplint must fail the target (exit 3) naming tools/list,
// never report "0 tools" and exit 0.
func listingAttack(name string, answer func(w http.ResponseWriter, r *http.Request, id json.RawMessage)) attack {
	return attack{name: name, setup: func(t *testing.T, dir string) []string {
		srv := attackServer(t, answer)
		return []string{"--no-plugins", "--probes", "none", "--timeout", "5s", "-f", "json", srv.URL + "/mcp"}
	}, code: exitTarget, want: "tools/list", limit: 2 * time.Minute}
}

// TestAttackStreams answers tools/list over HTTP with something
// oversize, endless or nothing at all, floods a stdio lint with pages,
// notifications and requests, signals mcplint in a flood, leaves detached
// grandchildren and points OAuth metadata at another host.
func TestAttackStreams(t *testing.T) {
	note := []byte("event: message\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\",\"data\":\"working\"}}\n\n")
	spaces := bytes.Repeat([]byte(" "), 64<<10)
	attacks := []attack{
		listingAttack("SSE event of 2 GB", func(w http.ResponseWriter, r *http.Request, id json.RawMessage) {
			w.Header().Set("Content-Type", "text/event-stream")
			io.WriteString(w, `data: {"jsonrpc":"2.0","id":`+string(id)+`,"result":{"tools":[],"padding":"`)
			endless(w, r, bytes.Repeat([]byte("x"), 64<<10))
		}),
		listingAttack("endless SSE stream", func(w http.ResponseWriter, r *http.Request, id json.RawMessage) {
			w.Header().Set("Content-Type", "text/event-stream")
			endless(w, r, bytes.Repeat(note, 512))
		}),
		listingAttack("endless SSE stream with event ids", func(w http.ResponseWriter, r *http.Request, id json.RawMessage) {
			w.Header().Set("Content-Type", "text/event-stream")
			for i := 0; r.Context().Err() == nil && i < 1<<30; i++ {
				if _, err := fmt.Fprintf(w, "id: %d\n%s", i, note); err != nil {
					return
				}
			}
		}),
		listingAttack("SSE behind a gzip bomb", func(w http.ResponseWriter, r *http.Request, id json.RawMessage) {
			w.Header().Set("Content-Type", "text/event-stream")
			w.Header().Set("Content-Encoding", "gzip")
			endless(w, r, gzipMember(note, 100_000))
		}),
		listingAttack("JSON behind a gzip bomb", func(w http.ResponseWriter, r *http.Request, id json.RawMessage) {
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("Content-Encoding", "gzip")
			endless(w, r, gzipMember(spaces, 1000))
		}),
		listingAttack("endless JSON body", func(w http.ResponseWriter, r *http.Request, id json.RawMessage) {
			w.Header().Set("Content-Type", "application/json")
			endless(w, r, spaces)
		}),
		listingAttack("header of 100 MB", func(w http.ResponseWriter, r *http.Request, id json.RawMessage) {
			conn, buf, err := w.(http.Hijacker).Hijack()
			if err != nil {
				return
			}
			defer conn.Close()
			buf.WriteString("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Padding: ")
			for range 100 << 4 {
				if _, err := buf.Write(spaces); err != nil {
					return
				}
			}
			buf.WriteString("\r\n\r\n{}")
			buf.Flush()
		}),
		listingAttack("redirect", func(w http.ResponseWriter, r *http.Request, id json.RawMessage) {
			http.Redirect(w, r, "http://127.0.0.1:9/elsewhere", http.StatusTemporaryRedirect)
		}),
		listingAttack("tools/list never answered", func(w http.ResponseWriter, r *http.Request, id json.RawMessage) {
			w.Header().Set("Content-Type", "text/event-stream")
			w.WriteHeader(http.StatusOK)
			w.(http.Flusher).Flush()
			<-r.Context().Done()
		}),
		{name: "SIGTERM during a flood of requests on SSE", setup: func(t *testing.T, dir string) []string {
			srv := attackServer(t, func(w http.ResponseWriter, r *http.Request, id json.RawMessage) {
				w.Header().Set("Content-Type", "text/event-stream")
				for i := 0; r.Context().Err() == nil && i < 1<<30; i++ {
					if _, err := fmt.Fprintf(w, "data: {\"jsonrpc\":\"2.0\",\"id\":\"flood-%d\",\"method\":\"ping\"}\n\n", i); err != nil {
						return
					}
				}
			})
			return []string{"--no-plugins", "--timeout", "5m", srv.URL + "/mcp"}
		}, signal: syscall.SIGTERM, limit: time.Minute,
			// Whichever comes first, the cap on the stream or the
			// signal, the target fails and mcplint says why.
			code: exitTarget, want: "stopped"},
	}
	for _, tc := range []struct{ mode, rule, want string }{
		{"pages", "pagination-loop", "stopped"},
		{"notifications", "message-flood", "notifications"},
		{"requests", "message-flood", "requests"},
	} {
		attacks = append(attacks, attack{name: "stdio server that floods " + tc.mode, setup: func(t *testing.T, dir string) []string {
			return []string{"--no-plugins", "--probes", "none", "--timeout", "2m", "--fail-on", "warning", "-f", "json", "--", attackBinary(t, "flood"), tc.mode}
		}, code: exitIssues, want: tc.rule, limit: 3 * time.Minute, check: func(t *testing.T, _ string, r attackResult) {
			var rep struct {
				Targets []struct {
					Issues []struct{ Rule, Message string }
				}
			}
			json.Unmarshal([]byte(r.stdout), &rep)
			for _, tg := range rep.Targets {
				for _, is := range tg.Issues {
					if is.Rule == tc.rule && strings.Contains(is.Message, tc.want) {
						return
					}
				}
			}
			t.Errorf("no %s issue says %q\nstdout: %s", tc.rule, tc.want, tail(r.stdout))
		}})
	}
	attacks = append(attacks, attack{name: "server whose child and grandchild call setsid", setup: func(t *testing.T, dir string) []string {
		// A copy of the server in dir, so that its processes are known by
		// their executable's folder.
		data, err := os.ReadFile(attackBinary(t, "flood"))
		if err != nil {
			t.Fatal(err)
		}
		server := filepath.Join(dir, "flood")
		if err := os.WriteFile(server, data, 0o755); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { killUnder(dir) })
		return []string{"--no-plugins", "--probes", "none", "--", server, "doublefork"}
	}, code: exitOK, want: "1 target", limit: time.Minute, check: func(t *testing.T, dir string, _ attackResult) {
		waitFor(t, "the detached child and grandchild to be gone", func() bool { return len(processesUnder(dir)) == 0 })
	}})
	attacks = append(attacks, metadataAttacks()...)
	runAttacks(t, attacks)
}

// metadataAttacks answer every request with 401 and a resource_metadata
// URL on another host of the private network (as one naming
// 169.254.169.254 would): mcplint never asks it. Metadata on the server's
// own origin is quoted in the report to 200 bytes at most.
func metadataAttacks() []attack {
	secret := strings.Repeat("S", 2048)
	var attacks []attack
	for _, name := range []string{"another host", "own origin"} {
		asked := make(chan string, 10)
		attacks = append(attacks, attack{name: "OAuth metadata on " + name, setup: func(t *testing.T, dir string) []string {
			target := ""
			if name == "another host" {
				other := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
					asked <- r.URL.String()
					io.WriteString(w, `{"secret":"instance credentials"}`)
				}))
				l, err := net.Listen("tcp", "127.0.0.2:0")
				if err != nil {
					t.Skip("no second loopback address:", err)
				}
				other.Listener = l
				other.Start()
				t.Cleanup(other.Close)
				target = other.URL + "/latest/meta-data/"
			}
			var self string
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if r.URL.Path == "/meta" {
					w.Header().Set("Content-Type", "application/json")
					io.WriteString(w, `{"resource":"x","note":"`+secret+`"}`)
					return
				}
				to := target
				if to == "" {
					to = self + "/meta"
				}
				w.Header().Set("WWW-Authenticate", `Bearer resource_metadata="`+to+`"`)
				http.Error(w, "unauthorized", http.StatusUnauthorized)
			}))
			t.Cleanup(srv.Close)
			self = srv.URL
			return []string{"--no-plugins", "-f", "json", srv.URL + "/mcp"}
		}, code: exitIssues, want: "http-auth-discovery", limit: time.Minute, check: func(t *testing.T, _ string, r attackResult) {
			select {
			case u := <-asked:
				t.Errorf("mcplint fetched %s from another host", u)
			default:
			}
			if strings.Contains(r.stdout, strings.Repeat("S", 201)) {
				t.Errorf("the report quotes more than 200 bytes of the metadata:\n%s", tail(r.stdout))
			}
		}})
	}
	return attacks
}
