package mcp

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mcplint/mcplint/engine/internal/transport/stdio"
	"github.com/mcplint/mcplint/engine/mcptest"
	"github.com/mcplint/mcplint/sdk"
)

// The test binary doubles as a server that writes exactly the bytes a test
// asks for, when started with MCPTEST_HELPER set.
func TestMain(m *testing.M) {
	if mode := os.Getenv("MCPTEST_HELPER"); mode != "" {
		helper(mode)
		return
	}
	os.Exit(mcptest.Main(m))
}

func helper(mode string) {
	switch mode {
	case "write":
		out, _ := hex.DecodeString(os.Getenv("MCPTEST_OUT"))
		os.Stdout.Write(out)
		fmt.Fprint(os.Stderr, os.Getenv("MCPTEST_ERR"))
		if code := os.Getenv("MCPTEST_EXIT"); code != "" {
			var n int
			fmt.Sscan(code, &n)
			os.Exit(n)
		}
	case "env":
		fmt.Println(os.Getenv("MCPTEST_PROBE"))
	case "stderr-flood":
		line := strings.Repeat("e", 1000)
		for i := range 200 {
			fmt.Fprintf(os.Stderr, "%03d %s\n", i, line)
		}
	}
	io.Copy(io.Discard, os.Stdin)
}

// helperArgv runs this test binary as a helper server.
func helperArgv() []string { return []string{os.Args[0], "-test.run=^$"} }

func writeHelper(out, stderr, exit string) Options {
	env := map[string]string{"MCPTEST_HELPER": "write", "MCPTEST_OUT": hex.EncodeToString([]byte(out)), "MCPTEST_ERR": stderr}
	if exit != "" {
		env["MCPTEST_EXIT"] = exit
	}
	return Options{Timeout: 2 * time.Second, Stdio: stdio.Options{Env: env}}
}

// start runs a server and registers its shutdown and the leftover check.
func start(t *testing.T, argv []string, opts Options) *Client {
	t.Helper()
	c, err := Start(context.Background(), argv, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		c.Close()
		mcptest.CheckNoLeftovers(t, c.PGID())
	})
	return c
}

func events(tr *sdk.Transcript, kind string) []sdk.Event {
	var out []sdk.Event
	for _, r := range tr.Records {
		if r.Event != nil && r.Event.Kind == kind {
			out = append(out, *r.Event)
		}
	}
	return out
}

func TestHandshakeEras(t *testing.T) {
	tests := []struct {
		server  string
		era     string
		version string
		how     string
	}{
		{"legacy", sdk.EraLegacy, "2025-11-25", "UnsupportedProtocolVersion listing handshake-era versions"},
		{"modern", sdk.EraModern, "2026-07-28", "server/discover offered 2026-07-28"},
		{"banner", sdk.EraLegacy, "2025-11-25", "error -32601"},
		{"silent", sdk.EraLegacy, "2025-11-25", "no answer"},
	}
	for _, tt := range tests {
		t.Run(tt.server, func(t *testing.T) {
			c := start(t, []string{mcptest.Server(t, tt.server)}, Options{Timeout: 2 * time.Second})
			hello, err := c.Handshake(context.Background(), 300*time.Millisecond)
			if err != nil {
				t.Fatal(err)
			}
			if hello.Era != tt.era || hello.ProtocolVersion != tt.version || !strings.Contains(hello.How, tt.how) {
				t.Fatalf("got %+v, want era %s version %s, how mentioning %q", hello, tt.era, tt.version, tt.how)
			}
			if _, err := c.ListAll(context.Background(), MethodToolsList); err != nil {
				t.Fatal(err)
			}
			tr := c.Transcript()
			var sentMeta, sentInitialized bool
			for _, r := range tr.Records {
				if r.Dir != sdk.DirClientToServer {
					continue
				}
				m, _ := ParseMessage(r.Msg)
				if m.Method == MethodToolsList {
					sentMeta = strings.Contains(string(m.Params), MetaProtocolVersion)
				}
				sentInitialized = sentInitialized || m.Method == MethodInitialized
			}
			if modern := tt.era == sdk.EraModern; sentMeta != modern || sentInitialized == modern {
				t.Errorf("modern=%v but tools/list _meta=%v, notifications/initialized sent=%v", modern, sentMeta, sentInitialized)
			}
			if tt.server == "silent" {
				ev := events(tr, sdk.EventTimeout)
				if len(ev) != 1 || string(ev[0].ID) != "1" {
					t.Errorf("want one timeout event for the probe (id 1), got %+v", ev)
				}
			}
		})
	}
}

func TestHangingServerCostsTheTimeout(t *testing.T) {
	const timeout = 600 * time.Millisecond
	c := start(t, []string{mcptest.Server(t, "hang")}, Options{Timeout: timeout, Stdio: stdio.Options{Grace: 100 * time.Millisecond}})
	began := time.Now()
	_, err := c.Handshake(context.Background(), 0)
	var te *TimeoutError
	if !errors.As(err, &te) || te.Method != MethodInitialize {
		t.Fatalf("want an initialize timeout, got %v", err)
	}
	if took := time.Since(began); took > timeout+4*time.Second {
		t.Errorf("the handshake with a hanging server took %s; the timeout is %s", took, timeout)
	}
	_, err = c.Request(context.Background(), MethodToolsList, nil, 200*time.Millisecond)
	if !errors.As(err, &te) {
		t.Fatalf("want a timeout, got %v", err)
	}
	closing := time.Now()
	c.Close()
	if took := time.Since(closing); took > 4*time.Second {
		t.Errorf("Close took %s", took)
	}
	tr := c.Transcript()
	exit := events(tr, sdk.EventExit)
	if len(exit) != 1 || !strings.Contains(exit[0].Detail, "SIGKILL") {
		t.Errorf("the server ignores SIGTERM, so it must have been killed: %+v", exit)
	}
	// The request timeout is cancelled; the two handshake timeouts are not.
	var cancelled int
	for _, r := range tr.Records {
		if m, ok := ParseMessage(r.Msg); ok && r.Dir == sdk.DirClientToServer && m.Method == MethodCancelled {
			cancelled++
		}
	}
	if got := len(events(tr, sdk.EventTimeout)); got != 3 || cancelled != 1 {
		t.Errorf("%d timeout events and %d cancellations, want 3 and 1", got, cancelled)
	}
}

func TestContextCancelStopsTheServer(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	c, err := Start(ctx, []string{mcptest.Server(t, "hang")}, Options{Timeout: time.Minute, Stdio: stdio.Options{Grace: 100 * time.Millisecond}})
	if err != nil {
		t.Fatal(err)
	}
	defer mcptest.CheckNoLeftovers(t, c.PGID())
	defer c.Close()
	time.AfterFunc(200*time.Millisecond, cancel)
	began := time.Now()
	if _, err := c.Request(ctx, MethodPing, nil, 0); !errors.Is(err, context.Canceled) {
		t.Fatalf("want context.Canceled, got %v", err)
	}
	if took := time.Since(began); took > 5*time.Second {
		t.Errorf("cancel took %s to end the request", took)
	}
}

func TestSessionDeadline(t *testing.T) {
	c := start(t, []string{mcptest.Server(t, "hang")}, Options{Timeout: time.Minute, SessionTimeout: 300 * time.Millisecond, Stdio: stdio.Options{Grace: 100 * time.Millisecond}})
	began := time.Now()
	_, err := c.Request(context.Background(), MethodPing, nil, 0)
	var gone *GoneError
	if !errors.As(err, &gone) {
		t.Fatalf("want the server gone at the session deadline, got %v", err)
	}
	if took := time.Since(began); took > 5*time.Second {
		t.Errorf("the session deadline of 300ms took %s to end the request", took)
	}
	if ev := events(c.Transcript(), sdk.EventTimeout); len(ev) != 1 || !strings.Contains(ev[0].Detail, "session deadline") {
		t.Errorf("want a session deadline event, got %+v", ev)
	}
}

func TestServerRequestsAreAnswered(t *testing.T) {
	c := start(t, []string{mcptest.Server(t, "sampling")}, Options{Timeout: 3 * time.Second})
	if _, err := c.Handshake(context.Background(), 0); err != nil {
		t.Fatal(err)
	}
	if _, err := c.ListAll(context.Background(), MethodToolsList); err != nil {
		t.Fatalf("tools/list: %v (the server waits for answers to its own requests)", err)
	}
	c.Close()
	answers := map[string]string{}
	for _, r := range c.Transcript().Records {
		m, ok := ParseMessage(r.Msg)
		if ok && r.Dir == sdk.DirClientToServer && m.IsResponse() {
			var id string
			json.Unmarshal(m.ID, &id)
			if m.Error != nil {
				answers[id] = fmt.Sprint(m.Error.Code)
			} else {
				answers[id] = string(m.Result)
			}
		}
	}
	if answers["sample-1"] != "-32601" || answers["ping-1"] != "{}" {
		t.Errorf("answers to the server's requests: %v; want sampling -32601 and ping {}", answers)
	}
	if tail := strings.Join(c.StderrTail(), "\n"); !strings.Contains(tail, "answer to ping-1: result={}") {
		t.Errorf("the server did not see the ping answer; its stderr:\n%s", tail)
	}
}

func TestOversizeLineIsSkippedNotHeld(t *testing.T) {
	c := start(t, []string{mcptest.Server(t, "bigline")}, Options{Timeout: 20 * time.Second, Stdio: stdio.Options{LineCap: 1 << 20}})
	if _, err := c.Handshake(context.Background(), 0); err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	if _, err := c.ListAll(context.Background(), MethodToolsList); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 16<<20 {
		t.Errorf("reading a 50 MB line allocated %d MB; it must be skipped in chunks", grew>>20)
	}
	ev := events(c.Transcript(), sdk.EventOversizeLine)
	if len(ev) != 1 || ev[0].Bytes != 50<<20 {
		t.Errorf("want one oversize-line event of %d bytes, got %+v", 50<<20, ev)
	}
}

func TestCrashAfterHandshake(t *testing.T) {
	c := start(t, []string{mcptest.Server(t, "crash")}, Options{Timeout: 5 * time.Second})
	if _, err := c.Handshake(context.Background(), 0); err != nil {
		t.Fatal(err)
	}
	began := time.Now()
	_, err := c.ListAll(context.Background(), MethodToolsList)
	var gone *GoneError
	if !errors.As(err, &gone) || gone.Exit != "exit status 3" {
		t.Fatalf("want the server gone with exit status 3, got %v", err)
	}
	if took := time.Since(began); took > 5*time.Second {
		t.Errorf("noticing the crash took %s", took)
	}
	c.Close()
	tr := c.Transcript()
	if ev := events(tr, sdk.EventExit); len(ev) != 1 || ev[0].Code == nil || *ev[0].Code != 3 {
		t.Errorf("exit events %+v, want code 3", ev)
	}
	if len(events(tr, sdk.EventStdoutClosed)) != 1 {
		t.Error("want a stdout-closed event")
	}
	if !slices.Contains(c.StderrTail(), "panic: tool registry is corrupted") {
		t.Errorf("stderr tail %q lacks the panic", c.StderrTail())
	}
}

func TestPaginationStops(t *testing.T) {
	tests := []struct {
		server string
		pages  int
		detail string
	}{
		{"cursorloop", 2, `sent cursor "again" again`},
		{"endless", MaxPages, "stopped after 100 pages"},
	}
	for _, tt := range tests {
		t.Run(tt.server, func(t *testing.T) {
			c := start(t, []string{mcptest.Server(t, tt.server)}, Options{})
			if _, err := c.Handshake(context.Background(), 0); err != nil {
				t.Fatal(err)
			}
			pages, err := c.ListAll(context.Background(), MethodToolsList)
			if err != nil || pages != tt.pages {
				t.Fatalf("pages %d, err %v; want %d pages", pages, err, tt.pages)
			}
			ev := events(c.Transcript(), sdk.EventPagination)
			if len(ev) != 1 || !strings.Contains(ev[0].Detail, tt.detail) {
				t.Errorf("pagination events %+v, want one saying %q", ev, tt.detail)
			}
		})
	}
}

// A listing whose page is not a result with the array of items is an
// error, a *PageError, as is one whose later page goes unanswered (naming
// the page and its cursor); an empty list is a listing.
func TestListAllFailures(t *testing.T) {
	tests := []struct {
		mode string
		want string // "" for no error
		page bool   // a *PageError
	}{
		{"nope", `tools/list (id 3) was answered with a result that has "tools" that is not an array: "nope"`, true},
		{"missing", `tools/list (id 3) was answered with a result that has no "tools" array`, true},
		{"secondpage", `(page 2 of the listing, cursor "page-2")`, false},
		{"empty", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.mode, func(t *testing.T) {
			c := start(t, []string{"env", "BADLIST=" + tt.mode, mcptest.Server(t, "badlist")}, Options{Timeout: 500 * time.Millisecond})
			if _, err := c.Handshake(context.Background(), 0); err != nil {
				t.Fatal(err)
			}
			_, err := c.ListAll(context.Background(), MethodToolsList)
			var page *PageError
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("error %v, want none", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Errorf("error %v, want one saying %q", err, tt.want)
			case errors.As(err, &page) != tt.page:
				t.Errorf("error %T %v: a *PageError is %v, want %v", err, err, !tt.page, tt.page)
			}
		})
	}
}

func TestRecordsKeepBytes(t *testing.T) {
	out := "Booting…\n\xff\xfe not UTF-8\n{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"data\":\"hi\"}}  \n"
	c := start(t, helperArgv(), writeHelper(out, "warming up\n", ""))
	time.Sleep(300 * time.Millisecond)
	c.Close()
	var raws []string
	var msgs []string
	var stderr []string
	for _, r := range c.Transcript().Records {
		switch r.Dir {
		case sdk.DirServerToClient:
			if r.Msg != nil {
				msgs = append(msgs, string(r.Msg))
			} else {
				raws = append(raws, r.Raw)
			}
		case sdk.DirStderr:
			stderr = append(stderr, r.Raw)
		}
	}
	if !slices.Equal(raws, []string{"Booting…", "\xff\xfe not UTF-8"}) {
		t.Errorf("raw lines %q", raws)
	}
	if len(msgs) != 1 || msgs[0] != `{"jsonrpc":"2.0","method":"notifications/message","params":{"data":"hi"}}  ` {
		t.Errorf("JSON lines must be kept byte for byte, got %q", msgs)
	}
	if !slices.Equal(stderr, []string{"warming up"}) {
		t.Errorf("stderr records %q", stderr)
	}
}

func TestEnvironmentOverlay(t *testing.T) {
	c := start(t, helperArgv(), Options{Stdio: stdio.Options{Env: map[string]string{"MCPTEST_HELPER": "env", "MCPTEST_PROBE": "overlaid"}}})
	time.Sleep(300 * time.Millisecond)
	c.Close()
	for _, r := range c.Transcript().Records {
		if r.Dir == sdk.DirServerToClient && r.Raw == "overlaid" {
			return
		}
	}
	t.Errorf("the overlay did not reach the server: %+v", c.Transcript().Records)
}

func TestStderrIsBounded(t *testing.T) {
	c := start(t, helperArgv(), Options{Stdio: stdio.Options{Env: map[string]string{"MCPTEST_HELPER": "stderr-flood"}, StderrRecord: 10_000}})
	time.Sleep(500 * time.Millisecond)
	c.Close()
	var n, bytes int
	for _, r := range c.Transcript().Records {
		if r.Dir == sdk.DirStderr {
			n++
			bytes += len(r.Raw)
		}
	}
	if bytes > 10_000 || n == 0 {
		t.Errorf("recorded %d stderr lines, %d bytes; the bound is 10000", n, bytes)
	}
	if len(events(c.Transcript(), sdk.EventStderrTruncated)) != 1 {
		t.Error("want one stderr-truncated event")
	}
	tail := c.StderrTail()
	if len(tail) != stdio.TailLines || !strings.HasPrefix(tail[len(tail)-1], "199 ") {
		t.Errorf("tail has %d lines ending %.10q; want the last %d", len(tail), tail[len(tail)-1], stdio.TailLines)
	}
}

func TestServerThatExitsAtOnce(t *testing.T) {
	c := start(t, helperArgv(), writeHelper("", "fatal: WEATHER_API_KEY is not set\n", "1"))
	began := time.Now()
	_, err := c.Handshake(context.Background(), 0)
	var gone *GoneError
	if !errors.As(err, &gone) {
		t.Fatalf("want the server gone, got %v", err)
	}
	if took := time.Since(began); took > 5*time.Second {
		t.Errorf("noticing the exit took %s", took)
	}
	c.Close()
	if desc, ok := c.Exited(); !ok || desc != "exit status 1" {
		t.Errorf("exit %q", desc)
	}
	if !slices.Contains(c.StderrTail(), "fatal: WEATHER_API_KEY is not set") {
		t.Errorf("stderr tail %q", c.StderrTail())
	}
}

func TestStartFailures(t *testing.T) {
	if _, err := Start(context.Background(), nil, Options{}); err == nil {
		t.Error("an empty command must fail")
	}
	_, err := Start(context.Background(), []string{"/nonexistent/mcp-server"}, Options{})
	if err == nil || !strings.Contains(err.Error(), "/nonexistent/mcp-server") {
		t.Errorf("want an error naming the command, got %v", err)
	}
}

// TestProgressExtendsTheDeadline calls a tool that works for 1.2 s with a
// 500 ms timeout: waiting a fixed time gives up on it (and cancels it),
// reading its progress notifications as signs of life does not, up to the
// ceiling.
func TestProgressExtendsTheDeadline(t *testing.T) {
	c := start(t, []string{mcptest.Server(t, "progress")}, Options{Timeout: 2 * time.Second})
	if _, err := c.Handshake(context.Background(), 300*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	args := map[string]any{"name": "work", "arguments": map[string]any{"steps": 4}}
	const timeout = 500 * time.Millisecond

	var te *TimeoutError
	if _, err := c.Request(context.Background(), MethodToolsCall, args, timeout); !errors.As(err, &te) {
		t.Fatalf("without a progress token: want a timeout, got %v", err)
	}
	m, err := c.RequestWithProgress(context.Background(), MethodToolsCall, args, timeout, time.Minute)
	if err != nil || !strings.Contains(string(m.Result), "done") {
		t.Fatalf("with progress: got %s, %v", m.Result, err)
	}
	if _, err := c.RequestWithProgress(context.Background(), MethodToolsCall, args, timeout, 700*time.Millisecond); !errors.As(err, &te) {
		t.Fatalf("past the ceiling: want a timeout, got %v", err)
	}

	tr := c.Transcript()
	var tokens, progress, cancelled int
	for _, r := range tr.Records {
		m, ok := ParseMessage(r.Msg)
		switch {
		case !ok:
		case r.Dir == sdk.DirClientToServer && m.Method == MethodToolsCall && strings.Contains(string(m.Params), `"progressToken":"mcplint-progress-`):
			tokens++
		case r.Dir == sdk.DirServerToClient && m.Method == MethodProgress:
			progress++
		case r.Dir == sdk.DirClientToServer && m.Method == MethodCancelled:
			cancelled++
		}
	}
	if tokens != 2 || progress < 4 || cancelled != 2 {
		t.Errorf("%d calls with a progress token, %d progress notifications, %d cancellations; want 2, at least 4, 2", tokens, progress, cancelled)
	}
}

// TestStartupAllowance: a server that writes nothing for longer than the
// request timeout is starting, and its first request waits the start-up
// allowance; once it has spoken, every request waits the timeout alone.
func TestStartupAllowance(t *testing.T) {
	const timeout = 250 * time.Millisecond
	slow := func(t *testing.T, startup time.Duration) *Client {
		return start(t, []string{mcptest.Server(t, "slowstart")}, Options{Timeout: timeout, StartupTimeout: startup,
			Stdio: stdio.Options{Grace: 100 * time.Millisecond, Env: map[string]string{"SLOWSTART_DELAY": "700ms", "SLOWSTART_ERA": "legacy"}}})
	}
	t.Run("within", func(t *testing.T) {
		c := slow(t, time.Minute)
		hello, err := c.Handshake(context.Background(), 0)
		if err != nil || hello.Era != sdk.EraLegacy {
			t.Fatalf("handshake: %+v, %v; want the legacy era", hello, err)
		}
		if _, err := c.Request(context.Background(), MethodToolsList, nil, 0); err != nil {
			t.Fatal(err)
		}
		if !c.Spoke() {
			t.Error("Spoke is false after the server answered")
		}
		if ev := events(c.Transcript(), sdk.EventTimeout); len(ev) > 0 {
			t.Errorf("timeouts while the server started: %+v", ev)
		}
	})
	t.Run("beyond", func(t *testing.T) {
		c := slow(t, 300*time.Millisecond)
		_, err := c.Handshake(context.Background(), 0)
		var te *TimeoutError
		if !errors.As(err, &te) || c.Spoke() {
			t.Fatalf("want a timeout with the server silent, got %v (spoke %v)", err, c.Spoke())
		}
		ev := events(c.Transcript(), sdk.EventTimeout)
		if len(ev) == 0 || !strings.Contains(ev[0].Detail, "the server had written nothing") || !strings.Contains(ev[0].Detail, "start-up allowance is 300ms") {
			t.Errorf("the timeout should say the server had not started: %+v", ev)
		}
	})
}

// A server that leaves on its own when its stdin closes is given the time
// to, unless the session is Abrupt (a probe's extra process): then it is
// sent SIGTERM at once, and the lint does not wait for its exit.
func TestAbruptCloseDoesNotWaitForTheExit(t *testing.T) {
	for _, abrupt := range []bool{false, true} {
		opts := Options{Timeout: 2 * time.Second, Stdio: stdio.Options{Grace: time.Minute, Abrupt: abrupt}}
		c := start(t, []string{mcptest.Server(t, "weather")}, opts)
		if _, err := c.Handshake(context.Background(), 0); err != nil {
			t.Fatal(err)
		}
		c.Close()
		signals := events(c.Transcript(), sdk.EventSignal)
		if abrupt && (len(signals) != 1 || !strings.Contains(signals[0].Detail, "SIGTERM")) {
			t.Errorf("abrupt: signals %+v, want SIGTERM at once", signals)
		}
		if !abrupt && len(signals) != 0 {
			t.Errorf("gentle: signals %+v, want the server to leave on its own", signals)
		}
	}
}
