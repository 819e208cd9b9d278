package live

import (
	"context"
	"errors"
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mcplint/mcplint/engine/internal/target"
	"github.com/mcplint/mcplint/engine/mcptest"
	"github.com/mcplint/mcplint/sdk"
)

// slowstart is the fixture server that writes nothing for delay, then
// serves era.
func slowstart(t *testing.T, delay, era string) target.Target {
	tg := command(mcptest.Server(t, "slowstart"))
	tg.Env = map[string]string{"SLOWSTART_DELAY": delay, "SLOWSTART_ERA": era}
	return tg
}

// A server that writes nothing for longer than the request timeout, but
// less than its start-up allowance, is linted as if it had started at
// once: the same era and tools, no finding, and no probe left
// inconclusive (the probes' own processes start as slowly).
func TestSlowStartWithinAllowance(t *testing.T) {
	for _, kind := range []string{"legacy", "modern", "dual"} {
		t.Run(kind, func(t *testing.T) {
			s, err := load(t, slowstart(t, "700ms", kind), Options{Timeout: 250 * time.Millisecond, StartupTimeout: 20 * time.Second})
			if err != nil {
				t.Fatal(err)
			}
			checkSlowStarter(t, s, kind)
			for _, tr := range s.Transcript.Probes {
				if slices.ContainsFunc(tr.Records, func(r sdk.Record) bool { return r.Event != nil && r.Event.Kind == sdk.EventInconclusive }) {
					t.Errorf("a probe process was given up on while it started: %+v", tr.Records)
				}
			}
		})
	}
}

// A server that writes nothing within its start-up allowance did not
// start: a StartError that names the allowance, and no Snapshot, though
// it answers as it is being stopped.
func TestSlowStartBeyondAllowance(t *testing.T) {
	s, err := load(t, slowstart(t, "1s", "legacy"), Options{Timeout: 200 * time.Millisecond, StartupTimeout: 300 * time.Millisecond})
	var se *StartError
	if !errors.As(err, &se) || !se.Silent {
		t.Fatalf("want a StartError of a silent server, got %v", err)
	}
	if s != nil {
		t.Errorf("a server that never started was judged: %d records", len(s.Transcript.Records))
	}
	msg := err.Error()
	for _, want := range []string{"start-up allowance of 300ms (--startup-timeout)", `--startup-timeout 3m or startup-timeout = "3m" in [server]`} {
		if !strings.Contains(msg, want) {
			t.Errorf("the error lacks %q:\n%s", want, msg)
		}
	}
	if strings.Contains(msg, "--timeout") {
		t.Errorf("the error tells to raise --timeout, which bounds requests, not the start:\n%s", msg)
	}
}

func TestStartupAllowanceDefaults(t *testing.T) {
	cmd := func(argv ...string) target.Target { return command(argv...) }
	for _, tc := range []struct {
		name     string
		t        target.Target
		opts     Options
		timeout  time.Duration
		want     time.Duration
		launcher string
	}{
		{"direct", cmd("node", "server.js"), Options{}, 10 * time.Second, DefaultStartupTimeout, ""},
		{"launcher", cmd("npx", "-y", "pkg"), Options{}, 10 * time.Second, LauncherStartupTimeout, "npx"},
		{"container", cmd("docker", "run", "-i", "img"), Options{}, 10 * time.Second, LauncherStartupTimeout, "docker run"},
		{"long timeout", cmd("node", "server.js"), Options{}, 2 * time.Minute, 2 * time.Minute, ""},
		{"long timeout, launcher", cmd("uvx", "pkg"), Options{}, 90 * time.Second, 90 * time.Second, "uvx"},
		{"set", cmd("npx", "-y", "pkg"), Options{StartupTimeout: 3 * time.Minute}, 10 * time.Second, 3 * time.Minute, "npx"},
		{"set below the timeout", cmd("node", "server.js"), Options{StartupTimeout: time.Second}, 10 * time.Second, 10 * time.Second, ""},
		{"remote", target.Target{Kind: target.Remote, URL: "https://example.com/mcp"}, Options{StartupTimeout: time.Minute}, 10 * time.Second, 10 * time.Second, ""},
		{"in-process", target.Target{Name: "in-process"}, Options{Serve: func(context.Context, io.ReadCloser, io.WriteCloser) error { return nil }}, 10 * time.Second, 10 * time.Second, ""},
	} {
		got, l := startup(tc.t, tc.opts, tc.timeout)
		name := ""
		if l != nil {
			name = l.Name
		}
		if got != tc.want || name != tc.launcher {
			t.Errorf("%s: allowance %s through %q, want %s through %q", tc.name, got, name, tc.want, tc.launcher)
		}
	}
}
