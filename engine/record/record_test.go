package record

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/mcplint/mcplint/engine/trace"
	"github.com/mcplint/mcplint/sdk"
)

var fixture string // the built recordfix server

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "recordfix")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fixture = filepath.Join(dir, "recordfix")
	build := exec.Command("go", "build", "-o", fixture, "../../testdata/servers/recordfix")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "building the fixture server:", err)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// syncBuffer is what the client reads: the proxy writes from one goroutine
// while the test polls.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) Bytes() []byte {
	b.mu.Lock()
	defer b.mu.Unlock()
	return bytes.Clone(b.buf.Bytes())
}

// waitFor polls until the buffer holds s.
func (b *syncBuffer) waitFor(t *testing.T, s string) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		if bytes.Contains(b.Bytes(), []byte(s)) {
			return
		}
	}
	t.Fatalf("timed out waiting for %q; got %q", s, b.Bytes())
}

// fakeClient is an MCP client driving one recording.
type fakeClient struct {
	t       *testing.T
	stdin   *io.PipeWriter
	sent    bytes.Buffer
	stdout  syncBuffer
	stderr  syncBuffer
	signals chan os.Signal
	out     string
	done    chan struct{}
	res     Result
	err     error
}

func startSession(t *testing.T, mode string) *fakeClient {
	t.Helper()
	inR, inW := io.Pipe()
	s := &fakeClient{t: t, stdin: inW, signals: make(chan os.Signal, 1), done: make(chan struct{}),
		out: filepath.Join(t.TempDir(), "trace.jsonl")}
	opts := Options{
		Command: []string{fixture, mode}, Output: s.out,
		Stdin: inR, Stdout: &s.stdout, Stderr: &s.stderr,
		Signals: s.signals, Grace: 300 * time.Millisecond,
	}
	go func() {
		s.res, s.err = Run(context.Background(), opts)
		inR.Close()
		close(s.done)
	}()
	t.Cleanup(func() {
		inW.Close()
		<-s.done
	})
	return s
}

func (s *fakeClient) send(line string) {
	s.t.Helper()
	s.sent.WriteString(line)
	if _, err := s.stdin.Write([]byte(line)); err != nil {
		s.t.Fatalf("client write: %v", err)
	}
}

func (s *fakeClient) wait() *sdk.Transcript {
	s.t.Helper()
	select {
	case <-s.done:
	case <-time.After(20 * time.Second):
		s.t.Fatal("the recording did not end")
	}
	if s.err != nil {
		s.t.Fatalf("Run: %v", s.err)
	}
	tr, err := trace.ReadFile(s.out, 0)
	if err != nil {
		s.t.Fatal(err)
	}
	if s.res.Records != len(tr.Records) {
		s.t.Errorf("Result.Records = %d, the trace holds %d", s.res.Records, len(tr.Records))
	}
	leftovers, _ := filepath.Glob(filepath.Join(filepath.Dir(s.out), ".*.tmp"))
	if len(leftovers) > 0 {
		s.t.Errorf("temporary files left behind: %q", leftovers)
	}
	return tr
}

// assertRelayedEqualsRecorded checks that nothing is lost: each stream
// rebuilt from its records is the very bytes that crossed the proxy.
func (s *fakeClient) assertRelayedEqualsRecorded(tr *sdk.Transcript) {
	s.t.Helper()
	want := map[string][]byte{
		sdk.DirClientToServer: s.sent.Bytes(),
		sdk.DirServerToClient: s.stdout.Bytes(),
		sdk.DirStderr:         s.stderr.Bytes(),
	}
	for dir, relayed := range want {
		if got := rebuild(tr, dir); !bytes.Equal(got, relayed) {
			s.t.Errorf("%s: recorded\n%q\nrelayed\n%q", dir, got, relayed)
		}
	}
	last := -1.0
	for i, r := range tr.Records {
		if r.TMs < last {
			s.t.Errorf("record %d at %v ms comes after one at %v ms", i, r.TMs, last)
		}
		last = r.TMs
	}
}

func rebuild(tr *sdk.Transcript, dir string) []byte {
	var b []byte
	for _, r := range tr.Records {
		if r.Dir != dir {
			continue
		}
		b = append(b, trace.Line(r)...)
		if !r.NoNewline {
			b = append(b, '\n')
		}
	}
	return b
}

func events(tr *sdk.Transcript) []string {
	var evs []string
	for _, r := range tr.Records {
		if r.Dir == sdk.DirEvent {
			e := r.Event.Kind
			if r.Event.Code != nil {
				e += fmt.Sprintf(" %d", *r.Event.Code)
			}
			if r.Event.Kind == sdk.EventSignal {
				e += " " + strings.Fields(r.Event.Detail)[0]
			}
			evs = append(evs, e)
		}
	}
	return evs
}

func assertEvents(t *testing.T, tr *sdk.Transcript, want ...string) {
	t.Helper()
	if got := events(tr); strings.Join(got, ", ") != strings.Join(want, ", ") {
		t.Errorf("events\n got %q\nwant %q", got, want)
	}
}

func TestCleanEnding(t *testing.T) {
	s := startSession(t, "echo")
	s.send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}` + "\n")
	s.stdout.waitFor(t, `"id":1,`)
	s.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n" + `{"jsonrpc":"2.0","id":"two","method":"pollute"}` + "\n")
	s.stdout.waitFor(t, `"id":"two"`)
	s.send("not json \xff from the client\n\n")
	s.send(`{"jsonrpc":"2.0","id":3,"method":"tools/list"}`)
	s.stdin.Close()
	tr := s.wait()
	s.assertRelayedEqualsRecorded(tr)
	if s.res.ExitCode != 0 {
		t.Errorf("exit code %d, want 0", s.res.ExitCode)
	}
	assertEvents(t, tr, sdk.EventStdinClosed, sdk.EventStdoutClosed, "exit 0")
	if !bytes.HasSuffix(s.stdout.Bytes(), []byte(`"data":"bye"}}`)) {
		t.Errorf("the last line without a newline did not reach the client: %q", s.stdout.Bytes())
	}
	if !strings.Contains(string(s.stderr.Bytes()), `recv {"jsonrpc":"2.0","id":3,"method":"tools/list"}`+"\n") {
		t.Errorf("the client's last line without a newline did not reach the server: %q", s.stderr.Bytes())
	}
	var kinds []string
	for _, r := range tr.Records {
		switch {
		case r.Dir == sdk.DirEvent:
		case r.Msg != nil:
			kinds = append(kinds, r.Dir+":msg")
		default:
			kinds = append(kinds, r.Dir+":raw")
		}
	}
	for _, want := range []string{"s2c:raw", "c2s:raw", "s2c:msg", "c2s:msg", "stderr:raw"} {
		if !strings.Contains(strings.Join(kinds, " "), want) {
			t.Errorf("no %s record in %q", want, kinds)
		}
	}
	if tr.Command[0] != fixture || tr.Command[1] != "echo" {
		t.Errorf("header command = %q", tr.Command)
	}
}

func TestLeftoverProcessesAreKilled(t *testing.T) {
	s := startSession(t, "leaky")
	grandchild := running(t, &s.stderr)
	s.stdin.Close()
	tr := s.wait()
	s.assertRelayedEqualsRecorded(tr)
	assertEvents(t, tr, sdk.EventStdinClosed, sdk.EventStdoutClosed, "exit 0")
	assertGone(t, grandchild)
}

func TestServerCrash(t *testing.T) {
	s := startSession(t, "crash")
	s.send(`{"jsonrpc":"2.0","id":1,"method":"initialize"}` + "\n")
	// The client keeps stdin open: the crash alone must end the recording.
	tr := s.wait()
	s.assertRelayedEqualsRecorded(tr)
	if s.res.ExitCode != 3 {
		t.Errorf("exit code %d, want the server's 3", s.res.ExitCode)
	}
	assertEvents(t, tr, sdk.EventStdoutClosed, "exit 3")
	if !bytes.Contains(rebuild(tr, sdk.DirStderr), []byte("panic: boom\n")) {
		t.Errorf("the crash's stderr was not recorded")
	}
}

func TestClientDisconnectKillsStubbornServer(t *testing.T) {
	s := startSession(t, "stubborn")
	s.send(`{"jsonrpc":"2.0","id":1,"method":"ping"}` + "\n")
	s.stdout.waitFor(t, `"id":1`)
	grandchild := running(t, &s.stderr)
	s.stdin.Close()
	tr := s.wait()
	s.assertRelayedEqualsRecorded(tr)
	assertEvents(t, tr, sdk.EventStdinClosed, "signal SIGTERM", "signal SIGKILL", sdk.EventStdoutClosed, "exit")
	if s.res.ExitCode != 128+int(syscall.SIGKILL) {
		t.Errorf("exit code %d, want %d (killed)", s.res.ExitCode, 128+int(syscall.SIGKILL))
	}
	assertGone(t, grandchild)
}

func TestSignalIsForwarded(t *testing.T) {
	s := startSession(t, "interrupt")
	s.stderr.waitFor(t, "ready\n")
	s.send(`{"jsonrpc":"2.0","id":1,"method":"ping"}` + "\n")
	s.stdout.waitFor(t, `"id":1`)
	s.signals <- syscall.SIGINT
	tr := s.wait()
	s.assertRelayedEqualsRecorded(tr)
	assertEvents(t, tr, "signal SIGINT", sdk.EventStdoutClosed, "exit 130")
	if s.res.ExitCode != 130 {
		t.Errorf("exit code %d, want 130", s.res.ExitCode)
	}
	if !bytes.Contains(s.stdout.Bytes(), []byte(`"data":"interrupted"`)) {
		t.Errorf("what the server said on its way out was not relayed: %q", s.stdout.Bytes())
	}
}

func TestCancelTerminatesServer(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	inR, inW := io.Pipe()
	defer inW.Close()
	var stderr syncBuffer
	out := filepath.Join(t.TempDir(), "trace.jsonl")
	done := make(chan Result, 1)
	go func() {
		res, err := Run(ctx, Options{Command: []string{fixture, "interrupt"}, Output: out,
			Stdin: inR, Stdout: io.Discard, Stderr: &stderr, Grace: 300 * time.Millisecond})
		if err != nil {
			t.Error(err)
		}
		done <- res
	}()
	stderr.waitFor(t, "ready\n")
	cancel()
	res := <-done
	if res.ExitCode != 128+int(syscall.SIGTERM) {
		t.Errorf("exit code %d, want %d (terminated)", res.ExitCode, 128+int(syscall.SIGTERM))
	}
	tr, err := trace.ReadFile(out, 0)
	if err != nil {
		t.Fatal(err)
	}
	assertEvents(t, tr, "signal SIGTERM", sdk.EventStdoutClosed, "exit")
}

func TestStubbornServerIgnoringSignalIsKilled(t *testing.T) {
	s := startSession(t, "stubborn")
	grandchild := running(t, &s.stderr)
	s.signals <- syscall.SIGTERM
	tr := s.wait()
	s.assertRelayedEqualsRecorded(tr)
	assertEvents(t, tr, "signal SIGTERM", "signal SIGKILL", sdk.EventStdoutClosed, "exit")
	assertGone(t, grandchild)
}

func TestOversizeLineIsRelayedNotRecorded(t *testing.T) {
	inR, inW := io.Pipe()
	var stdout, stderr syncBuffer
	out := filepath.Join(t.TempDir(), "trace.jsonl")
	done := make(chan error, 1)
	go func() {
		_, err := Run(context.Background(), Options{Command: []string{fixture, "echo"}, Output: out,
			Stdin: inR, Stdout: &stdout, Stderr: &stderr, MaxLine: 64})
		done <- err
	}()
	long := `{"jsonrpc":"2.0","id":1,"method":"` + strings.Repeat("x", 100) + `"}` + "\n"
	inW.Write([]byte(long))
	inW.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	tr, err := trace.ReadFile(out, 0)
	if err != nil {
		t.Fatal(err)
	}
	var oversize []int64
	for _, r := range tr.Records {
		if r.Dir == sdk.DirEvent && r.Event.Kind == sdk.EventOversizeLine {
			oversize = append(oversize, r.Event.Bytes)
		}
		if n := len(trace.Line(r)); n > 64 {
			t.Errorf("a %d-byte line was recorded over the 64-byte cap", n)
		}
	}
	// The request, its answer, the server's "recv" echo and its goodbye.
	if len(oversize) != 4 || oversize[0] != int64(len(long)-1) {
		t.Errorf("oversize events %v, want 4 starting with the request's %d bytes", oversize, len(long)-1)
	}
	if !bytes.Contains(stdout.Bytes(), []byte(strings.Repeat("x", 100))) {
		t.Errorf("the long answer was not relayed: %q", stdout.Bytes())
	}
}

func TestTraceReplacesOldFileAtomically(t *testing.T) {
	out := filepath.Join(t.TempDir(), "trace.jsonl")
	if err := os.WriteFile(out, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Run(context.Background(), Options{Command: []string{fixture, "echo"}, Output: out,
		Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: io.Discard})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := trace.ReadFile(out, 0); err != nil {
		t.Error(err)
	}
}

func TestStartErrors(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name string
		opts Options
		want string
	}{
		{"no command", Options{Output: filepath.Join(dir, "t.jsonl")}, "record: no server command given"},
		{"no output", Options{Command: []string{fixture}}, "record: no trace file given (-o FILE)"},
		{"missing folder", Options{Command: []string{fixture}, Output: filepath.Join(dir, "nope", "t.jsonl")}, "record: cannot write the trace next to " + filepath.Join(dir, "nope", "t.jsonl")},
		{"missing server", Options{Command: []string{filepath.Join(dir, "no-such-server")}, Output: filepath.Join(dir, "t.jsonl")}, `record: starting "` + filepath.Join(dir, "no-such-server") + `"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Run(context.Background(), tt.opts)
			if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("error %v, want it to start with %q", err, tt.want)
			}
		})
	}
	if left, _ := os.ReadDir(dir); len(left) != 0 {
		t.Errorf("files left behind after failed starts: %v", left)
	}
}
