package live

import (
	"context"
	"encoding/json"
	"slices"
	"testing"
	"time"

	"github.com/mcplint/mcplint/engine/internal/probe"
	"github.com/mcplint/mcplint/engine/mcptest"
	"github.com/mcplint/mcplint/sdk"
)

// A server that leaves the probes' requests unanswered costs one timeout,
// not one per probe, and its timeouts are recorded in the order of the
// requests: request-timeout points at each by its place in the
// transcript, which must be the same on every run.
func TestUnansweredProbesTimeOutTogetherInOrder(t *testing.T) {
	// Registered first, so run last: after the busy loops have stopped.
	t.Cleanup(func() { mcptest.CheckNoLeftovers(t) })
	mcptest.BusyIfLoad(t)
	s, err := Load(context.Background(), command(mcptest.Server(t, "silent")), Options{Timeout: time.Second, DiscoverTimeout: 300 * time.Millisecond, Probes: probe.All})
	if err != nil {
		t.Fatal(err)
	}
	sent := map[string]int{} // request id → its record's index
	var ids []string         // ids of the in-session requests that timed out, as recorded
	firstTimeout := -1
	for i, r := range s.Transcript.Records {
		if r.Dir == sdk.DirClientToServer {
			var m struct {
				ID     json.RawMessage `json:"id"`
				Method string          `json:"method"`
			}
			if json.Unmarshal(r.Msg, &m) == nil && m.ID != nil {
				sent[string(m.ID)] = i
			}
		}
		if r.Event == nil || r.Event.Kind != sdk.EventTimeout || string(r.Event.ID) == "1" {
			continue // id 1 is server/discover, which a legacy server may ignore
		}
		if firstTimeout < 0 {
			firstTimeout = i
		}
		ids = append(ids, string(r.Event.ID))
	}
	if len(ids) < 2 {
		t.Fatalf("want at least two unanswered probes after the listing, got the timeouts of ids %v", ids)
	}
	for _, id := range ids {
		if at, ok := sent[id]; !ok || at > firstTimeout {
			t.Errorf("request id %s was sent after the first probe's timeout (record %d, first timeout %d): the probes waited one timeout each", id, at, firstTimeout)
		}
	}
	if !slices.IsSortedFunc(ids, func(a, b string) int { return sent[a] - sent[b] }) {
		t.Errorf("timeouts recorded for ids %v, not in the order the requests were sent", ids)
	}
}
