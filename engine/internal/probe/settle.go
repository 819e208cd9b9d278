package probe

import (
	"context"
	"slices"
	"strings"

	"github.com/mcplint/mcplint/engine/internal/mcp"
	"github.com/mcplint/mcplint/sdk"
)

// SettleTools confirms the main session's tool listing when the server may
// still have been changing it: it declared tools.listChanged, or it sent
// notifications/tools/list_changed. A server that registers tools in a
// handler run after the handshake, as the reference server does, can
// answer a first tools/list before that handler ran on a busy machine; the
// listing the Snapshot is built from is the one after the server fell
// quiet (mcp.Client.Relist). A list that keeps changing is recorded as an
// inconclusive Relisting: no comparison of tool lists can then be trusted,
// and Listings returns none. The error is a listing that failed (see
// mcp.Client.ListAll): the main session's tools could not be listed.
//
// final reports whether the session's first listing was the server's list
// already: the server announces no changes, or listing again once it was
// quiet gave the same tools. The second session relies on it (Fresh.Listed).
func SettleTools(ctx context.Context, c *mcp.Client, caps map[string]any) (final bool, err error) {
	if !listChanged(caps, "tools") && !notified(c.Transcript(), "notifications/tools/list_changed") {
		return true, nil
	}
	first := c.LastItems(mcp.MethodToolsList)
	settled, err := c.Relist(ctx, mcp.MethodToolsList)
	if err == nil && !settled {
		unsettled(c, Relisting)
	}
	return err == nil && settled && slices.Equal(first, c.LastItems(mcp.MethodToolsList)), err
}

// listChanged reports whether caps declares listChanged for the named
// capability ("tools", "prompts", "resources").
func listChanged(caps map[string]any, name string) bool {
	m, _ := caps[name].(map[string]any)
	v, _ := m["listChanged"].(bool)
	return v
}

// notified reports whether the server sent the notification method.
func notified(tr *sdk.Transcript, method string) bool {
	for _, r := range tr.Records {
		if r.Dir != sdk.DirServerToClient || r.Msg == nil {
			continue
		}
		for _, m := range mcp.ParseMessages(r.Msg) {
			if m.IsNotification() && m.Method == method {
				return true
			}
		}
	}
	return false
}

// unsettled records that the tool list the probe name compares kept
// changing from one listing to the next.
func unsettled(c *mcp.Client, name string) {
	c.Recorder().Event(sdk.Event{Kind: sdk.EventInconclusive,
		Detail: name + ": the tool list changed from one listing to the next, each after the server had been quiet for " + mcp.Quiet.String() + ", so no listing stands for the server"})
}

// inconclusiveFor reports whether tr recorded probe name as inconclusive.
func inconclusiveFor(tr *sdk.Transcript, name string) bool {
	for _, r := range tr.Records {
		if r.Event != nil && r.Event.Kind == sdk.EventInconclusive && strings.HasPrefix(r.Event.Detail, name+": ") {
			return true
		}
	}
	return false
}
