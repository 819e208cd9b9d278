package live

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mcplint/mcplint/engine/internal/probe"
	"github.com/mcplint/mcplint/engine/internal/session"
	"github.com/mcplint/mcplint/engine/internal/target"
	"github.com/mcplint/mcplint/engine/internal/transport/stdio"
	"github.com/mcplint/mcplint/engine/mcptest"
	"github.com/mcplint/mcplint/sdk"
)

func TestMain(m *testing.M) {
	if os.Getenv("LIVETEST_DIE") != "" {
		fmt.Fprintln(os.Stderr, "loading config")
		fmt.Fprintln(os.Stderr, "fatal: WEATHER_API_KEY is not set")
		os.Exit(1)
	}
	os.Exit(mcptest.Main(m))
}

func command(argv ...string) target.Target {
	return target.Target{Name: "test", Kind: target.Command, Command: argv}
}

func load(t *testing.T, tg target.Target, opts Options) (*sdk.Snapshot, error) {
	t.Helper()
	t.Cleanup(func() { mcptest.CheckNoLeftovers(t) })
	return Load(context.Background(), tg, opts)
}

func hasEvent(s *sdk.Snapshot, kind string) bool {
	return slices.ContainsFunc(s.Transcript.Records, func(r sdk.Record) bool { return r.Event != nil && r.Event.Kind == kind })
}

func TestLoadFixtures(t *testing.T) {
	tests := []struct {
		server                               string
		era, version                         string
		tools, prompts, resources, templates int
		events                               []string
		rawStdout                            bool
		// fails is a session that fails after its handshake: a
		// *StartError with the Snapshot of the session beside it.
		fails bool
	}{
		{server: "legacy", era: sdk.EraLegacy, version: "2025-11-25", tools: 5, prompts: 2, resources: 3, templates: 1, events: []string{sdk.EventExit}},
		{server: "modern", era: sdk.EraModern, version: "2026-07-28", tools: 5, prompts: 2, resources: 3, templates: 1, events: []string{sdk.EventExit}},
		{server: "weather", era: sdk.EraLegacy, version: "2025-11-25", tools: 5},
		{server: "banner", era: sdk.EraLegacy, version: "2025-11-25", tools: 1, rawStdout: true},
		{server: "crash", era: sdk.EraLegacy, version: "2025-11-25", tools: 0, events: []string{sdk.EventExit, sdk.EventStdoutClosed}, fails: true},
		{server: "cursorloop", era: sdk.EraLegacy, version: "2025-11-25", tools: 2, events: []string{sdk.EventPagination}},
		{server: "endless", era: sdk.EraLegacy, version: "2025-11-25", tools: 100, events: []string{sdk.EventPagination}},
		{server: "sampling", era: sdk.EraLegacy, version: "2025-11-25", tools: 1},
		{server: "silent", era: sdk.EraLegacy, version: "2025-11-25", tools: 1, events: []string{sdk.EventTimeout}},
		{server: "bigline", era: sdk.EraLegacy, version: "2025-11-25", tools: 1, events: []string{sdk.EventOversizeLine}},
	}
	for _, tt := range tests {
		t.Run(tt.server, func(t *testing.T) {
			s, err := load(t, command(mcptest.Server(t, tt.server)), Options{Timeout: 10 * time.Second, DiscoverTimeout: 300 * time.Millisecond})
			var se *StartError
			if tt.fails && (!errors.As(err, &se) || s == nil) {
				t.Fatalf("want a *StartError with the Snapshot beside it, got %v and %v", err, s)
			}
			if !tt.fails && err != nil {
				t.Fatal(err)
			}
			if s.Source != sdk.SourceLive || s.Era != tt.era || s.ProtocolVersion != tt.version {
				t.Errorf("source %q era %q version %q", s.Source, s.Era, s.ProtocolVersion)
			}
			got := []int{len(s.Tools), len(s.Prompts), len(s.Resources), len(s.ResourceTemplates)}
			if want := []int{tt.tools, tt.prompts, tt.resources, tt.templates}; !slices.Equal(got, want) {
				t.Errorf("tools, prompts, resources, templates: %v, want %v", got, want)
			}
			for _, kind := range tt.events {
				if !hasEvent(s, kind) {
					t.Errorf("no %s event in the transcript", kind)
				}
			}
			raw := slices.ContainsFunc(s.Transcript.Records, func(r sdk.Record) bool { return r.Dir == sdk.DirServerToClient && r.Raw != "" })
			if raw != tt.rawStdout {
				t.Errorf("non-JSON stdout recorded: %v, want %v", raw, tt.rawStdout)
			}
		})
	}
}

// The example server must show the defects its doc comment promises.
func TestWeatherExampleDefects(t *testing.T) {
	s, err := load(t, command(mcptest.Server(t, "weather")), Options{})
	if err != nil {
		t.Fatal(err)
	}
	tools := map[string]sdk.Tool{}
	for _, tool := range s.Tools {
		tools[tool.Name] = tool
	}
	prop := func(tool, name string) map[string]any {
		schema, _ := tools[tool].InputSchema.(map[string]any)
		props, _ := schema["properties"].(map[string]any)
		p, _ := props[name].(map[string]any)
		return p
	}
	if p := prop("get_forecast", "days"); p == nil || p["description"] != nil {
		t.Errorf("get_forecast.days should exist without a description: %v", p)
	}
	if p := prop("get_air_quality", "pollutant"); p != nil {
		t.Errorf("get_air_quality must require pollutant without defining it: %v", p)
	}
	if _, ok := tools["searchLocations"]; !ok {
		t.Error("searchLocations (camelCase) is missing")
	}
	if d := tools["get_alerts"].Description; len(d) > 15 {
		t.Errorf("get_alerts should have a too-short description, has %q", d)
	}
	if !strings.Contains(s.Instructions, "get_historical_weather") {
		t.Error("the instructions should name the missing get_historical_weather")
	}
	if s.Server == nil || s.Server.Name != "weather" {
		t.Errorf("serverInfo %+v", s.Server)
	}
}

func TestHangingServerIsAStartError(t *testing.T) {
	const timeout = time.Second
	server := command(mcptest.Server(t, "hang"))
	began := time.Now()
	_, err := load(t, server, Options{Timeout: timeout, StartupTimeout: timeout})
	var se *StartError
	if !errors.As(err, &se) {
		t.Fatalf("want a *StartError, got %v", err)
	}
	if !se.Silent || !strings.Contains(err.Error(), "start-up allowance of 1s") {
		t.Errorf("a server that wrote nothing did not start: %v", err)
	}
	// The handshake costs the start-up allowance; stopping a server that
	// ignores SIGTERM costs two grace periods.
	if took := time.Since(began); took > timeout+2*stdio.DefaultGrace+4*time.Second {
		t.Errorf("a hanging server cost %s with a %s timeout", took, timeout)
	}
	if !strings.Contains(se.Exit, "mcplint sent SIGTERM, then SIGKILL") {
		t.Errorf("exit %q should say the server ignored SIGTERM and was killed", se.Exit)
	}
}

func TestServerThatDiesIsAStartError(t *testing.T) {
	tg := command(os.Args[0], "-test.run=^$")
	tg.Env = map[string]string{"LIVETEST_DIE": "1"}
	_, err := load(t, tg, Options{})
	var se *StartError
	if !errors.As(err, &se) {
		t.Fatalf("want a *StartError, got %v", err)
	}
	msg := err.Error()
	for _, want := range []string{os.Args[0], "exit status 1", "fatal: WEATHER_API_KEY is not set", "loading config"} {
		if !strings.Contains(msg, want) {
			t.Errorf("message lacks %q:\n%s", want, msg)
		}
	}
}

func TestMissingCommandIsAStartError(t *testing.T) {
	_, err := load(t, command("/nonexistent/weather-server", "--stdio"), Options{})
	var se *StartError
	if !errors.As(err, &se) || se.Exit != "did not start" || !strings.Contains(err.Error(), "/nonexistent/weather-server") {
		t.Fatalf("want a StartError naming the command, got %v", err)
	}
}

func TestNotACommandTarget(t *testing.T) {
	if _, err := Load(context.Background(), target.Target{Name: "x", Kind: target.Static, Path: "tools.json"}, Options{}); err == nil {
		t.Error("a static target must be refused")
	}
}

func TestCancelStopsTheSession(t *testing.T) {
	t.Cleanup(func() { mcptest.CheckNoLeftovers(t) })
	server := command(mcptest.Server(t, "hang"))
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	began := time.Now()
	_, err := Load(ctx, server, Options{Timeout: time.Minute})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("want the context's error, got %v", err)
	}
	if took := time.Since(began); took > 5*time.Second {
		t.Errorf("cancelling took %s", took)
	}
}

// A trace of a session, written and read back the way a trace file is, must
// build the same Snapshot as the live session did.
func TestTraceOfTheSessionBuildsTheSameSnapshot(t *testing.T) {
	for _, server := range []string{"legacy", "modern", "weather", "banner", "crash"} {
		t.Run(server, func(t *testing.T) {
			// A trace records one session: no probe process, whose
			// listings would be in the live Snapshot only.
			s, err := load(t, command(mcptest.Server(t, server)), Options{Probes: probe.None})
			// crash fails its listing: its Snapshot comes beside the
			// error.
			if s == nil || err != nil && server != "crash" {
				t.Fatal(err)
			}
			var file bytes.Buffer
			for _, r := range s.Transcript.Records {
				b, err := json.Marshal(r)
				if err != nil {
					t.Fatal(err)
				}
				file.Write(append(b, '\n'))
			}
			replayed := &sdk.Transcript{}
			dec := json.NewDecoder(&file)
			for dec.More() {
				var r sdk.Record
				if err := dec.Decode(&r); err != nil {
					t.Fatal(err)
				}
				replayed.Records = append(replayed.Records, r)
			}
			fromTrace, err := session.Build(replayed)
			if err != nil {
				t.Fatal(err)
			}
			if a, b := snapshotJSON(t, s), snapshotJSON(t, fromTrace); a != b {
				t.Errorf("live and trace snapshots differ:\nlive:  %s\ntrace: %s", a, b)
			}
		})
	}
}

func snapshotJSON(t *testing.T, s *sdk.Snapshot) string {
	t.Helper()
	c := *s
	c.Name, c.Source, c.Input, c.Transcript = "", "", "", nil
	b, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%s (has instructions: %v)", b, c.HasInstructions)
}

// TestMalformedAnswerIsNotATimeout: a server that answers at once, with a
// line that is not JSON, is told so, not told to raise --timeout.
func TestMalformedAnswerIsNotATimeout(t *testing.T) {
	_, err := load(t, command(mcptest.Server(t, "garbled")), Options{Timeout: time.Second})
	var se *StartError
	if !errors.As(err, &se) {
		t.Fatalf("want a *StartError, got %v", err)
	}
	msg := se.Error()
	if strings.Contains(msg, "raise it") || !strings.Contains(msg, `the server did write to stdout, but not JSON: "{\"jsonrpc\":\"2.0\",\"id\":1,`) {
		t.Errorf("the error does not say the answer was malformed:\n%s", msg)
	}
}
