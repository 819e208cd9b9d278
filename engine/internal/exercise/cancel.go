package exercise

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/mcplint/mcplint/engine/internal/mcp"
	"github.com/mcplint/mcplint/sdk"
)

// The cancellation probe: once the scenarios have run, one tool that
// reported progress on a successful call (so it takes long enough to be
// caught in flight) is called again with the same arguments and cancelled
// at its first notifications/progress. The server should then not answer
// (2025-11-25/basic/utilities/cancellation.mdx#behavior-requirements,
// 2026-07-28/basic/patterns/cancellation.mdx#behavior-requirements). An
// answer can cross the cancellation on the wire, so one late answer is
// confirmed by a second attempt; the rule cancelled-request-answered
// reads the attempts from the transcript, and reports only when every
// attempt was answered well after its cancellation.

// CancelAttempts is how many times the probe cancels a call when the
// server answers the first one: a finding needs them all answered.
const CancelAttempts = 2

// cancelRace is how long after a cancellation an answer may still be one
// the server sent before it read the cancellation: such an answer does
// not count against it (the rule uses the same margin).
const cancelRace = 100 * time.Millisecond

// slowCall is a successful tools/call that reported progress before its
// answer: its params (without _meta), how long it took, and when its first
// progress came.
type slowCall struct {
	params         map[string]any
	took, progress time.Duration
}

// slowestCall finds, in tr, the tools/call of a tool in readOnly that got
// a notifications/progress for its token and then a result that is not an
// error, and of those the one that went on longest after its first
// progress: the easiest to catch in flight.
func slowestCall(tr *sdk.Transcript, readOnly map[any]bool) (slowCall, bool) {
	type asked struct {
		params   map[string]any
		sent     float64
		progress float64
	}
	var best slowCall
	found := false
	byToken := map[string]*asked{}
	byID := map[string]*asked{}
	for _, rec := range tr.Records {
		if rec.Msg == nil {
			continue
		}
		m, ok := mcp.ParseMessage(rec.Msg)
		if !ok {
			continue
		}
		switch {
		case rec.Dir == sdk.DirClientToServer && m.IsRequest() && m.Method == MethodToolsCall:
			var p map[string]any
			if json.Unmarshal(m.Params, &p) != nil {
				continue
			}
			meta, _ := p["_meta"].(map[string]any)
			tok, _ := meta["progressToken"].(string)
			if tok == "" {
				continue
			}
			delete(p, "_meta")
			a := &asked{params: p, sent: rec.TMs}
			byToken[tok], byID[mcp.IDKey(m.ID)] = a, a
		case rec.Dir == sdk.DirServerToClient && m.IsNotification() && m.Method == mcp.MethodProgress:
			var p struct {
				Token string `json:"progressToken"`
			}
			json.Unmarshal(m.Params, &p)
			if a := byToken[p.Token]; a != nil && a.progress == 0 {
				a.progress = rec.TMs
			}
		case rec.Dir == sdk.DirServerToClient && m.IsResponse():
			a := byID[mcp.IDKey(m.ID)]
			if a == nil || a.progress == 0 || m.Error != nil || isErrorResult(m) || !readOnly[a.params["name"]] {
				continue
			}
			ms := func(f float64) time.Duration { return time.Duration(f * float64(time.Millisecond)) }
			if c := (slowCall{params: a.params, took: ms(rec.TMs - a.sent), progress: ms(a.progress - a.sent)}); !found || c.took-c.progress > best.took-best.progress {
				best, found = c, true
			}
		}
	}
	return best, found
}

// isErrorResult reports a tools/call result with isError true.
func isErrorResult(m mcp.Message) bool {
	var r struct {
		IsError bool `json:"isError"`
	}
	return json.Unmarshal(m.Result, &r) == nil && r.IsError
}

// probeCancel runs the cancellation probe on c, if a call of this run
// reported progress. Only a read-only tool is called again: the probe
// calls a tool once more than the scenarios did. It waits for an answer after each cancellation as
// long as the call took after its first progress, and a little more.
func probeCancel(ctx context.Context, c *mcp.Client, tools []sdk.Tool, opts Options) {
	if !c.CancelSeen() {
		return
	}
	readOnly := map[any]bool{}
	for _, t := range tools {
		readOnly[t.Name] = ReadOnly(t)
	}
	call, ok := slowestCall(c.Transcript(), readOnly)
	if !ok || call.took-call.progress < 2*cancelRace {
		// A call that answers right after its first progress cannot be
		// caught in flight: any answer would be within the race.
		return
	}
	timeout := opts.Timeout
	if timeout <= 0 {
		timeout = 30 * time.Second
	}
	linger := min(max(call.took-call.progress+call.took/4, 4*cancelRace), timeout)
	name, _ := call.params["name"].(string)
	late := 0
	for attempt := 1; attempt <= CancelAttempts && ctx.Err() == nil; attempt++ {
		c.Recorder().Event(sdk.Event{Kind: sdk.EventProbe, Detail: fmt.Sprintf("%s: %q, attempt %d", mcp.ProbeCancel, name, attempt)})
		out, err := c.CancelAtProgress(ctx, MethodToolsCall, call.params, timeout, linger)
		switch {
		case err != nil:
			inconclusive(c, fmt.Sprintf("calling %q to cancel it failed: %v", name, err))
			return
		case !out.Cancelled:
			inconclusive(c, fmt.Sprintf("%q answered before it reported progress, so there was nothing in flight to cancel", name))
			return
		case !out.Answered:
			if late > 0 {
				inconclusive(c, fmt.Sprintf("%q was answered after one cancellation and not after the next: the first answer may have crossed the cancellation", name))
			}
			return
		case out.Late < cancelRace:
			inconclusive(c, fmt.Sprintf("%q was answered %s after its cancellation, too soon to tell whether the server had read it", name, out.Late.Round(time.Millisecond)))
			return
		}
		late++
	}
}

func inconclusive(c *mcp.Client, why string) {
	c.Recorder().Event(sdk.Event{Kind: sdk.EventInconclusive, Detail: mcp.ProbeCancel + ": " + why})
}
