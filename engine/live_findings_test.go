package engine_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mcplint/mcplint/config"
	"github.com/mcplint/mcplint/engine"
	"github.com/mcplint/mcplint/engine/mcptest"
	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/sdk"
)

// lintFixture lints a fixture server of testdata/servers with env set.
func lintFixture(t *testing.T, server string, env ...string) *result.Target {
	t.Helper()
	cmd := append(append([]string{"env"}, env...), mcptest.Server(t, server))
	rep, err := engine.Run(context.Background(), engine.Settings{Dir: t.TempDir(), Config: config.Default(), Command: cmd,
		Timeout: 3 * time.Second, NoLock: true, Plugins: engine.PluginSettings{Off: true}})
	if err != nil {
		t.Fatal(err)
	}
	return rep.Targets[0]
}

// lintQuick lints args (a target file, or a command after "--") with a
// one-second timeout and no probes.
func lintQuick(t *testing.T, args ...string) *result.Target {
	t.Helper()
	s := engine.Settings{Dir: t.TempDir(), Config: config.Default(), Timeout: time.Second, Probes: "none",
		NoLock: true, Plugins: engine.PluginSettings{Off: true}}
	if i := slices.Index(args, "--"); i >= 0 {
		s.Args, s.Command = args[:i], args[i+1:]
	} else {
		s.Args = args
	}
	rep, err := engine.Run(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	return rep.Targets[0]
}

func rulesOf(tg *result.Target, min sdk.Severity) []string {
	var out []string
	for _, is := range tg.Issues {
		if is.Severity >= min && !slices.Contains(out, is.Rule) {
			out = append(out, is.Rule)
		}
	}
	slices.Sort(out)
	return out
}

func findingOf(tg *result.Target, rule string) string {
	var msgs []string
	for _, is := range tg.Issues {
		if is.Rule == rule {
			msgs = append(msgs, is.Message)
		}
	}
	return strings.Join(msgs, "\n")
}

// A session that fails still reports what the server said, in both eras:
// answers under ids no request had, a tools/list refused with an error
// (which fails the target too), a DiscoverResult without
// supportedVersions, and answers mcplint cannot read, whose error says
// what was wrong with them.
func TestFailedSessionsReportWhatTheServerSaid(t *testing.T) {
	for _, era := range []string{"legacy", "modern"} {
		t.Run("idoff/"+era, func(t *testing.T) {
			tg := lintFixture(t, "idoff", "IDOFF_ERA="+era)
			if tg.Error == nil || !strings.Contains(*tg.Error, "ids match no request") || !strings.Contains(*tg.Error, "1001") {
				t.Errorf("error %v, want one naming the unmatched ids", tg.Error)
			}
			if got := findingOf(tg, "response-id-mismatch"); !strings.Contains(got, "response id 1001 matches no request") {
				t.Errorf("response-id-mismatch: %q; rules %q", got, rulesOf(tg, sdk.Info))
			}
			if tg.Grade != "F" || tg.Era != "" {
				t.Errorf("grade %q era %q, want F and no era (none was settled)", tg.Grade, tg.Era)
			}
		})
		t.Run("toolserror/"+era, func(t *testing.T) {
			tg := lintFixture(t, "toolserror", "TOOLSERROR_ERA="+era)
			if got := findingOf(tg, "tools-list-shape"); !strings.Contains(got, "database unavailable") {
				t.Errorf("tools-list-shape: %q, want the server's error quoted", got)
			}
			// An unknown tool list is no pass: the target could not be
			// linted.
			if tg.Error == nil || !strings.Contains(*tg.Error, "tools/list was answered with an error: JSON-RPC error -32603: database unavailable") || tg.Grade != "F" {
				t.Errorf("error %v, grade %s: want the target failed with the server's error", tg.Error, tg.Grade)
			}
		})
		t.Run("samepage/"+era, func(t *testing.T) {
			tg := lintFixture(t, "samepage", "SAMEPAGE_ERA="+era)
			if got := rulesOf(tg, sdk.Warning); !slices.Contains(got, "pagination-loop") || slices.Contains(got, "tool-name-duplicate") {
				t.Errorf("rules %q: want pagination-loop and no tool-name-duplicate for the repeated page", got)
			}
			if tg.Counts.Tools != 2 {
				t.Errorf("%d tools, want the 2 of the page that repeats", tg.Counts.Tools)
			}
		})
	}
	t.Run("nosupported", func(t *testing.T) {
		tg := lintFixture(t, "nosupported")
		if tg.Error != nil {
			t.Errorf("error %q: a DiscoverResult without supportedVersions is a finding, not a failure", *tg.Error)
		}
		if got := findingOf(tg, "discover-missing"); !strings.Contains(got, "not a DiscoverResult") {
			t.Errorf("discover-missing: %q; rules %q", got, rulesOf(tg, sdk.Info))
		}
		if tg.Era != sdk.EraModern || tg.Counts.Tools != 1 {
			t.Errorf("era %q, %d tools", tg.Era, tg.Counts.Tools)
		}
	})
	for mode, want := range map[string]string{"notjson": "not JSON", "deep": "exceeded max depth", "nul": "raw NUL"} {
		t.Run("badanswer/"+mode, func(t *testing.T) {
			tg := lintFixture(t, "badanswer", "BADANSWER="+mode)
			if tg.Error == nil || !strings.Contains(*tg.Error, want) || strings.Contains(*tg.Error, "raise it") {
				t.Errorf("error %v, want one saying %q and not to raise --timeout", tg.Error, want)
			}
			if !slices.Contains(rulesOf(tg, sdk.Warning), "stdout-pollution") {
				t.Errorf("rules %q, want stdout-pollution for the unreadable lines", rulesOf(tg, sdk.Info))
			}
		})
	}
	t.Run("endless", func(t *testing.T) {
		tg := lintFixture(t, "endless")
		if got := findingOf(tg, "pagination-loop"); !strings.Contains(got, "did not end") {
			t.Errorf("pagination-loop: %q, want the page cap reported", got)
		}
	})
}
