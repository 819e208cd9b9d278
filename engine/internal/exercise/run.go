package exercise

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/mcplint/mcplint/engine/internal/mcp"
	"github.com/mcplint/mcplint/sdk"
)

// MethodToolsCall is the request every scenario sends.
const MethodToolsCall = mcp.MethodToolsCall

// Run calls the tools opts.Mode allows with the scenarios Plan makes for
// them, one call at a time so that each latency is the tool's own, inside
// the session c. Before each call it records a probe event naming the
// scenario (Scenario.Detail), which is how Read and the conformance rules
// tell exercise calls from others. A call that fails, times out or finds
// the server gone is left in the transcript as it happened and the run
// goes on; only ctx ending stops it. Then, when a read-only tool reported
// progress, it runs the cancellation probe (probeCancel). It returns how
// many scenario calls it made.
func Run(ctx context.Context, c *mcp.Client, server string, tools []sdk.Tool, opts Options) int {
	if !opts.Enabled() {
		return 0
	}
	if len(opts.Requests) > 0 {
		return RunRequests(ctx, c, server, Listing{Tools: tools}, opts)
	}
	call, risky := Select(tools, opts.Mode)
	Announce(opts.Notice, server, opts.Mode, call, risky)
	if len(call) == 0 && len(tools) > 0 && opts.Notice != nil {
		fmt.Fprintf(opts.Notice, "mcplint: --exercise: none of the %d tools of %s is %s, so none was called; --exercise=all calls them anyway\n", len(tools), server, modeWants(opts.Mode))
	}
	// A tool that lists the server's roots goes first: its answer tells
	// where the file and folder arguments of the others should point.
	var first, rest []sdk.Tool
	for _, t := range call {
		if ListsRoots(t) {
			first = append(first, t)
		} else {
			rest = append(rest, t)
		}
	}
	// Files the calls create in the served folders are removed at the end,
	// whatever happened: the user's folder is left as it was found.
	var created scratch
	created.note(opts.Roots)
	defer created.clean()
	start := time.Now()
	made := 0
	total := len(Plan(call, opts))
	send := func(scenarios []Scenario, answered func(mcp.Message)) {
		for _, sc := range scenarios {
			if ctx.Err() != nil {
				return
			}
			made++
			if opts.Progress != nil {
				fmt.Fprintf(opts.Progress, "\rmcplint: exercising %s: %d/%d %q %s\x1b[K", server, made, total, sc.Tool, sc.Name)
			}
			fillOldText(ctx, c, tools, &sc, opts)
			c.Recorder().Event(sdk.Event{Kind: sdk.EventProbe, Detail: sc.Detail()})
			// Failures are in the transcript, where Read judges them.
			m, err := c.RequestWithProgress(ctx, MethodToolsCall, map[string]any{"name": sc.Tool, "arguments": sc.Args}, opts.Timeout, opts.progressCeiling())
			if err == nil && answered != nil && sc.Kind == Happy {
				answered(m)
			}
		}
	}
	send(Plan(first, opts), func(m mcp.Message) {
		if r := rootsFromAnswer(resultText(m)); len(r.Dirs) > 0 {
			opts.Roots = r
			created.note(r)
		}
	})
	send(Plan(rest, opts), nil)
	if made > 0 && ctx.Err() == nil {
		probeCancel(ctx, c, call, opts)
	}
	if opts.Progress != nil && made > 0 {
		fmt.Fprintf(opts.Progress, "\r\x1b[Kmcplint: exercised %s: %d scenarios of %d tools in %s\n",
			server, made, len(call), time.Since(start).Round(time.Millisecond))
	}
	return made
}

// resultText is the text content of a successful tools/call result.
func resultText(m mcp.Message) string {
	var res struct {
		Content []map[string]any `json:"content"`
		IsError bool             `json:"isError"`
	}
	if m.Error != nil || json.Unmarshal(m.Result, &res) != nil || res.IsError {
		return ""
	}
	var parts []string
	for _, c := range res.Content {
		if text, ok := c["text"].(string); ok && c["type"] == "text" {
			parts = append(parts, text)
		}
	}
	return strings.Join(parts, "\n")
}
