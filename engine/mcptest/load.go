package mcptest

import (
	"bufio"
	"fmt"
	"net"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"testing"
	"time"
)

// LoadEnv names the variable that turns on the tests that lint under
// load (Busy): they take minutes, so `go test ./...` skips them and CI
// runs them in a step of their own.
const LoadEnv = "MCPLINT_LOAD"

// Busy keeps every core of the machine busy until the test ends: two
// busy-loop processes per CPU, as a CI runner shared with other jobs is.
// Findings that depend on timing show up under it; the tests that lint
// under load require the same verdict on every run.
func Busy(tb testing.TB) {
	tb.Helper()
	for range 2 * runtime.NumCPU() {
		cmd := exec.Command("sh", "-c", "while :; do :; done")
		OwnGroup(cmd)
		if err := cmd.Start(); err != nil {
			tb.Fatalf("start a busy loop: %v", err)
		}
		tb.Cleanup(func() {
			KillGroup(cmd)
			cmd.Wait()
		})
	}
}

// BusyIfLoad is Busy when LoadEnv is set. The one-defect fixture tests
// call it: `go test ./...` runs them on a quiet machine, and CI runs them
// once more with every core busy, since a probe whose verdict depends on
// timing (a cancellation, a progress notification, a second stream) must
// give its one rule there too.
func BusyIfLoad(tb testing.TB) {
	tb.Helper()
	if os.Getenv(LoadEnv) != "" {
		Busy(tb)
	}
}

// HTTPServer starts argv, a server that listens on the loopback port its
// PORT variable names and says "listening" on stdout or stderr once it
// does, and returns its MCP endpoint's URL. The server is stopped when
// the test ends.
func HTTPServer(tb testing.TB, argv []string) string {
	tb.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Env = append(cmd.Environ(), fmt.Sprintf("PORT=%d", port))
	OwnGroup(cmd)
	out, err := cmd.StdoutPipe()
	if err != nil {
		tb.Fatal(err)
	}
	cmd.Stderr = cmd.Stdout
	if err := cmd.Start(); err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() {
		KillGroup(cmd)
		cmd.Wait()
	})
	listening := make(chan struct{})
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if strings.Contains(sc.Text(), "listening") {
				close(listening)
				break
			}
		}
		for sc.Scan() {
		}
	}()
	select {
	case <-listening:
	case <-time.After(60 * time.Second):
		tb.Fatalf("%s did not say it was listening", strings.Join(argv, " "))
	}
	return fmt.Sprintf("http://127.0.0.1:%d/mcp", port)
}
