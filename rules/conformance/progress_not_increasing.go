package conformance

import (
	"context"
	"fmt"
	"strconv"

	"github.com/mcplint/mcplint/rules/internal/wire"
	"github.com/mcplint/mcplint/sdk"
)

// progressNotIncreasing reports a notifications/progress whose progress is
// not greater than the one before it for the same token.
type progressNotIncreasing struct{}

func (progressNotIncreasing) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "progress-not-increasing", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "The progress value of a request's notifications/progress increases with each notification",
		Doc:     doc("progress-not-increasing"),
		Source:  "2025-11-25/basic/utilities/progress.mdx#progress-flow",
		Uses:    []string{parsedSession.Name},
	}
}

func (progressNotIncreasing) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(ctx, s)
	if ss == nil {
		return nil
	}
	// Keyed by the request too: a token may be used again once its
	// request is done.
	type tokenOf struct {
		req *wire.Msg
		key string
	}
	last := map[tokenOf]float64{}
	g := newGrouped()
	for _, n := range progressNotes(ss) {
		if !n.ok || n.req == nil {
			continue // wire-schema and progress-token-unknown say it
		}
		k := tokenOf{n.req, n.key}
		prev, seen := last[k]
		last[k] = n.progress
		if seen && n.progress <= prev {
			g.add("", n.msg.Index, fmt.Sprintf("progress went from %s to %s for progressToken %s (request %s): %s",
				num(prev), num(n.progress), wire.Quote(n.token, 60), n.req.ID, wire.Quote(n.msg.Bytes, 160)))
		}
	}
	g.report(report, "make progress grow with every notification for a request (a count of steps done, bytes read), even when the total is unknown; send nothing when there is no new progress")
	return nil
}

func num(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }
