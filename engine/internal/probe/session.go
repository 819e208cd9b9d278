package probe

import (
	"context"
	"encoding/json"
	"strconv"
	"time"

	"github.com/mcplint/mcplint/engine/internal/mcp"
	"github.com/mcplint/mcplint/engine/internal/session"
	"github.com/mcplint/mcplint/sdk"
)

// AfterHandshake runs what belongs right after the handshake of a legacy
// session: with All, a pause after notifications/initialized, so that a
// server answering the notification answers before the next request.
func AfterHandshake(ctx context.Context, c *mcp.Client, era string, set Set) {
	if set != All || era != sdk.EraLegacy {
		return
	}
	c.Recorder().Event(sdk.Event{Kind: sdk.EventProbe, Detail: InitializedWait})
	t := time.NewTimer(Settle)
	defer t.Stop()
	select {
	case <-t.C:
	case <-ctx.Done():
	}
}

// Session runs the in-session probes of set on c, a session past its
// handshake and listing: unknown-method, unknown-tool (when tools were
// listed), ping (legacy), and unsupported-version, missing-meta and
// unknown-resource (modern; see statelessProbes), unknown-task (on
// servers that declare tasks; see taskProbes), with All the listen probe
// (modern). Their requests are sent in that order, one after the other,
// and awaited in it (see batch); Session returns when each is answered
// or has waited its timeout (the session's request timeout, at most
// MaxTimeout). The probe notification goes last and is not waited for:
// the session's end, which waits for the server to exit, catches an
// answer to it.
func Session(ctx context.Context, c *mcp.Client, era string, set Set, timeout time.Duration) {
	if set == None {
		return
	}
	b := &batch{rec: c.Recorder()}
	b.add(ctx, UnknownMethod, func() (begun, error) { return c.Begin(UnknownMethodName, nil, timeout) })
	if listed, ok := toolNames(c.Transcript()); ok {
		b.add(ctx, UnknownTool, func() (begun, error) {
			return c.Begin("tools/call", map[string]any{"name": absentName(listed), "arguments": map[string]any{}}, timeout)
		})
	}
	switch era {
	case sdk.EraLegacy:
		b.add(ctx, Ping, func() (begun, error) { return c.Begin(mcp.MethodPing, nil, timeout) })
	case sdk.EraModern:
		// server/discover, because the version a session's other requests
		// carry is the version the session is read as speaking.
		b.add(ctx, UnsupportedVersion, func() (begun, error) {
			return c.BeginVersion(UnsupportedVersionName, mcp.MethodDiscover, nil, timeout)
		})
		statelessProbes(ctx, c, timeout, b)
	}
	taskProbes(ctx, c, era, timeout, b)
	if era == sdk.EraModern && set == All {
		b.run(func() { listen(ctx, c, timeout) })
	} else {
		b.run()
	}
	if ctx.Err() != nil {
		return
	}
	c.Recorder().Event(sdk.Event{Kind: sdk.EventProbe, Detail: Notification})
	c.Notify(NotificationName, nil)
}

// toolNames is every tool name any tools/list page of tr named; ok is
// false when no tools/list succeeded, and then no name is known to be
// absent.
func toolNames(tr *sdk.Transcript) (names map[string]bool, ok bool) {
	names = map[string]bool{}
	for _, x := range session.Exchanges(tr) {
		if x.Method != mcp.MethodToolsList || !x.Succeeded() {
			continue
		}
		var page struct {
			Tools []struct {
				Name any `json:"name"`
			} `json:"tools"`
		}
		if json.Unmarshal(x.Result, &page) != nil {
			continue
		}
		ok = true
		for _, t := range page.Tools {
			if s, isString := t.Name.(string); isString {
				names[s] = true
			}
		}
	}
	return names, ok
}

// absentName is UnknownToolName, or it with the first numeric suffix no
// listed tool has.
func absentName(listed map[string]bool) string {
	name := UnknownToolName
	for i := 2; listed[name]; i++ {
		name = UnknownToolName + "_" + strconv.Itoa(i)
	}
	return name
}
