package conformance

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/mcplint/mcplint/rules/internal/wire"
	"github.com/mcplint/mcplint/sdk"
)

// cancelledRequestAnswered reports a server that answered requests
// mcplint's cancellation probe cancelled in flight, every time it tried.
type cancelledRequestAnswered struct{}

// probeCancelPrefix starts the detail of the probe event before each
// attempt of the cancellation probe, which runs under --exercise:
// "cancel-in-flight: TOOL, attempt N".
const probeCancelPrefix = "cancel-in-flight: "

// cancelAttempts is how many attempts a finding needs, all answered: the
// probe makes a second only when the first was answered.
const cancelAttempts = 2

// cancelRaceMs is how long after a cancellation an answer may be one the
// server sent before it read the cancellation; the session's shortest
// round trip is added to it.
const cancelRaceMs = 100

func (cancelledRequestAnswered) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "cancelled-request-answered", Category: sdk.CategoryConformance, Severity: sdk.Warning, Default: true,
		Summary: "A server does not answer a request the client cancelled while it was in progress",
		Doc:     doc("cancelled-request-answered"),
		Source:  "2025-11-25/basic/utilities/cancellation.mdx#behavior-requirements",
		Uses:    []string{parsedSession.Name},
	}
}

// cancelAttempt is one attempt of the probe: the request, the
// cancellation mcplint sent for it (nil when the server answered first)
// and the answer (nil when none came).
type cancelAttempt struct {
	req, cancel, answer *wire.Msg
}

func (cancelledRequestAnswered) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(ctx, s)
	if ss == nil {
		return nil
	}
	attempts := cancelProbeAttempts(ss)
	if len(attempts) < cancelAttempts {
		return nil
	}
	race := cancelRaceMs + shortestRoundTrip(ss)
	for _, a := range attempts {
		if a.cancel == nil || a.answer == nil || a.answer.TMs-a.cancel.TMs < race {
			return nil
		}
	}
	last := attempts[len(attempts)-1]
	var p struct {
		Name string `json:"name"`
	}
	last.req.Params(&p)
	report(sdk.Issue{Tool: sdk.OwnerServer, Pointer: last.answer.Pointer(),
		// How late the answers came is in the records the pointer names,
		// not in the message: a baseline knows an issue by its message,
		// which must not change with the machine's speed.
		Message: fmt.Sprintf("the server answered tools/call of %q each of the %d times mcplint cancelled it in flight with notifications/cancelled, each time too late to be an answer sent before the cancellation arrived",
			p.Name, len(attempts)),
		Fix: "on notifications/cancelled for a request you are working on, stop the work, free what it holds and send no response for it"})
	return nil
}

// cancelProbeAttempts finds the probe's attempts in the session.
func cancelProbeAttempts(ss *wire.Session) []cancelAttempt {
	var out []cancelAttempt
	ev, announced := 0, false
	for _, m := range ss.Msgs {
		for ev < len(ss.Events) && ss.Events[ev].Index < m.Index {
			e := ss.Events[ev]
			if e.Kind == sdk.EventProbe && strings.HasPrefix(e.Detail, probeCancelPrefix) {
				announced = true
			}
			ev++
		}
		if m.Dir != sdk.DirClientToServer {
			continue
		}
		switch {
		case m.Kind == wire.Request && announced:
			announced = false
			out = append(out, cancelAttempt{req: m, answer: m.Pair})
		case m.Kind == wire.Notification && m.Method == "notifications/cancelled" && len(out) > 0:
			var p struct {
				RequestID json.RawMessage `json:"requestId"`
			}
			if a := &out[len(out)-1]; a.cancel == nil && m.Params(&p) && wire.SameID(p.RequestID, a.req.ID) {
				a.cancel = m
			}
		}
	}
	return out
}

// shortestRoundTrip is the quickest answer of the session in
// milliseconds: the transport's own delay, which an answer crossing a
// cancellation may add.
func shortestRoundTrip(ss *wire.Session) float64 {
	best := -1.0
	for _, m := range ss.Msgs {
		if m.Dir == sdk.DirClientToServer && m.Kind == wire.Request && m.Pair != nil {
			if d := m.Pair.TMs - m.TMs; d >= 0 && (best < 0 || d < best) {
				best = d
			}
		}
	}
	return max(best, 0)
}
