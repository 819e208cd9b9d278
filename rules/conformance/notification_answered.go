package conformance

import (
	"context"
	"fmt"

	"github.com/mcplint/mcplint/rules/internal/wire"
	"github.com/mcplint/mcplint/sdk"
)

// notificationAnswered reports a response to a notification: a response
// with a null or missing id that follows a client notification while no
// request of the client is waiting for an answer it could be.
type notificationAnswered struct{}

func (notificationAnswered) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "notification-answered", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "The server never answers a notification",
		Doc:     doc("notification-answered"),
		Source:  "2025-11-25/basic/index.mdx#notifications",
	}
}

func (notificationAnswered) Check(_ context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(s)
	if ss == nil {
		return nil
	}
	for _, m := range ss.Msgs {
		if m.Dir != sdk.DirServerToClient || m.Kind != wire.Response || m.Pair != nil || !answersNotification(ss, m) {
			continue
		}
		n := lastNotification(ss, m)
		at(report, m.Index, fmt.Sprintf("server answered the notification %s with %s", n.Method, wire.Quote(m.Bytes, 120)),
			fmt.Sprintf("send nothing back for notifications (messages without an id), %s included; an unknown notification is ignored, not answered with an error", n.Method))
	}
	return nil
}

// answersNotification reports whether a response with no usable id is best
// explained as an answer to the client's last notification.
func answersNotification(ss *wire.Session, m *wire.Msg) bool {
	if m.ID != nil && string(m.ID) != "null" {
		return false
	}
	return lastNotification(ss, m) != nil
}

// lastNotification is the client's last message before m when it is a
// notification.
func lastNotification(ss *wire.Session, m *wire.Msg) *wire.Msg {
	var last *wire.Msg
	for _, c := range ss.Msgs {
		if c.Index >= m.Index {
			break
		}
		if c.Dir == sdk.DirClientToServer {
			last = c
		}
	}
	if last != nil && last.Kind == wire.Notification {
		return last
	}
	return nil
}
