package engine

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/config"
	"github.com/mcplint/mcplint/engine/internal/target"
	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/engine/runner"
	"github.com/mcplint/mcplint/sdk"
)

// peersRule reports, for each snapshot, how many peers it sees.
type peersRule struct{}

func (peersRule) Meta() sdk.Meta {
	return sdk.Meta{Name: "peers-seen", Category: sdk.CategoryQuality, Severity: sdk.Warning, Default: true, Summary: "test"}
}

func (peersRule) Check(_ context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	report(sdk.Issue{Tool: sdk.OwnerServer, Pointer: "", Message: strings.Repeat("p", len(s.Peers)), Fix: "none"})
	return nil
}

// TestLint runs the engine over loaded, failed and skipped targets: a
// failed target grades F with its error, a skipped one is listed with its
// reason, servers of one config see each other, token counts are filled,
// and the summary counts what is left after the pipeline.
func TestLint(t *testing.T) {
	load := func(_ context.Context, tg target.Target) (*sdk.Snapshot, error) {
		if tg.Name == "broken" {
			return nil, errors.New("broken: would not start")
		}
		return &sdk.Snapshot{Name: tg.Name, Source: sdk.SourceStatic, Tools: []sdk.Tool{{Name: "get_x", Description: "Returns x."}}}, nil
	}
	rep, err := configuredLint(context.Background(), Options{
		Targets: []target.Target{
			{Name: "a", Kind: target.Static, Group: "mcp.json"},
			{Name: "b", Kind: target.Static, Group: "mcp.json"},
			{Name: "broken", Kind: target.Command},
			{Name: "remote", Kind: target.Remote, Skip: "remote server"},
		},
		Config: config.Default(), Rules: []sdk.Rule{peersRule{}}, Selection: runner.Selection{}, Load: load,
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Targets) != 3 || len(rep.Skipped) != 1 || rep.Skipped[0].Reason != "remote server" {
		t.Fatalf("targets %d, skipped %+v", len(rep.Targets), rep.Skipped)
	}
	for _, tg := range rep.Targets[:2] {
		if len(tg.Issues) != 1 || tg.Issues[0].Message != "p" {
			t.Errorf("%s: a server of a two-server config must see one peer: %+v", tg.Name, tg.Issues)
		}
		if tg.ContextTokens == 0 {
			t.Errorf("%s: context tokens not counted", tg.Name)
		}
	}
	if b := rep.Targets[2]; b.Error == nil || b.Grade != "F" || !strings.Contains(*b.Error, "would not start") {
		t.Errorf("broken target: %+v", b)
	}
	if rep.Summary.Warnings != 2 {
		t.Errorf("summary %+v, want 2 warnings", rep.Summary)
	}
}

// configuredLint configures the rules as Run does, then lints.
func configuredLint(ctx context.Context, opt Options) (*result.Report, error) {
	if err := opt.Config.ConfigureRules(opt.Rules); err != nil {
		return nil, err
	}
	return lint(ctx, opt)
}
