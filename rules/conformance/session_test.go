package conformance

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/mcplint/mcplint/internal/analysis"
	"github.com/mcplint/mcplint/sdk"
)

func TestSessionIsParsedOncePerPass(t *testing.T) {
	rec := sdk.Record{Dir: sdk.DirClientToServer, Msg: json.RawMessage(`{"jsonrpc":"2.0","id":1,"method":"initialize"}`)}
	s := &sdk.Snapshot{Transcript: &sdk.Transcript{Records: []sdk.Record{rec}, Probes: []*sdk.Transcript{{Records: []sdk.Record{rec}}}}}
	ctx := analysis.NewPass(s).For(context.Background(), "a rule", []string{parsedSession.Name, probedSessions.Name})
	first := session(ctx, s)
	if first == nil || first.Initialize == nil {
		t.Fatalf("session = %+v, want the initialize request found", first)
	}
	if session(ctx, s) != first {
		t.Error("a second rule reading the same Snapshot parsed its transcript again")
	}
	if ps := parts(ctx, s); len(ps) != 2 || ps[0].Session != first {
		t.Errorf("parts = %d parts, main shared %v; want 2, with the main transcript's parse shared", len(ps), len(ps) > 0 && ps[0].Session == first)
	}
	s.Transcript = &sdk.Transcript{Records: []sdk.Record{rec, rec}}
	again := analysis.NewPass(s).For(context.Background(), "a rule", []string{parsedSession.Name, probedSessions.Name})
	if got := session(again, s); got == first || len(got.Msgs) != 2 {
		t.Errorf("a new pass over the changed transcript has %d messages (same parse: %v), want 2 parsed afresh", len(got.Msgs), got == first)
	}
	if ps := parts(again, s); len(ps) != 1 {
		t.Errorf("after the probes were dropped, parts = %d, want 1", len(ps))
	}
	if got := session(context.Background(), &sdk.Snapshot{}); got != nil {
		t.Errorf("session of a Snapshot without a transcript = %+v, want nil", got)
	}
}
