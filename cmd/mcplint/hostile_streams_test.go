//go:build linux

package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// An attackRun is how one mcplint run under an address-space limit ended.
type attackRun struct {
	stdout, stderr string
	code           int
	maxRSS         int64 // bytes
}

// attackBinary is the mcplint the attack tests run: built from this
// package, or MCPLINT_ATTACK_BIN, to compare another build's behaviour
// under the same attacks.
func attackBinary(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("prlimit"); err != nil {
		t.Skip("prlimit is not installed")
	}
	if bin := os.Getenv("MCPLINT_ATTACK_BIN"); bin != "" {
		return bin
	}
	return buildInto(t, t.TempDir(), "mcplint", ".")
}

// runStreamAttack runs mcplint with args in dir under a 3 GB address-space
// limit. It fails the test when mcplint has not ended within limit (it is
// then killed), when the Go runtime aborted (a stack dump instead of a
// message), or when it used 1 GB or more. signal, when set, is sent once
// after mcplint has run for a while; it must still end.
func runStreamAttack(t *testing.T, bin, dir string, limit time.Duration, sig os.Signal, args ...string) attackRun {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, "prlimit", append([]string{"--as=3000000000", "--", bin}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "NO_COLOR=1")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.WaitDelay = 5 * time.Second
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
	cmd.Wait()
	if ctx.Err() != nil {
		t.Fatalf("mcplint %s did not end within %v\nstderr: %s", strings.Join(args, " "), limit, tail(stderr.String()))
	}
	r := attackRun{stdout: stdout.String(), stderr: stderr.String(), code: cmd.ProcessState.ExitCode()}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		r.maxRSS = ru.Maxrss * 1024
	}
	if strings.Contains(r.stderr, "fatal error") || strings.Contains(r.stderr, "goroutine ") {
		t.Fatalf("mcplint %s aborted (exit %d, peak %d MB):\n%s", strings.Join(args, " "), r.code, r.maxRSS>>20, head(r.stderr))
	}
	if r.maxRSS >= 1<<30 {
		t.Errorf("mcplint %s used %d MB at its peak, over 1 GB", strings.Join(args, " "), r.maxRSS>>20)
	}
	t.Logf("exit %d, peak %d MB; stderr: %s", r.code, r.maxRSS>>20, tail(r.stderr))
	return r
}

func head(s string) string {
	if i := strings.Index(s, "fatal error"); i > 0 {
		s = s[i:]
	}
	return s[:min(len(s), 600)]
}

func tail(s string) string {
	if len(s) > 3000 {
		return "…" + s[len(s)-3000:]
	}
	return s
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
func gzipMember(t *testing.T, chunk []byte, n int) []byte {
	t.Helper()
	var b bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	for range n {
		zw.Write(chunk)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestHostileListingNeverPasses answers tools/list over HTTP with
// something oversize, endless or nothing at all: each run must end, within
// 1 GB, with the target failed (exit 3) and a message that says why, never
// with "0 tools" and exit 0.
func TestHostileListingNeverPasses(t *testing.T) {
	bin := attackBinary(t)
	note := []byte("event: message\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\",\"data\":\"working\"}}\n\n")
	spaces := bytes.Repeat([]byte(" "), 64<<10)
	for _, tc := range []struct {
		name   string
		answer func(w http.ResponseWriter, r *http.Request, id json.RawMessage)
	}{
		{"sse-event-2GB", func(w http.ResponseWriter, r *http.Request, id json.RawMessage) {
			w.Header().Set("Content-Type", "text/event-stream")
			io.WriteString(w, `data: {"jsonrpc":"2.0","id":`+string(id)+`,"result":{"tools":[],"padding":"`)
			endless(w, r, bytes.Repeat([]byte("x"), 64<<10))
		}},
		{"sse-endless", func(w http.ResponseWriter, r *http.Request, id json.RawMessage) {
			w.Header().Set("Content-Type", "text/event-stream")
			endless(w, r, bytes.Repeat(note, 512))
		}},
		{"sse-endless-ids", func(w http.ResponseWriter, r *http.Request, id json.RawMessage) {
			w.Header().Set("Content-Type", "text/event-stream")
			for i := 0; r.Context().Err() == nil && i < 1<<30; i++ {
				if _, err := fmt.Fprintf(w, "id: %d\n%s", i, note); err != nil {
					return
				}
			}
		}},
		{"sse-gzip-bomb", func(w http.ResponseWriter, r *http.Request, id json.RawMessage) {
			w.Header().Set("Content-Type", "text/event-stream")
			w.Header().Set("Content-Encoding", "gzip")
			endless(w, r, gzipMember(t, note, 100_000))
		}},
		{"json-gzip-bomb", func(w http.ResponseWriter, r *http.Request, id json.RawMessage) {
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("Content-Encoding", "gzip")
			endless(w, r, gzipMember(t, spaces, 1000))
		}},
		{"json-endless", func(w http.ResponseWriter, r *http.Request, id json.RawMessage) {
			w.Header().Set("Content-Type", "application/json")
			endless(w, r, spaces)
		}},
		{"header-100MB", func(w http.ResponseWriter, r *http.Request, id json.RawMessage) {
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
		}},
		{"redirect", func(w http.ResponseWriter, r *http.Request, id json.RawMessage) {
			http.Redirect(w, r, "http://127.0.0.1:9/elsewhere", http.StatusTemporaryRedirect)
		}},
		{"never-answered", func(w http.ResponseWriter, r *http.Request, id json.RawMessage) {
			w.Header().Set("Content-Type", "text/event-stream")
			w.WriteHeader(http.StatusOK)
			w.(http.Flusher).Flush()
			<-r.Context().Done()
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := attackServer(t, tc.answer)
			r := runStreamAttack(t, bin, t.TempDir(), 2*time.Minute, nil, "--no-plugins", "--probes", "none", "--timeout", "5s", "-f", "json", srv.URL+"/mcp")
			if r.code != exitTarget || !strings.Contains(r.stderr, "tools/list") {
				t.Errorf("exit %d, want %d with a message naming tools/list\nstdout: %s\nstderr: %s", r.code, exitTarget, tail(r.stdout), tail(r.stderr))
			}
		})
	}
}

// TestHostileStdioVolume lints stdio servers that attack with volume: a
// tool list paged forever in pages of a megabyte, and floods of
// notifications or requests before the list. Each run ends within 1 GB
// with a finding that says where mcplint stopped.
func TestHostileStdioVolume(t *testing.T) {
	bin := attackBinary(t)
	server := buildInto(t, t.TempDir(), "flood", "../../testdata/servers/flood")
	for _, tc := range []struct {
		mode, rule, want string
	}{
		{"pages", "pagination-loop", "stopped"},
		{"notifications", "message-flood", "notifications"},
		{"requests", "message-flood", "requests"},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			r := runStreamAttack(t, bin, t.TempDir(), 3*time.Minute, nil, "--no-plugins", "--probes", "none", "--timeout", "2m", "--fail-on", "warning", "-f", "json", "--", server, tc.mode)
			var rep struct {
				Targets []struct {
					Issues []struct{ Rule, Message string }
				}
			}
			json.Unmarshal([]byte(r.stdout), &rep)
			found := false
			for _, tg := range rep.Targets {
				for _, is := range tg.Issues {
					found = found || is.Rule == tc.rule && strings.Contains(is.Message, tc.want)
				}
			}
			if r.code != exitIssues || !found {
				t.Errorf("exit %d, want %d with a %s issue saying %q\nstdout: %s\nstderr: %s", r.code, exitIssues, tc.rule, tc.want, tail(r.stdout), tail(r.stderr))
			}
		})
	}
}

// TestHostileSignalDuringRequestFlood sends SIGTERM to mcplint while a
// server floods it with requests on the SSE stream of tools/list: mcplint
// still ends, with an error, well within the test's bound.
func TestHostileSignalDuringRequestFlood(t *testing.T) {
	bin := attackBinary(t)
	srv := attackServer(t, func(w http.ResponseWriter, r *http.Request, id json.RawMessage) {
		w.Header().Set("Content-Type", "text/event-stream")
		for i := 0; r.Context().Err() == nil && i < 1<<30; i++ {
			if _, err := fmt.Fprintf(w, "data: {\"jsonrpc\":\"2.0\",\"id\":\"flood-%d\",\"method\":\"ping\"}\n\n", i); err != nil {
				return
			}
		}
	})
	r := runStreamAttack(t, bin, t.TempDir(), time.Minute, syscall.SIGTERM, "--no-plugins", "--timeout", "5m", srv.URL+"/mcp")
	// Whichever comes first, the cap on the stream or the signal, the
	// target fails and mcplint says why.
	if r.code != exitTarget || !strings.Contains(r.stderr+r.stdout, "stopped") {
		t.Errorf("exit %d after SIGTERM during a flood, want %d with the reason\nstderr: %s", r.code, exitTarget, tail(r.stderr))
	}
}

// TestHostileDoubleSetsid lints a server whose child calls setsid and
// starts a grandchild that calls setsid again, both staying alive: once
// mcplint has exited, none of the three is left.
func TestHostileDoubleSetsid(t *testing.T) {
	bin := attackBinary(t)
	dir := t.TempDir()
	t.Cleanup(func() { killUnder(dir) })
	server := buildInto(t, dir, "flood", "../../testdata/servers/flood")
	runStreamAttack(t, bin, t.TempDir(), time.Minute, nil, "--no-plugins", "--probes", "none", "--", server, "doublefork")
	waitFor(t, "the detached child and grandchild to be gone", func() bool { return len(processesUnder(dir)) == 0 })
}

// TestHostileMetadataFetch answers every request with 401 and a
// resource_metadata URL on another host of the private network (as one
// naming 169.254.169.254 would): mcplint never asks it. Metadata on the
// server's own origin without authorization_servers is quoted in the
// report to 200 bytes at most.
func TestHostileMetadataFetch(t *testing.T) {
	bin := attackBinary(t)
	asked := make(chan string, 10)
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
	secret := strings.Repeat("S", 2048)
	for _, tc := range []struct{ name, metadata string }{
		{"other-host", other.URL + "/latest/meta-data/"},
		{"own-origin", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var self string
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if r.URL.Path == "/meta" {
					w.Header().Set("Content-Type", "application/json")
					io.WriteString(w, `{"resource":"x","note":"`+secret+`"}`)
					return
				}
				target := tc.metadata
				if target == "" {
					target = self + "/meta"
				}
				w.Header().Set("WWW-Authenticate", `Bearer resource_metadata="`+target+`"`)
				http.Error(w, "unauthorized", http.StatusUnauthorized)
			}))
			t.Cleanup(srv.Close)
			self = srv.URL
			r := runStreamAttack(t, bin, t.TempDir(), time.Minute, nil, "--no-plugins", "-f", "json", srv.URL+"/mcp")
			select {
			case u := <-asked:
				t.Errorf("mcplint fetched %s from another host", u)
			default:
			}
			if strings.Contains(r.stdout, strings.Repeat("S", 201)) {
				t.Errorf("the report quotes more than 200 bytes of the metadata:\n%s", tail(r.stdout))
			}
		})
	}
}
