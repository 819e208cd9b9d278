package conformance

import (
	"encoding/json"
	"testing"

	"github.com/mcplint/mcplint/sdk"
)

func TestSessionIsParsedOncePerSnapshot(t *testing.T) {
	rec := sdk.Record{Dir: sdk.DirClientToServer, Msg: json.RawMessage(`{"jsonrpc":"2.0","id":1,"method":"initialize"}`)}
	s := &sdk.Snapshot{Transcript: &sdk.Transcript{Records: []sdk.Record{rec}, Probes: []*sdk.Transcript{{Records: []sdk.Record{rec}}}}}
	first := session(s)
	if first == nil || first.Initialize == nil {
		t.Fatalf("session = %+v, want the initialize request found", first)
	}
	if session(s) != first {
		t.Error("a second rule reading the same Snapshot parsed its transcript again")
	}
	if ps := parts(s); len(ps) != 2 || ps[0].Session != first {
		t.Errorf("parts = %d parts, main shared %v; want 2, with the main transcript's parse shared", len(ps), len(ps) > 0 && ps[0].Session == first)
	}
	if got := session(&sdk.Snapshot{Transcript: s.Transcript}); got == first {
		t.Error("another Snapshot got the first one's parse")
	}
	s.Transcript = &sdk.Transcript{Records: []sdk.Record{rec, rec}}
	if got := session(s); got == first || len(got.Msgs) != 2 {
		t.Errorf("after the transcript was replaced, session has %d messages (same parse: %v), want 2 parsed afresh", len(got.Msgs), got == first)
	}
	if ps := parts(s); len(ps) != 1 {
		t.Errorf("after the probes were dropped, parts = %d, want 1", len(ps))
	}
}
