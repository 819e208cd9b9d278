package mcp

import (
	"context"
	"encoding/json"
	"strconv"
	"time"

	"github.com/mcplint/mcplint/sdk"
)

// ProbeCancel names the cancellation probe: the sdk.EventProbe before each
// of its attempts ("cancel-in-flight: TOOL, attempt N") and its
// sdk.EventInconclusive ("cancel-in-flight: why").
const ProbeCancel = "cancel-in-flight"

// CancelOutcome is what CancelAtProgress saw.
type CancelOutcome struct {
	// Cancelled is true when the server reported progress before it
	// answered, so notifications/cancelled was sent while the request was
	// in flight.
	Cancelled bool
	// Answered is true when a response came, before or after the
	// cancellation.
	Answered bool
	// Late is how long after the cancellation the response came.
	Late time.Duration
}

// CancelAtProgress sends method with a progressToken and, at the server's
// first notifications/progress for it, sends notifications/cancelled for
// the request; it then waits up to linger for a response, which the server
// should not send (2025-11-25/basic/utilities/cancellation.mdx#behavior-requirements).
// A response before any progress ends it with nothing cancelled; no
// progress within timeout is a timeout, as for any request.
func (c *Client) CancelAtProgress(ctx context.Context, method string, params map[string]any, timeout, linger time.Duration) (CancelOutcome, error) {
	var out CancelOutcome
	c.mu.Lock()
	c.progressSeq++
	token := "mcplint-progress-" + strconv.FormatInt(c.progressSeq, 10)
	key := IDKey(json.RawMessage(strconv.Quote(token)))
	signal := make(chan struct{}, 1)
	c.progress[key] = signal
	c.mu.Unlock()
	defer func() {
		c.mu.Lock()
		delete(c.progress, key)
		c.mu.Unlock()
	}()
	k, err := c.begin(method, withProgressToken(params, token))
	if err != nil {
		return out, err
	}
	defer c.forget(k.key)
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	select {
	case <-signal:
	case m := <-k.ch:
		out.Answered = fromServer(m)
		return out, nil
	case <-timer.C:
		return out, c.giveUp(k)
	case <-c.readDone:
		return out, c.gone("waiting for progress on "+method, nil)
	case <-ctx.Done():
		c.cancel(k, "mcplint stopped waiting: "+context.Cause(ctx).Error())
		return out, context.Cause(ctx)
	}
	c.cancel(k, "mcplint cancels this request on purpose, to see that the server stops working on it and does not answer")
	out.Cancelled = true
	at := time.Now()
	timer.Reset(linger)
	select {
	case m := <-k.ch:
		out.Answered, out.Late = fromServer(m), time.Since(at)
	case <-timer.C:
	case <-c.readDone:
	case <-ctx.Done():
	}
	return out, nil
}

// fromServer reports whether m is a response the server sent, not the
// failure the transport reports for a request that will get none (an
// error without a code).
func fromServer(m Message) bool { return m.Error == nil || m.Error.Code != 0 }

// CancelSeen reports whether a response after notifications/cancelled can
// reach mcplint: not in a 2026-07-28 session over Streamable HTTP, where
// the transport cancels a request by closing its response stream.
func (c *Client) CancelSeen() bool {
	c.mu.Lock()
	modern := c.modern != ""
	c.mu.Unlock()
	if !modern {
		return true
	}
	for _, r := range c.rec.Transcript().Records {
		if r.Event != nil && r.Event.Kind == sdk.EventHTTP {
			return false
		}
	}
	return true
}
