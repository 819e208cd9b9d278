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
		Uses:    []string{parsedSession.Name},
	}
}

func (notificationAnswered) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(ctx, s)
	if ss == nil {
		return nil
	}
	answered := notificationAnswers(ss)
	for _, m := range ss.Msgs {
		n := answered[m]
		if n == nil {
			continue
		}
		at(report, m.Index, fmt.Sprintf("server answered the notification %s with %s", n.Method, wire.Quote(m.Bytes, 120)),
			fmt.Sprintf("send nothing back for notifications (messages without an id), %s included; an unknown notification is ignored, not answered with an error", n.Method))
	}
	return nil
}

// notificationAnswers pairs each server response that carries no id (or a
// null one) with the earliest client notification sent before it that no
// earlier such response was paired with. Requests always carry ids, so a
// response without one answers a notification; a client sends its next
// messages without waiting, so the notification need not be the last
// message before the answer.
func notificationAnswers(ss *wire.Session) map[*wire.Msg]*wire.Msg {
	out := map[*wire.Msg]*wire.Msg{}
	var waiting []*wire.Msg
	for _, m := range ss.Msgs {
		switch {
		case m.Dir == sdk.DirClientToServer && m.Kind == wire.Notification:
			waiting = append(waiting, m)
		case m.Dir == sdk.DirServerToClient && m.Kind == wire.Response && m.Pair == nil &&
			(m.ID == nil || string(m.ID) == "null") && len(waiting) > 0:
			out[m] = waiting[0]
			waiting = waiting[1:]
		}
	}
	return out
}
