package probe

import (
	"context"
	"encoding/json"
	"time"

	"github.com/mcplint/mcplint/engine/internal/mcp"
	"github.com/mcplint/mcplint/engine/internal/session"
	"github.com/mcplint/mcplint/sdk"
)

// Listen opens a subscriptions/listen stream for the change notifications
// the server declares (tools, prompts or resources listChanged), waits for
// its acknowledgment and cancels it (subscription-acknowledged); All only.
const Listen = "subscriptions-listen"

// ackPoll is how often the listen probe looks for the acknowledgment.
const ackPoll = 10 * time.Millisecond

// listen runs the Listen probe on a modern session, when the server's
// server/discover declared a listChanged: it waits for the
// acknowledgment at most timeout, then cancels the subscription. An
// acknowledgment that does not come in that time is inconclusive, not a
// finding: a busy server may simply be late.
func listen(ctx context.Context, c *mcp.Client, timeout time.Duration) {
	filter := listenFilter(c.Transcript())
	if len(filter) == 0 {
		return
	}
	c.Recorder().Event(sdk.Event{Kind: sdk.EventProbe, Detail: Listen})
	wait, err := c.Begin(mcp.MethodListen, map[string]any{"notifications": filter}, timeout+time.Second)
	if err != nil {
		return
	}
	waitCtx, stop := context.WithCancel(ctx)
	answered := make(chan struct{})
	go func() {
		wait(waitCtx)
		close(answered)
	}()
	deadline := time.Now().Add(timeout)
	acked := false
	for !acked && time.Now().Before(deadline) && ctx.Err() == nil {
		select {
		case <-answered:
			deadline = time.Now() // an answer (an error, or a graceful end) ends the stream
		case <-time.After(ackPoll):
		}
		acked = acknowledged(c.Transcript())
	}
	stop()
	<-answered
	if !acked && ctx.Err() == nil && !listenAnswered(c.Transcript()) {
		c.Recorder().Event(sdk.Event{Kind: sdk.EventInconclusive,
			Detail: Listen + ": no notifications/subscriptions/acknowledged came in " + timeout.String() + "; a server that is only slow cannot be told from one that never acknowledges"})
	}
}

// listenFilter is the notifications filter of what the session's
// server/discover declared: the listChanged of tools, prompts and
// resources.
func listenFilter(tr *sdk.Transcript) map[string]any {
	filter := map[string]any{}
	for _, x := range session.Exchanges(tr) {
		if x.Method != mcp.MethodDiscover || !x.Succeeded() {
			continue
		}
		var res struct {
			Capabilities map[string]struct {
				ListChanged bool `json:"listChanged"`
			} `json:"capabilities"`
		}
		if json.Unmarshal(x.Result, &res) != nil {
			continue
		}
		for name, key := range map[string]string{"tools": "toolsListChanged", "prompts": "promptsListChanged", "resources": "resourcesListChanged"} {
			if res.Capabilities[name].ListChanged {
				filter[key] = true
			}
		}
		break
	}
	return filter
}

// acknowledged reports whether the server sent
// notifications/subscriptions/acknowledged.
func acknowledged(tr *sdk.Transcript) bool {
	return notified(tr, "notifications/subscriptions/acknowledged")
}

// listenAnswered reports whether the subscriptions/listen request got a
// response.
func listenAnswered(tr *sdk.Transcript) bool {
	for _, x := range session.Exchanges(tr) {
		if x.Method == mcp.MethodListen && x.Answered {
			return true
		}
	}
	return false
}
