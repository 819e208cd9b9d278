package engine_test

import (
	"context"
	"testing"
	"time"

	"github.com/mcplint/mcplint/config"
	"github.com/mcplint/mcplint/engine"
	"github.com/mcplint/mcplint/engine/mcptest"
	"github.com/mcplint/mcplint/sdk"
)

// statelessRules are the rules of the 2026-07-28 stateless details.
var statelessRules = []string{"capability-method-missing", "client-capability-required", "discover-missing", "meta-field-missing",
	"input-required-unsupported", "reserved-error-code", "resource-not-found-code", "subscription-acknowledged", "tool-error-as-protocol-error", "tool-list-varies"}

// TestStatelessFixtures lints the stateless fixture server, written from
// the 2026-07-28 text, correct and then breaking one rule at a time, with
// all probes and --exercise (its one read-only tool needs elicitation):
// each break gets its rule and no other of these, and the correct server
// none of them, its -32021 included.
func TestStatelessFixtures(t *testing.T) {
	for brk, want := range map[string]string{
		"":           "",
		"meta":       "meta-field-missing",
		"capability": "client-capability-required",
		"resource":   "resource-not-found-code",
		"reserved":   "reserved-error-code",
		"list":       "capability-method-missing",
		"listen":     "subscription-acknowledged",
		"sideeffect": "tool-list-varies",
		"inputlist":  "input-required-unsupported",
	} {
		t.Run("break="+brk, func(t *testing.T) {
			rep, err := engine.Run(context.Background(), engine.Settings{Dir: t.TempDir(), Config: config.Default(),
				Command: []string{"env", "STATELESS_BREAK=" + brk, mcptest.Server(t, "stateless")}, Exercise: "readonly", Probes: "all",
				Timeout: 3 * time.Second, NoLock: true, Plugins: engine.PluginSettings{Off: true}})
			if err != nil {
				t.Fatal(err)
			}
			tg := rep.Targets[0]
			if tg.Error != nil || tg.Era != sdk.EraModern {
				t.Fatalf("error %v, era %q", tg.Error, tg.Era)
			}
			mcptest.CheckOnly(t, tg, statelessRules, want, sdk.Warning)
			for _, in := range tg.Inconclusive {
				t.Errorf("inconclusive: %+v", in)
			}
		})
	}
}
