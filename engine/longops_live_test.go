package engine_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/mcplint/mcplint/config"
	"github.com/mcplint/mcplint/engine"
	"github.com/mcplint/mcplint/engine/mcptest"
	"github.com/mcplint/mcplint/sdk"
)

// longopsRules are the rules of progress and cancellation.
var longopsRules = []string{"cancelled-request-answered", "progress-not-increasing", "progress-token-unknown"}

// TestLongOperationFixtures lints the longops fixture server over stdio,
// written from the progress and cancellation pages, in both eras, correct
// and then with one defect at a time, under --exercise (its one tool is
// slow, read-only and reports progress): each defect gets its rule and no
// other of these, and the correct server none of them and no inconclusive
// cancellation probe; a server that answers one cancelled call of two gets
// no finding, and the probe is inconclusive.
func TestLongOperationFixtures(t *testing.T) {
	mcptest.BusyIfLoad(t)
	for _, era := range []string{"legacy", "modern"} {
		for defect, want := range map[string]string{
			"":               "",
			"wrong-token":    "progress-token-unknown",
			"after-answer":   "progress-token-unknown",
			"decreasing":     "progress-not-increasing",
			"ignores-cancel": "cancelled-request-answered",
			// One late answer is not a finding: the probe tries again,
			// and the mix is reported as inconclusive.
			"ignores-first-cancel": "",
		} {
			t.Run(era+" "+defect, func(t *testing.T) {
				t.Parallel()
				rep, err := engine.Run(context.Background(), engine.Settings{Dir: t.TempDir(), Config: config.Default(),
					Command: []string{mcptest.Server(t, "longops"), era, defect}, Exercise: "readonly", Probes: "none",
					Timeout: 5 * time.Second, NoLock: true, Plugins: engine.PluginSettings{Off: true}})
				if err != nil {
					t.Fatal(err)
				}
				tg := rep.Targets[0]
				if tg.Error != nil || tg.Era != map[string]string{"legacy": sdk.EraLegacy, "modern": sdk.EraModern}[era] {
					t.Fatalf("error %v, era %q", tg.Error, tg.Era)
				}
				mcptest.CheckOnly(t, tg, longopsRules, want, sdk.Info)
				var inconclusive []string
				for _, in := range tg.Inconclusive {
					inconclusive = append(inconclusive, in.Probe)
				}
				if wantIn := map[bool][]string{true: {"cancel-in-flight"}}[defect == "ignores-first-cancel"]; !slices.Equal(inconclusive, wantIn) {
					t.Errorf("inconclusive probes %q, want %q: %+v", inconclusive, wantIn, tg.Inconclusive)
				}
			})
		}
	}
}
