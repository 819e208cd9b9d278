package conformance

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/mcplint/mcplint/rules/internal/wire"
	"github.com/mcplint/mcplint/sdk"
)

// subscriptionAcknowledged reports, in a 2026-07-28 session, a
// subscriptions/listen stream the server did not open as the text says:
// its first notification is not notifications/subscriptions/acknowledged
// carrying the subscription's id, or it carries a notification type the
// request did not ask for. An acknowledgment that never came is not
// judged here: the listen probe records it as inconclusive.
type subscriptionAcknowledged struct{}

func (subscriptionAcknowledged) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "subscription-acknowledged", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "A subscriptions/listen stream begins with an acknowledgment carrying its id and carries only what was asked for",
		Doc:     doc("subscription-acknowledged"),
		Source:  "2026-07-28/basic/patterns/subscriptions.mdx#acknowledgment",
		Era:     sdk.EraModern,
		Uses:    []string{parsedSession.Name},
	}
}

const (
	ackMethod          = "notifications/subscriptions/acknowledged"
	metaSubscriptionID = "io.modelcontextprotocol/subscriptionId"
)

// filterOf is the notifications filter field that asks for each
// notification a subscription may carry.
var filterOf = map[string]string{
	"notifications/tools/list_changed":     "toolsListChanged",
	"notifications/prompts/list_changed":   "promptsListChanged",
	"notifications/resources/list_changed": "resourcesListChanged",
	"notifications/resources/updated":      "resourceSubscriptions",
}

func (subscriptionAcknowledged) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(ctx, s)
	if ss == nil {
		return nil
	}
	const fix = `answer subscriptions/listen first with {"method": "notifications/subscriptions/acknowledged", "params": {"_meta": {"io.modelcontextprotocol/subscriptionId": <the request's id>}, "notifications": {<what you will send>}}}, then send only the notification types the request asked for, each with the same subscriptionId`
	for i, req := range ss.Msgs {
		if req.Dir != sdk.DirClientToServer || req.Kind != wire.Request || req.Method != "subscriptions/listen" {
			continue
		}
		var p struct {
			Notifications map[string]json.RawMessage `json:"notifications"`
		}
		req.Params(&p)
		acked := false
		for _, m := range ss.Msgs[i+1:] {
			if m.Dir != sdk.DirServerToClient || m.Kind != wire.Notification {
				continue
			}
			var np struct {
				Meta map[string]json.RawMessage `json:"_meta"`
			}
			m.Params(&np)
			id, tagged := np.Meta[metaSubscriptionID]
			mine := tagged && wire.SameID(id, req.ID)
			switch {
			case m.Method == ackMethod && !acked && !tagged:
				at(report, m.Index, fmt.Sprintf("the acknowledgment of subscriptions/listen (id %s) does not carry that id in _meta %q: %s", req.ID, metaSubscriptionID, wire.Quote(m.Bytes, 160)), fix)
				acked = true
			case !mine:
			case m.Method == ackMethod:
				acked = true
			case !acked:
				at(report, m.Index, fmt.Sprintf("%s came on subscription %s before its notifications/subscriptions/acknowledged", m.Method, req.ID), fix)
				acked = true // one finding per stream
			case filterOf[m.Method] != "" && !asked(p.Notifications[filterOf[m.Method]]):
				at(report, m.Index, fmt.Sprintf("%s came on subscription %s, whose request did not ask for %s", m.Method, req.ID, filterOf[m.Method]), fix)
			}
		}
	}
	return nil
}

// asked reports whether a filter field asks for something: true, or a
// non-empty list.
func asked(raw json.RawMessage) bool {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return false
	}
	switch v := v.(type) {
	case bool:
		return v
	case []any:
		return len(v) > 0
	}
	return false
}
