package probe

import (
	"context"

	"github.com/mcplint/mcplint/engine/internal/mcp"
	"github.com/mcplint/mcplint/engine/internal/session"
	"github.com/mcplint/mcplint/sdk"
)

// AfterExercise lists the tools again in the main session once the
// --exercise calls are done: the list must not change as a side effect of
// other requests on the connection (tool-list-varies). The listing is
// confirmed as SettleTools confirms one: once the server is quiet, and
// again until two listings in a row agree; a list that keeps changing is
// inconclusive. The Snapshot keeps the list from before the calls
// (session.Build stops at this probe's event).
const AfterExercise = session.AfterExercise

// Relist runs the AfterExercise probe on c, whose tools were listed,
// unless set is None. The caller runs it only after exercise calls.
func Relist(ctx context.Context, c *mcp.Client, set Set) {
	if set == None || ctx.Err() != nil {
		return
	}
	if _, listed := toolNames(c.Transcript()); !listed {
		return
	}
	c.Recorder().Event(sdk.Event{Kind: sdk.EventProbe, Detail: AfterExercise})
	if settled, err := c.Relist(ctx, mcp.MethodToolsList); err == nil && !settled {
		unsettled(c, AfterExercise)
	}
}
