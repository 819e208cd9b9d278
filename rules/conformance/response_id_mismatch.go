package conformance

import (
	"context"
	"fmt"

	"github.com/mcplint/mcplint/rules/internal/wire"
	"github.com/mcplint/mcplint/sdk"
)

// responseIDMismatch reports server responses that answer no request of
// the client: a wrong id, an id of the wrong JSON type, or a second answer.
// A response with a null or missing id right after a notification is
// notification-answered instead.
type responseIDMismatch struct{}

func (responseIDMismatch) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "response-id-mismatch", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "Every response carries the id of the request it answers, with the same JSON type",
		Doc:     doc("response-id-mismatch"),
		Source:  "2025-11-25/basic/index.mdx#responses",
		Uses:    []string{parsedSession.Name},
	}
}

func (responseIDMismatch) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(ctx, s)
	if ss == nil {
		return nil
	}
	answered := map[*wire.Msg]bool{}
	notifAnswers := notificationAnswers(ss)
	for _, m := range ss.Msgs {
		if m.Dir != sdk.DirServerToClient || m.Kind != wire.Response || m.Pair != nil {
			if m.Pair != nil && m.Dir == sdk.DirServerToClient {
				answered[m.Pair] = true
			}
			continue
		}
		if notifAnswers[m] != nil {
			continue
		}
		var msg string
		switch req := similarRequest(ss, m); {
		case m.ID == nil || string(m.ID) == "null":
			msg = fmt.Sprintf("response has no id (%s) and answers no request", idText(m))
		case req != nil && answered[req]:
			msg = fmt.Sprintf("response repeats id %s, which request %s already had an answer for", m.ID, req.Method)
		case req != nil:
			msg = fmt.Sprintf("response id %s is not the request's id %s: same value, different JSON type", m.ID, req.ID)
		default:
			msg = fmt.Sprintf("response id %s matches no request the client sent", m.ID)
		}
		at(report, m.Index, msg+": "+wire.Quote(m.Bytes, 120),
			"echo the request's id back exactly as received (a number stays a number, a string a string), once per request")
	}
	return nil
}

func idText(m *wire.Msg) string {
	if m.ID == nil {
		return "no id member"
	}
	return "id " + string(m.ID)
}

// similarRequest finds a client request whose id has the same value as
// m's, whatever its JSON type ("1" and 1).
func similarRequest(ss *wire.Session, m *wire.Msg) *wire.Msg {
	if m.ID == nil {
		return nil
	}
	want := unquoted(string(m.ID))
	for _, c := range ss.Msgs {
		if c.Dir == sdk.DirClientToServer && c.Kind == wire.Request && unquoted(string(c.ID)) == want {
			return c
		}
	}
	return nil
}

func unquoted(s string) string {
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		return s[1 : len(s)-1]
	}
	return s
}
