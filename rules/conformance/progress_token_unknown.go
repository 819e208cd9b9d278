package conformance

import (
	"context"
	"fmt"

	"github.com/mcplint/mcplint/rules/internal/wire"
	"github.com/mcplint/mcplint/sdk"
)

// progressTokenUnknown reports notifications/progress whose token no
// request carried, and, over stdio, progress for a request already
// answered.
type progressTokenUnknown struct{}

func (progressTokenUnknown) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "progress-token-unknown", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "notifications/progress carry the progressToken of a request still in progress",
		Doc:     doc("progress-token-unknown"),
		Source:  "2025-11-25/basic/utilities/progress.mdx#behavior-requirements",
		Uses:    []string{parsedSession.Name},
	}
}

func (progressTokenUnknown) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(ctx, s)
	if ss == nil {
		return nil
	}
	// Over HTTP a notification on one stream and a response on another
	// may be read in either order, so "after the response" is judged on
	// stdio only, where the server's own output order is kept.
	ordered := sessionTransport(s) == "stdio"
	g := newGrouped()
	for _, n := range progressNotes(ss) {
		switch {
		case n.req == nil:
			g.add("unknown", n.msg.Index, fmt.Sprintf("the server sent notifications/progress with progressToken %s, which no request carried: %s",
				wire.Quote(n.token, 60), wire.Quote(n.msg.Bytes, 160)))
		case n.answered && ordered:
			g.add("after", n.msg.Index, fmt.Sprintf("the server sent notifications/progress for request %s (progressToken %s) after it had answered that request",
				n.req.ID, wire.Quote(n.token, 60)))
		}
	}
	g.report(report, "send notifications/progress only with the progressToken, exactly as received (same value and JSON type), of a request you are still working on, and none after its response")
	return nil
}
