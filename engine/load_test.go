package engine_test

import (
	"context"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/mcplint/mcplint/config"
	"github.com/mcplint/mcplint/engine"
	"github.com/mcplint/mcplint/engine/baseline"
	"github.com/mcplint/mcplint/engine/mcptest"
	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/sdk"
)

// verdict is what a user acts on: the grade and each finding the report
// holds, info included, once, as a baseline knows it (severity, rule,
// tool, pointer with a transcript's indices as "*", and message): a
// finding whose message or place changed from run to run would come back
// past a baseline.
func verdict(tg *result.Target) string {
	set := []string{"grade " + tg.Grade}
	for _, is := range tg.Issues {
		e := baseline.EntryOf(tg.Name, is)
		set = append(set, strings.Join([]string{is.Severity.String(), e.Rule, e.Tool, e.Pointer, is.Message}, " "))
	}
	sort.Strings(set)
	return strings.Join(slices.Compact(set), ", ")
}

// TestSameVerdictUnderLoad lints the reference server over stdio and over
// Streamable HTTP (a fresh server each time) again and again while every
// core is busy, and requires one verdict per transport and no error
// finding: the reference server is correct, and what mcplint says of it
// must not depend on how busy the machine is.
func TestSameVerdictUnderLoad(t *testing.T) {
	if os.Getenv(mcptest.LoadEnv) == "" {
		t.Skipf("set %s=1 (and %s) to lint the reference server under load: .ci/run does, in a step of its own", mcptest.LoadEnv, mcptest.NPMEnv)
	}
	const main = "@modelcontextprotocol/server-everything/dist/index.js"
	stdio := mcptest.NPMServer(t, main, "stdio")
	httpServer := mcptest.NPMServer(t, main, "streamableHttp")
	t.Cleanup(func() { mcptest.CheckNoLeftovers(t) })
	mcptest.Busy(t)
	for _, tt := range []struct {
		transport string
		runs      int
		settings  func(t *testing.T) engine.Settings
	}{
		{"stdio", 5, func(*testing.T) engine.Settings { return engine.Settings{Command: stdio} }},
		{"http", 6, func(t *testing.T) engine.Settings {
			return engine.Settings{Args: []string{mcptest.HTTPServer(t, httpServer)}}
		}},
	} {
		t.Run(tt.transport, func(t *testing.T) {
			seen := map[string][]int{}
			for run := 1; run <= tt.runs; run++ {
				tg := lintOnce(t, tt.settings(t))
				seen[verdict(tg)] = append(seen[verdict(tg)], run)
				for _, is := range tg.Issues {
					if is.Severity == sdk.Error {
						t.Errorf("run %d: error %s %s: %s", run, is.Rule, is.Tool, is.Message)
					}
				}
				for _, in := range tg.Inconclusive {
					t.Logf("run %d: probe %s inconclusive: %s", run, in.Probe, in.Reason)
				}
			}
			if len(seen) != 1 {
				for v, runs := range seen {
					t.Errorf("runs %v: %s", runs, v)
				}
				t.Fatalf("%d runs gave %d verdicts, want one", tt.runs, len(seen))
			}
			for v := range seen {
				t.Logf("%d runs: %s", tt.runs, v)
			}
		})
	}
}

// lintOnce lints s's one target with the defaults a user gets, but for a
// timeout that only a server that truly hangs reaches, and no plugins.
func lintOnce(t *testing.T, s engine.Settings) *result.Target {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	s.Dir, s.Config, s.NoLock, s.Plugins = t.TempDir(), config.Default(), true, engine.PluginSettings{Off: true}
	rep, err := engine.Run(ctx, s)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Targets) != 1 {
		t.Fatalf("%d targets", len(rep.Targets))
	}
	if tg := rep.Targets[0]; tg.Error != nil {
		t.Fatalf("the lint failed: %s", *tg.Error)
	}
	return rep.Targets[0]
}
