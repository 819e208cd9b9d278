package conformance

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/mcplint/mcplint/rules/internal/wire"
	"github.com/mcplint/mcplint/sdk"
)

// sseStreamScope reports, in a 2026-07-28 session over Streamable HTTP,
// messages the server sent on the wrong stream or on none it may use: a
// JSON-RPC request (server-to-client interactions are input requests of
// an InputRequiredResult now), a progress or log notification on a
// subscriptions/listen stream, and, on the response stream of another
// request, a change notification or progress for a different request.
// Each message's stream is the one the transport recorded it came on.
type sseStreamScope struct{}

func (sseStreamScope) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "sse-stream-scope", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "A 2026-07-28 SSE response stream carries no server requests and only notifications about its own request",
		Doc:     doc("sse-stream-scope"),
		Source:  "2026-07-28/basic/transports/streamable-http.mdx#receiving-messages",
		Era:     sdk.EraModern,
		Uses:    []string{parsedSession.Name},
	}
}

// changeNotifications are the long-lived notifications a 2026-07-28
// server delivers on the response stream of subscriptions/listen, and
// requestScoped those it delivers only on the stream of the request they
// relate to (2026-07-28/basic/transports/streamable-http.mdx).
var (
	changeNotifications = map[string]bool{
		"notifications/tools/list_changed": true, "notifications/prompts/list_changed": true, "notifications/resources/list_changed": true,
		"notifications/resources/updated": true, "notifications/subscriptions/acknowledged": true,
	}
	requestScoped = map[string]bool{"notifications/progress": true, "notifications/message": true}
)

// streamName names the stream a message came on, for messages.
func streamName(on *sdk.MessageStream) string {
	switch {
	case on == nil:
		return "an HTTP response"
	case on.Listen():
		return fmt.Sprintf("the subscriptions/listen stream (request %s)", on.Request)
	case on.Request == nil:
		return fmt.Sprintf("SSE stream %d, which the client opened with GET", on.N)
	}
	return fmt.Sprintf("the response stream of %s (request %s)", on.Method, on.Request)
}

func (sseStreamScope) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(ctx, s)
	if ss == nil || s.Era != sdk.EraModern || !overHTTP(ss) {
		return nil
	}
	tokens := map[string]*wire.Msg{} // the requests that asked for progress, by token
	g := newGrouped()
	for _, m := range ss.Msgs {
		if m.Dir == sdk.DirClientToServer {
			if m.Kind == wire.Request {
				var p struct {
					Meta struct {
						Token json.RawMessage `json:"progressToken"`
					} `json:"_meta"`
				}
				if m.Params(&p) && len(p.Meta.Token) > 0 {
					tokens[tokenKey(p.Meta.Token)] = m
				}
			}
			continue
		}
		on := m.Stream
		switch m.Kind {
		case wire.Request:
			// Wrong wherever it came, so judged without the stream.
			g.add("request "+m.Method, m.Index, fmt.Sprintf("the server sent the request %s on %s; a 2026-07-28 server sends no JSON-RPC requests over Streamable HTTP, on this or any other stream",
				m.Method, streamName(on)))
		case wire.Notification:
			// A notification is judged by its stream alone: none was
			// recorded (a trace older than the record) or the stream
			// answers no request (a GET the 2026-07-28 text does not
			// have) says nothing of where it belongs.
			if on == nil || on.Request == nil {
				continue
			}
			switch {
			case on.Listen() && requestScoped[m.Method]:
				g.add("listen "+m.Method, m.Index, fmt.Sprintf("the server sent %s on %s, where only change notifications go: request-scoped notifications flow only on the response stream of the request they relate to",
					m.Method, streamName(on)))
			case !on.Listen() && changeNotifications[m.Method]:
				g.add("change "+m.Method, m.Index, fmt.Sprintf("the server sent %s on %s, which carries only notifications about that request; change notifications go on a subscriptions/listen stream",
					m.Method, streamName(on)))
			case !on.Listen() && m.Method == "notifications/progress":
				var p struct {
					Token json.RawMessage `json:"progressToken"`
				}
				if !m.Params(&p) || len(p.Token) == 0 {
					continue
				}
				if q := tokens[tokenKey(p.Token)]; q != nil && !wire.SameID(q.ID, on.Request) {
					g.add("progress", m.Index, fmt.Sprintf("the server sent notifications/progress for %s (request %s, progressToken %s) on %s; notifications on a response stream must relate to its request",
						q.Method, q.ID, wire.Quote(p.Token, 60), streamName(on)))
				}
			}
		}
	}
	g.report(report, "send each request's notifications/progress and notifications/message on that request's own SSE response stream, change notifications only on the subscriptions/listen stream, and no JSON-RPC requests at all: ask the client for input with an InputRequiredResult (multi round-trip requests)")
	return nil
}
