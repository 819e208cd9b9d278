package conformance

import (
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/mcplint/mcplint/rules/internal/wire"
	"github.com/mcplint/mcplint/sdk"
)

// The SSE polling rules (2025-11-25 only: SEP-1699 added polling to the
// Streamable HTTP transport, and 2026-07-28 removed resumable streams)
// read the SSE events the transport records on the response streams of
// mcplint's requests.

// requestStreams are the session's request POSTs answered with an SSE
// stream, in order, each with its stream number.
func requestStreams(evs []httpEvent) []httpEvent {
	var out []httpEvent
	for _, e := range evs {
		if e.Method == http.MethodPost && e.Purpose == "" && e.Sent == "request" && e.Stream > 0 &&
			e.Status/100 == 2 && mediaType(e.ContentType) == "text/event-stream" {
			out = append(out, e)
		}
	}
	return out
}

// requestMethods maps the id of each request mcplint sent to its method.
func requestMethods(ss *wire.Session) map[string]string {
	out := map[string]string{}
	for _, m := range ss.Msgs {
		if m.Dir == sdk.DirClientToServer && m.Kind == wire.Request {
			out[tokenKey(m.ID)] = m.Method
		}
	}
	return out
}

// sseSpecVersion is the first version whose transport text has SSE polling.
const sseSpecVersion = "2025-11-25"

// ssePrimingEvent: a request's SSE stream starts with a priming event.
var ssePrimingEvent = httpRule{
	meta: sdk.Meta{
		Name: "sse-priming-event", Severity: sdk.Warning, Era: sdk.EraLegacy,
		Summary: "An SSE stream that answers a request carries a priming event: an event id and empty data",
		Source:  "2025-11-25/basic/transports.mdx#sending-messages-to-the-server",
		Since:   sseSpecVersion,
	},
	check: func(ss *wire.Session, evs []httpEvent, report func(sdk.Issue)) {
		// A server that puts no id on any event offers no resumption, and
		// a priming event would only invite a Last-Event-ID it cannot
		// serve: the text asks for the event "to prime the client to
		// reconnect", so only a server that uses event ids is judged.
		primed, ids := map[int]bool{}, false
		for _, e := range ss.Events {
			if e.Kind == sdk.EventSSE && e.HTTP != nil && e.HTTP.SSE != nil && e.HTTP.SSE.ID != "" {
				ids = true
				primed[e.HTTP.Stream] = primed[e.HTTP.Stream] || e.HTTP.SSE.Empty
			}
		}
		if !ids {
			return
		}
		methods := requestMethods(ss)
		g := newGrouped()
		for _, e := range requestStreams(evs) {
			if !primed[e.Stream] {
				g.add("", e.Index, fmt.Sprintf("the SSE stream that answered %s (request %s) carried no priming event, an event with an id and empty data",
					methods[tokenKey(e.ID)], e.ID))
			}
		}
		g.report(report, "start every SSE stream that answers a request with an event that has an id and an empty data field (\"id: 1-0\\ndata:\\n\\n\"), so that a client can resume the stream with Last-Event-ID if the connection drops")
	},
}

// sseRetryMissing: a server that closes a request's stream before the
// response sends a retry field first.
var sseRetryMissing = httpRule{
	meta: sdk.Meta{
		Name: "sse-retry-missing", Severity: sdk.Warning, Era: sdk.EraLegacy,
		Summary: "A server that closes an SSE connection before the response sends a retry field first",
		Source:  "2025-11-25/basic/transports.mdx#sending-messages-to-the-server",
		Since:   sseSpecVersion,
	},
	check: func(ss *wire.Session, evs []httpEvent, report func(sdk.Issue)) {
		// A stream whose request mcplint cancelled may rightly end
		// without its response.
		cancelled := map[string]bool{}
		for _, m := range ss.Msgs {
			var p struct {
				RequestID json.RawMessage `json:"requestId"`
			}
			if m.Dir == sdk.DirClientToServer && m.Method == "notifications/cancelled" && m.Params(&p) && len(p.RequestID) > 0 {
				cancelled[tokenKey(p.RequestID)] = true
			}
		}
		asked := map[int]httpEvent{}
		for _, e := range requestStreams(evs) {
			asked[e.Stream] = e
		}
		methods := requestMethods(ss)
		retried, judged := map[int]bool{}, map[int]bool{}
		g := newGrouped()
		for _, e := range ss.Events {
			if e.HTTP == nil {
				continue
			}
			switch {
			case e.Kind == sdk.EventSSE && e.HTTP.SSE != nil && e.HTTP.SSE.Retry != nil:
				retried[e.HTTP.Stream] = true
			case e.Kind == sdk.EventHTTP && e.HTTP.Purpose == sdk.HTTPPurposeResume && !judged[e.HTTP.Stream]:
				judged[e.HTTP.Stream] = true
				req, ok := asked[e.HTTP.Stream]
				if !ok || retried[e.HTTP.Stream] || cancelled[tokenKey(req.ID)] {
					continue
				}
				g.add("", e.Index, fmt.Sprintf("the server closed the SSE connection answering %s (request %s) before the response, without a retry field telling the client when to reconnect",
					methods[tokenKey(req.ID)], req.ID))
			}
		}
		g.report(report, "before closing an SSE connection early (to be polled), send an event with a retry field (\"retry: 1000\\n\\n\"), the milliseconds the client should wait before it resumes the stream with GET and Last-Event-ID")
	},
}
