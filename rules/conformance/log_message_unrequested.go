package conformance

import (
	"context"
	"encoding/json"

	"github.com/mcplint/mcplint/rules/internal/wire"
	"github.com/mcplint/mcplint/sdk"
)

// metaLogLevel is the request _meta key by which a 2026-07-28 client asks
// for log messages (2026-07-28/server/utilities/logging.mdx).
const metaLogLevel = "io.modelcontextprotocol/logLevel"

// logMessageUnrequested reports notifications/message sent by a modern
// server while no request in flight set a log level: logging is opt-in per
// request, and on stdio a log message belongs to an in-flight request.
type logMessageUnrequested struct{}

func (logMessageUnrequested) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "log-message-unrequested", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "A 2026-07-28 server sends notifications/message only for a request whose _meta set a log level",
		Doc:     doc("log-message-unrequested"),
		Source:  "2026-07-28/server/utilities/logging.mdx#per-request-log-level",
		Era:     sdk.EraModern,
	}
}

func (logMessageUnrequested) Check(_ context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(s)
	if ss == nil || s.Era != sdk.EraModern {
		return nil
	}
	g := newGrouped()
	for _, m := range unrequestedLogs(ss) {
		g.add("", m.Index, "the server sent notifications/message "+wire.Quote(m.Bytes, 120)+" although no request in flight set io.modelcontextprotocol/logLevel in its _meta")
	}
	g.report(report, "send log messages only while answering a request whose _meta has io.modelcontextprotocol/logLevel, at or above that level; otherwise log to stderr")
	return nil
}

// unrequestedLogs are the notifications/message the server sent while no
// request in flight (sent and not yet answered) had set a log level.
func unrequestedLogs(ss *wire.Session) []*wire.Msg {
	var out []*wire.Msg
	inFlight := map[*wire.Msg]bool{} // requests that set a log level, until answered
	for _, m := range ss.Msgs {
		switch {
		case m.Dir == sdk.DirClientToServer && m.Kind == wire.Request && logLevel(m) != "":
			inFlight[m] = true
		case m.Dir == sdk.DirServerToClient && m.Kind == wire.Response && m.Pair != nil:
			delete(inFlight, m.Pair)
		case m.Dir == sdk.DirServerToClient && m.Kind == wire.Notification && m.Method == "notifications/message" && len(inFlight) == 0:
			out = append(out, m)
		}
	}
	return out
}

// logLevel is the log level a request's _meta sets; "" when none.
func logLevel(r *wire.Msg) string {
	var p struct {
		Meta map[string]json.RawMessage `json:"_meta"`
	}
	if !r.Params(&p) {
		return ""
	}
	var level string
	if json.Unmarshal(p.Meta[metaLogLevel], &level) != nil {
		return ""
	}
	return level
}
