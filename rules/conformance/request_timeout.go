package conformance

import (
	"context"
	"fmt"

	"github.com/mcplint/mcplint/rules/internal/wire"
	"github.com/mcplint/mcplint/sdk"
)

// requestTimeout reports client requests that got no answer before the
// client's deadline.
type requestTimeout struct{}

func (requestTimeout) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "request-timeout", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "Every request gets an answer before the client's deadline",
		Doc:     doc("request-timeout"),
		Source:  "2025-11-25/basic/lifecycle.mdx#timeouts",
	}
}

func (requestTimeout) Check(_ context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(s)
	if ss == nil {
		return nil
	}
	for _, e := range ss.Events {
		if e.Kind != sdk.EventTimeout {
			continue
		}
		method, owner := "a request", sdk.OwnerServer
		for _, m := range ss.Msgs {
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
		detail := ""
		if e.Detail != "" {
			detail = " (" + e.Detail + ")"
		}
		report(sdk.Issue{Tool: owner, Pointer: wire.RecordPointer(e.Index),
			Message: fmt.Sprintf("%s (id %s) got no answer before the client's deadline%s", method, e.ID, detail),
			Fix:     "answer every request, with an error if it cannot be served; never leave one waiting"})
	}
	return nil
}
