package conformance

import (
	"context"
	"strings"

	"github.com/mcplint/mcplint/sdk"
)

// messageFlood reports a server that sent so many notifications or
// requests that the client stopped recording them (an sdk.EventFlood):
// a client has to read, and a model may be shown, every one of them.
type messageFlood struct{}

func (messageFlood) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "message-flood", Category: sdk.CategoryConformance, Severity: sdk.Warning, Default: true,
		Summary: "A server does not flood its client with notifications or requests",
		Doc:     doc("message-flood"),
		Source:  "2025-11-25/basic/utilities/progress.mdx#implementation-notes",
		Uses:    []string{parsedSession.Name},
	}
}

func (messageFlood) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(ctx, s)
	if ss == nil {
		return nil
	}
	for _, e := range ss.Events {
		if e.Kind == sdk.EventFlood {
			at(report, e.Index, "the server flooded the client: "+floodCause(e.Detail),
				"rate-limit progress and log notifications (a few a second is plenty), and never send requests in a loop that does not wait for their answers")
			break
		}
	}
	return nil
}

// floodCause is what a flood event says the server did, without the
// counts that follow it after "; ": how many messages were counted
// depends on how long the session went on, and a message that moved from
// run to run would make an unchanged server's verdict move (the event in
// the transcript keeps them).
func floodCause(detail string) string {
	cause, _, _ := strings.Cut(detail, "; ")
	if rest, ok := strings.CutPrefix(cause, "the server "); ok {
		return "it " + rest
	}
	return cause
}
