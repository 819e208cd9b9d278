package mcp

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/sdk"
)

// TestRecorderCountsPastTheRate sends notifications and requests faster
// than FloodRate a second, far fewer than MaxServerMessages: those past the
// allowance are counted in one flood event, not recorded, while a burst
// under it and every response are recorded.
func TestRecorderCountsPastTheRate(t *testing.T) {
	for _, tc := range []struct {
		name        string
		n           int
		wantCounted bool
	}{
		{"a burst under the rate", FloodRate - 100, false},
		{"three times the rate at once", 3 * FloodRate, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := NewRecorder([]string{"srv"})
			for i := range tc.n {
				if i%2 == 0 {
					r.Message(sdk.DirServerToClient, []byte(`{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"x"}}`))
				} else {
					r.Message(sdk.DirServerToClient, fmt.Appendf(nil, `{"jsonrpc":"2.0","id":"p%d","method":"ping"}`, i))
				}
			}
			r.Message(sdk.DirServerToClient, []byte(`{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}`))
			tr := r.Transcript()
			var flood *sdk.Event
			for _, rec := range tr.Records {
				if rec.Event != nil && rec.Event.Kind == sdk.EventFlood {
					flood = rec.Event
				}
			}
			if last := tr.Records[len(tr.Records)-1]; !tc.wantCounted && last.Dir != sdk.DirServerToClient || tc.wantCounted && last.Event == nil {
				t.Errorf("the response is not recorded in its place: last record %+v", last)
			}
			if !tc.wantCounted {
				if flood != nil || len(tr.Records) != tc.n+1 || r.Flooded() {
					t.Errorf("%d records, flood %+v, Flooded %v; want all %d recorded", len(tr.Records), flood, r.Flooded(), tc.n+1)
				}
				return
			}
			// A loop of 3,000 messages takes far less than a second, in
			// which the allowance grows by at most FloodRate.
			if flood == nil || !strings.Contains(flood.Detail, fmt.Sprintf("faster than %d messages a second", FloodRate)) || !r.Flooded() {
				t.Fatalf("flood event %+v, Flooded %v; want the messages past the rate counted", flood, r.Flooded())
			}
			if recorded := len(tr.Records) - 2; recorded > 2*FloodRate {
				t.Errorf("%d of %d messages recorded; want at most %d", recorded, tc.n, 2*FloodRate)
			}
		})
	}
}

// A flood event's detail says what the server did before "; " and how many
// messages were counted after it: message-flood quotes the first part,
// which must not move with how long the session went on.
func TestFloodDetailCountsComeLast(t *testing.T) {
	for _, pair := range [][2]flood{
		{{notifications: 3, overRate: 3}, {notifications: 90210, overRate: 80000}},
		{{notifications: 4, requests: 2}, {notifications: 4000, requests: 77}},
		{{requests: 1, overRate: 1}, {requests: 500, overRate: 500}},
	} {
		a, _, okA := strings.Cut(pair[0].detail(), "; ")
		b, _, okB := strings.Cut(pair[1].detail(), "; ")
		if !okA || !okB || a != b || strings.ContainsAny(a, "23456789") {
			t.Errorf("details %q and %q: want the same cause before \"; \" and no count in it", pair[0].detail(), pair[1].detail())
		}
	}
}
