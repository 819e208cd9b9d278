package engine

import (
	"testing"

	"github.com/mcplint/mcplint/config"
	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/sdk"
)

// TestWorksWith: the verdicts count the client-compatibility findings the
// pipeline kept, by the client their message starts with; other rules'
// findings, a client whose name another's starts with, and a target that
// could not be linted are told apart.
func TestWorksWith(t *testing.T) {
	failed := "no such file"
	rep := &result.Report{Targets: []*result.Target{
		{Issues: []sdk.Issue{
			{Rule: config.CompatRule, Tool: "a", Message: "openai-strict: x"},
			{Rule: config.CompatRule, Tool: "a", Message: "openai-strict: y"},
			{Rule: config.CompatRule, Tool: "b", Message: "openai-strict: z", Count: 3},
			{Rule: config.CompatRule, Tool: sdk.OwnerServer, Message: "cursor: too many"},
			{Rule: "tool-name-portable", Tool: "c", Message: "openai: not this rule"},
		}},
		{Error: &failed},
	}}
	for _, tg := range rep.Targets {
		worksWith(tg, []string{"openai", "openai-strict", "cursor"})
	}
	want := result.Clients{
		{Client: "openai", Works: true},
		{Client: "openai-strict", Tools: 2, Findings: 5},
		{Client: "cursor", Server: true, Findings: 1},
	}
	got := rep.Targets[0].Clients
	if len(got) != len(want) {
		t.Fatalf("got %+v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("verdict %d = %+v, want %+v", i, got[i], want[i])
		}
	}
	if rep.Targets[1].Clients != nil {
		t.Errorf("a target that could not be linted got verdicts: %+v", rep.Targets[1].Clients)
	}
}
