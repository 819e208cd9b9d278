package conformance

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/mcplint/mcplint/rules/internal/wire"
	"github.com/mcplint/mcplint/sdk"
)

// sseStreamScope reports, in a 2026-07-28 session over Streamable HTTP,
// messages the server sent on the wrong stream or on none it may use: a
// JSON-RPC request (server-to-client interactions are input requests of
// an InputRequiredResult now), a progress or log notification on a
// subscriptions/listen stream, and, on the response stream of another
// request, a change notification or progress for a different request.
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

const methodListen = "subscriptions/listen"

// streamTracker follows which SSE response streams are open as the
// transcript goes: a stream opens with the HTTP answer to its request and
// closes with the request's response, mcplint's cancellation, or the end
// of its reading. The transcript does not tag each message with its
// stream, so a message is placed on a stream only when that stream is the
// one open: with two open, where it came is unknown and it is not judged.
type streamTracker struct {
	requests map[string]*wire.Msg // the client's requests by id
	of       map[int]*wire.Msg    // each stream's request
	streamOf map[string]int       // each request's stream, by id
	open     map[int]bool
}

func newStreamTracker() *streamTracker {
	return &streamTracker{requests: map[string]*wire.Msg{}, of: map[int]*wire.Msg{}, streamOf: map[string]int{}, open: map[int]bool{}}
}

func (t *streamTracker) event(e wire.IndexedEvent) {
	h := e.HTTP
	if e.Kind != sdk.EventHTTP || h == nil {
		return
	}
	switch {
	case h.Purpose == "" && h.Method == http.MethodPost && h.Sent == "request" && h.Stream > 0 &&
		h.Status/100 == 2 && mediaType(h.ContentType) == "text/event-stream":
		if req := t.requests[tokenKey(e.ID)]; req != nil {
			t.of[h.Stream], t.streamOf[tokenKey(e.ID)], t.open[h.Stream] = req, h.Stream, true
		}
	case h.Purpose == sdk.HTTPPurposeResume && h.Stream > 0 && t.of[h.Stream] != nil:
		t.open[h.Stream] = true
	case h.Purpose == sdk.HTTPPurposeCancel:
		delete(t.open, t.streamOf[tokenKey(e.ID)])
	case h.Purpose == "" && h.Stream > 0 && h.Error != "":
		delete(t.open, h.Stream)
	}
}

// stream is the request whose open stream a message of the server came
// on; nil when no stream, or more than one, was open.
func (t *streamTracker) stream() *wire.Msg {
	if len(t.open) != 1 {
		return nil
	}
	for n := range t.open {
		return t.of[n]
	}
	return nil
}

func (sseStreamScope) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(ctx, s)
	if ss == nil || s.Era != sdk.EraModern || !overHTTP(ss) {
		return nil
	}
	t := newStreamTracker()
	tokens := map[string]*wire.Msg{} // the requests that asked for progress, by token
	g := newGrouped()
	evs := ss.Events
	for _, m := range ss.Msgs {
		for len(evs) > 0 && evs[0].Index < m.Index {
			t.event(evs[0])
			evs = evs[1:]
		}
		if m.Dir == sdk.DirClientToServer {
			if m.Kind == wire.Request {
				t.requests[tokenKey(m.ID)] = m
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
		r := t.stream()
		where := "a response stream"
		if r != nil {
			where = fmt.Sprintf("the response stream of %s (request %s)", r.Method, r.ID)
		}
		switch m.Kind {
		case wire.Response:
			if m.Pair != nil {
				delete(t.open, t.streamOf[tokenKey(m.ID)])
			}
		case wire.Request:
			g.add("request "+m.Method, m.Index, fmt.Sprintf("the server sent the request %s on %s; a 2026-07-28 server sends no JSON-RPC requests over Streamable HTTP, on this or any other stream",
				m.Method, where))
		case wire.Notification:
			if r == nil {
				continue
			}
			switch {
			case r.Method == methodListen && requestScoped[m.Method]:
				g.add("listen "+m.Method, m.Index, fmt.Sprintf("the server sent %s on the subscriptions/listen stream (request %s), where only change notifications go: request-scoped notifications flow only on the response stream of the request they relate to",
					m.Method, r.ID))
			case r.Method != methodListen && changeNotifications[m.Method]:
				g.add("change "+m.Method, m.Index, fmt.Sprintf("the server sent %s on %s, which carries only notifications about that request; change notifications go on a subscriptions/listen stream",
					m.Method, where))
			case r.Method != methodListen && m.Method == "notifications/progress":
				var p struct {
					Token json.RawMessage `json:"progressToken"`
				}
				if !m.Params(&p) || len(p.Token) == 0 {
					continue
				}
				if q := tokens[tokenKey(p.Token)]; q != nil && q != r {
					g.add("progress", m.Index, fmt.Sprintf("the server sent notifications/progress for %s (request %s, progressToken %s) on %s; notifications on a response stream must relate to its request",
						q.Method, q.ID, wire.Quote(p.Token, 60), where))
				}
			}
		}
	}
	g.report(report, "send each request's notifications/progress and notifications/message on that request's own SSE response stream, change notifications only on the subscriptions/listen stream, and no JSON-RPC requests at all: ask the client for input with an InputRequiredResult (multi round-trip requests)")
	return nil
}
