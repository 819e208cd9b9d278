package conformance

import (
	"context"
	"fmt"

	"github.com/mcplint/mcplint/rules/internal/wire"
	"github.com/mcplint/mcplint/sdk"
)

// requestTimeout reports client requests that got no answer before the
// client's deadline. A request the server did answer, only after the
// deadline but before the session ended, is confirmed slow rather than
// unanswered: that depends on how busy the machine was, so it is a
// warning that says how late the answer came, not an error.
type requestTimeout struct{}

func (requestTimeout) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "request-timeout", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "Every request gets an answer before the client's deadline",
		Doc:     doc("request-timeout"),
		Source:  "2025-11-25/basic/lifecycle.mdx#timeouts",
		Uses:    []string{parsedSession.Name},
	}
}

func (requestTimeout) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(ctx, s)
	if ss == nil {
		return nil
	}
	for _, e := range ss.Events {
		if e.Kind != sdk.EventTimeout || !spokeBefore(ss, e.Index) {
			// A server that has written nothing yet is still starting (a
			// package launcher fetching it, say): a start-up failure the
			// client reports, not a request it left waiting.
			continue
		}
		method, owner := "a request", sdk.OwnerServer
		var late *wire.Msg
		for _, m := range ss.Msgs {
			if late == nil && m.Index > e.Index && m.Dir == sdk.DirServerToClient && m.Kind == wire.Response && e.ID != nil && wire.SameID(m.ID, e.ID) {
				late = m
			}
			if m.Dir == sdk.DirClientToServer && m.Kind == wire.Request && e.ID != nil && wire.SameID(m.ID, e.ID) {
				method = m.Method
				if m.Method == "server/discover" && s.Era == sdk.EraLegacy {
					method = ""
				}
				var p struct {
					Name string `json:"name"`
				}
				if m.Method == "tools/call" && m.Params(&p) && p.Name != "" {
					// A tool call that never ends is that tool's problem.
					method, owner = fmt.Sprintf("tools/call of %q", p.Name), p.Name
				}
			}
		}
		if method == "" {
			continue // a legacy server ignoring the modern probe is expected
		}
		// How long mcplint waited is in the timeout's record, which the
		// pointer names, not in the message: a baseline and a SARIF
		// fingerprint know an issue by its message, and the wait measured
		// ("got no answer in 2.001s") changes from run to run.
		if late != nil {
			report(sdk.Issue{Tool: owner, Pointer: wire.RecordPointer(e.Index), Severity: sdk.Warning,
				Message: fmt.Sprintf("%s (id %s) got no answer before the client's deadline; the server answered it later, at %s", method, e.ID, late.Pointer()),
				Fix:     "answer within the client's timeout; if the work takes longer, send progress notifications or answer at once and do it in the background"})
			continue
		}
		report(sdk.Issue{Tool: owner, Pointer: wire.RecordPointer(e.Index),
			Message: fmt.Sprintf("%s (id %s) got no answer before the client's deadline", method, e.ID),
			Fix:     "answer every request, with an error if it cannot be served; never leave one waiting"})
	}
	return nil
}

// spokeBefore reports whether the server wrote anything to stdout (a line
// of any kind, an oversize one included) before record index.
func spokeBefore(ss *wire.Session, index int) bool {
	for _, m := range ss.Msgs {
		if m.Index >= index {
			break
		}
		if m.Dir == sdk.DirServerToClient {
			return true
		}
	}
	for _, e := range ss.Events {
		if e.Index < index && e.Kind == sdk.EventOversizeLine {
			return true
		}
	}
	return false
}
