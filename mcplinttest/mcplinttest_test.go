package mcplinttest_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcplint/mcplint/mcplinttest"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// fakeT stands in for the test's t, to see what Run says to it.
type fakeT struct {
	testing.TB
	errors, fatals, logs []string
}

func (f *fakeT) Helper() {}
func (f *fakeT) Errorf(format string, args ...any) {
	f.errors = append(f.errors, fmt.Sprintf(format, args...))
}
func (f *fakeT) Fatalf(format string, args ...any) {
	f.fatals = append(f.fatals, fmt.Sprintf(format, args...))
}
func (f *fakeT) Logf(format string, args ...any) {
	f.logs = append(f.logs, fmt.Sprintf(format, args...))
}

// serveClean is a server with nothing to report. Its capabilities are set
// explicitly because the SDK declares logging by default, which 2026-07-28
// deprecates.
func serveClean(ctx context.Context, in io.ReadCloser, out io.WriteCloser) error {
	s := mcp.NewServer(&mcp.Implementation{Name: "clock", Version: "1.0.0"}, &mcp.ServerOptions{Capabilities: &mcp.ServerCapabilities{}})
	type args struct {
		Zone string `json:"zone" jsonschema:"IANA time zone name, e.g. Europe/Paris"`
	}
	mcp.AddTool(s, &mcp.Tool{
		Name:        "get_time",
		Title:       "Current time",
		Description: "Get the current time in a time zone, as an RFC 3339 timestamp.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true},
	}, func(context.Context, *mcp.CallToolRequest, args) (*mcp.CallToolResult, any, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: time.Now().Format(time.RFC3339)}}}, nil, nil
	})
	return s.Run(ctx, &mcp.IOTransport{Reader: in, Writer: out})
}

func TestCleanServerPasses(t *testing.T) {
	ft := &fakeT{TB: t}
	rep := mcplinttest.Run(ft, serveClean, mcplinttest.WithFailOn("info"), mcplinttest.WithMinGrade("A"))
	if len(ft.errors)+len(ft.fatals) > 0 {
		t.Fatalf("a clean server failed: %q %q", ft.errors, ft.fatals)
	}
	if len(ft.logs) != 1 || !strings.Contains(ft.logs[0], "grade A") {
		t.Errorf("want the report logged once, got %q", ft.logs)
	}
	if tg := rep.Targets[0]; len(tg.Issues) != 0 || tg.Grade != "A" || tg.Name != "clock" {
		t.Errorf("target %s grade %s with %d issues, want clock, A, none", tg.Name, tg.Grade, len(tg.Issues))
	}
}

// The gates decide as the command line's exit code does.
func TestGates(t *testing.T) {
	for _, tc := range []struct {
		name string
		opts []mcplinttest.Option
		// fail is what the failure must say; empty for a pass.
		fail string
	}{
		{name: "default", opts: nil},
		{name: "warning", opts: []mcplinttest.Option{mcplinttest.WithFailOn("warning")}, fail: "weather: 3 issues at or above --fail-on warning"},
		{name: "info", opts: []mcplinttest.Option{mcplinttest.WithFailOn("info")}, fail: "weather: 8 issues at or above --fail-on info"},
		{name: "never", opts: []mcplinttest.Option{mcplinttest.WithFailOn("never"), mcplinttest.WithEnable("tool-name-portable")}},
		{name: "only naming", opts: []mcplinttest.Option{mcplinttest.WithOnly("naming"), mcplinttest.WithFailOn("info")}, fail: "weather: 1 issue at or above --fail-on info"},
		{name: "config then flag", opts: []mcplinttest.Option{mcplinttest.WithConfig("testdata/weather.mcplint.toml"), mcplinttest.WithFailOn("info")}, fail: "weather: 5 issues at or above --fail-on info"},
		{name: "grade", opts: []mcplinttest.Option{mcplinttest.WithDisable("annotations-missing", "tool-name-style", "description-too-short"), mcplinttest.WithMinGrade("A")}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ft := &fakeT{TB: t}
			rep := mcplinttest.Run(ft, serveWeather, tc.opts...)
			if rep == nil || len(ft.fatals) > 0 {
				t.Fatalf("no report: %q", ft.fatals)
			}
			if tc.fail == "" {
				if len(ft.errors) > 0 {
					t.Errorf("want a pass, got %q", ft.errors)
				}
				return
			}
			if len(ft.errors) != 1 || !strings.Contains(ft.errors[0], tc.fail) {
				t.Fatalf("want one failure saying %q, got %q", tc.fail, ft.errors)
			}
			// The failure carries the readable report, without color.
			for _, part := range []string{"weather  live in-process", "fix: ", "in 1 target"} {
				if !strings.Contains(ft.errors[0], part) {
					t.Errorf("the failure lacks %q:\n%s", part, ft.errors[0])
				}
			}
			if strings.Contains(ft.errors[0], "\x1b[") {
				t.Error("the failure is colored")
			}
		})
	}
}

func TestMinGradeFails(t *testing.T) {
	ft := &fakeT{TB: t}
	mcplinttest.Run(ft, serveBroken, mcplinttest.WithFailOn("never"), mcplinttest.WithMinGrade("B"))
	if len(ft.errors) != 1 || !strings.Contains(ft.errors[0], "broken: grade C is below --min-grade B") {
		t.Errorf("want a grade failure, got %q", ft.errors)
	}
}

// serveBroken is a server whose tools break the spec badly enough to
// lower its grade.
func serveBroken(ctx context.Context, in io.ReadCloser, out io.WriteCloser) error {
	s := mcp.NewServer(&mcp.Implementation{Name: "broken", Version: "0"}, nil)
	for _, name := range []string{"bad name!", "also bad?", "x"} {
		s.AddTool(&mcp.Tool{Name: name, InputSchema: map[string]any{"type": "object", "required": []any{"a"}}},
			func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				return &mcp.CallToolResult{}, nil
			})
	}
	return s.Run(ctx, &mcp.IOTransport{Reader: in, Writer: out})
}

func TestBadOptionsStopTheTest(t *testing.T) {
	for _, tc := range []struct {
		opt  mcplinttest.Option
		want string
	}{
		{mcplinttest.WithFailOn("warn"), `WithFailOn("warn"): want one of info, warning, error, never`},
		{mcplinttest.WithMinGrade("E"), `WithMinGrade("E")`},
		{mcplinttest.WithTimeout(0), "the timeout must be positive"},
		{mcplinttest.WithEnable("tool-name-formt"), `did you mean "tool-name-format"?`},
		{mcplinttest.WithConfig("testdata/missing.toml"), "cannot read the config file"},
	} {
		ft := &fakeT{TB: t}
		served := false
		rep := mcplinttest.Run(ft, func(context.Context, io.ReadCloser, io.WriteCloser) error { served = true; return nil }, tc.opt)
		if rep != nil || len(ft.fatals) != 1 || !strings.Contains(ft.fatals[0], tc.want) {
			t.Errorf("want a fatal error saying %q, got %q (report %v)", tc.want, ft.fatals, rep != nil)
		}
		if served {
			t.Errorf("the server ran despite a bad option (%s)", tc.want)
		}
	}
}

// A server that reads its input and never answers fails the test within
// the timeout, and its goroutine ends with the session.
func TestHangingServerFailsInTime(t *testing.T) {
	before := runtime.NumGoroutine()
	returned := make(chan struct{})
	var once sync.Once
	// Called once for the session and once for the probe's second one.
	hang := func(_ context.Context, in io.ReadCloser, _ io.WriteCloser) error {
		defer once.Do(func() { close(returned) })
		io.Copy(io.Discard, in)
		return nil
	}
	ft := &fakeT{TB: t}
	began := time.Now()
	rep := mcplinttest.Run(ft, hang, mcplinttest.WithTimeout(300*time.Millisecond))
	if took := time.Since(began); took > 8*time.Second { // a hang would take far longer; a busy machine is slower
		t.Errorf("linting a hanging server took %s with a 300ms timeout", took)
	}
	if rep == nil || rep.Targets[0].Error == nil || rep.Targets[0].Name != "in-process" {
		t.Fatalf("want a target named in-process that could not be linted, got %+v", rep)
	}
	if len(ft.errors) != 1 || !strings.Contains(ft.errors[0], "in-process: could not be linted") ||
		!strings.Contains(ft.errors[0], "got no answer in") {
		t.Errorf("want one failure naming the timeout, got %q", ft.errors)
	}
	select {
	case <-returned:
	default:
		t.Error("Run returned before the server's goroutine")
	}
	noGoroutinesAbove(t, before)
}

// A server that ignores every way of ending it is reported, and Run still
// returns in bounded time.
func TestServerThatNeverReturns(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	stuck := func(context.Context, io.ReadCloser, io.WriteCloser) error {
		<-release
		return nil
	}
	ft := &fakeT{TB: t}
	began := time.Now()
	mcplinttest.Run(ft, stuck, mcplinttest.WithTimeout(200*time.Millisecond))
	if took := time.Since(began); took > 8*time.Second {
		t.Errorf("Run took %s", took)
	}
	if len(ft.errors) != 1 || !strings.Contains(ft.errors[0], mcplinttest.ErrStillServing.Error()) {
		t.Errorf("want a failure saying serve did not return, got %q", ft.errors)
	}
	_, err := mcplinttest.Lint(context.Background(), stuck, mcplinttest.WithTimeout(200*time.Millisecond))
	if !errors.Is(err, mcplinttest.ErrStillServing) {
		t.Errorf("Lint: want ErrStillServing, got %v", err)
	}
}

// noGoroutinesAbove waits briefly for the goroutine count to come back to n.
func noGoroutinesAbove(t *testing.T, n int) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Second)
	for runtime.NumGoroutine() > n {
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<16)
			t.Fatalf("%d goroutines left, %d before:\n%s", runtime.NumGoroutine(), n, buf[:runtime.Stack(buf, true)])
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestLintCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rep, err := mcplinttest.Lint(ctx, serveClean)
	if err != nil || rep == nil || rep.Targets[0].Error == nil || !strings.Contains(*rep.Targets[0].Error, "context canceled") {
		t.Errorf("want a report whose target was cancelled, got %v, %v", rep, err)
	}
	if _, err := mcplinttest.Lint(ctx, nil); err == nil {
		t.Error("a nil serve function was accepted")
	}
}

func TestWithName(t *testing.T) {
	rep := mcplinttest.Run(t, serveClean, mcplinttest.WithName("clock-under-test"))
	if rep != nil && rep.Targets[0].Name != "clock-under-test" {
		t.Errorf("target named %q, want the WithName name", rep.Targets[0].Name)
	}
}
