package exercise

import (
	"context"
	"fmt"
	"time"

	"github.com/mcplint/mcplint/engine/mcp"
	"github.com/mcplint/mcplint/sdk"
)

// MethodToolsCall is the request every scenario sends.
const MethodToolsCall = "tools/call"

// Run calls the tools opts.Mode allows with the scenarios Plan makes for
// them, one call at a time so that each latency is the tool's own, inside
// the session c. Before each call it records a probe event naming the
// scenario (Scenario.Detail), which is how Read and the conformance rules
// tell exercise calls from others. A call that fails, times out or finds
// the server gone is left in the transcript as it happened and the run
// goes on; only ctx ending stops it. It returns how many calls it made.
func Run(ctx context.Context, c *mcp.Client, server string, tools []sdk.Tool, opts Options) int {
	if !opts.Enabled() {
		return 0
	}
	call, risky := Select(tools, opts.Mode)
	Announce(opts.Notice, server, risky)
	if len(call) == 0 && len(tools) > 0 && opts.Notice != nil {
		fmt.Fprintf(opts.Notice, "mcplint: --exercise: none of the %d tools of %s declares readOnlyHint true, so none was called; --exercise=all calls them anyway\n", len(tools), server)
	}
	scenarios := Plan(call, opts)
	start := time.Now()
	made := 0
	for i, sc := range scenarios {
		if ctx.Err() != nil {
			break
		}
		if opts.Progress != nil {
			fmt.Fprintf(opts.Progress, "\rmcplint: exercising %s: %d/%d %q %s\x1b[K", server, i+1, len(scenarios), sc.Tool, sc.Name)
		}
		c.Recorder().Event(sdk.Event{Kind: sdk.EventProbe, Detail: sc.Detail()})
		// Failures are in the transcript, where Read judges them.
		c.Request(ctx, MethodToolsCall, map[string]any{"name": sc.Tool, "arguments": sc.Args}, opts.Timeout)
		made++
	}
	if opts.Progress != nil && len(scenarios) > 0 {
		fmt.Fprintf(opts.Progress, "\r\x1b[Kmcplint: exercised %s: %d scenarios of %d tools in %s\n",
			server, made, len(call), time.Since(start).Round(time.Millisecond))
	}
	return made
}
