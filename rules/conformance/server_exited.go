package conformance

import (
	"context"
	"fmt"

	"github.com/mcplint/mcplint/sdk"
)

// serverExited reports a server that exited, or closed stdout, while the
// client was still talking to it (before the client closed its stdin).
type serverExited struct{}

func (serverExited) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "server-exited", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "The server stays up until the client ends the session",
		Doc:     doc("server-exited"),
		Source:  "2025-11-25/basic/lifecycle.mdx#shutdown",
	}
}

func (serverExited) Check(_ context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(s)
	if ss == nil {
		return nil
	}
	for _, e := range ss.Events {
		switch e.Kind {
		case sdk.EventStdinClosed, sdk.EventSignal:
			return nil // the client ended the session: what follows is expected
		case sdk.EventExit, sdk.EventStdoutClosed:
			what := "closed its stdout"
			if e.Kind == sdk.EventExit {
				what = "exited"
				if e.Code != nil {
					what = fmt.Sprintf("exited with status %d", *e.Code)
				}
				if e.Detail != "" {
					what += " (" + e.Detail + ")"
				}
			}
			at(report, e.Index, fmt.Sprintf("server %s in the middle of the session, %.0f ms in", what, e.TMs),
				"keep serving until the client closes stdin; catch and log errors to stderr instead of exiting")
			return nil
		}
	}
	return nil
}
