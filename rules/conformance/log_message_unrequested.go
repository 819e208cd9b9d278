package conformance

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/mcplint/mcplint/rules/internal/wire"
	"github.com/mcplint/mcplint/sdk"
)

// metaLogLevel is the request _meta key by which a 2026-07-28 client asks
// for log messages (2026-07-28/server/utilities/logging.mdx).
const metaLogLevel = "io.modelcontextprotocol/logLevel"

// logMessageUnrequested reports notifications/message sent by a modern
// server while no request in flight set a log level, or below the level
// the requests in flight set: logging is opt-in per request, and on stdio
// a log message belongs to an in-flight request.
type logMessageUnrequested struct{}

func (logMessageUnrequested) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "log-message-unrequested", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "A 2026-07-28 server sends notifications/message only for a request whose _meta set a log level",
		Doc:     doc("log-message-unrequested"),
		Source:  "2026-07-28/server/utilities/logging.mdx#per-request-log-level",
		Era:     sdk.EraModern,
		Uses:    []string{parsedSession.Name},
	}
}

func (logMessageUnrequested) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(ctx, s)
	if ss == nil || s.Era != sdk.EraModern {
		return nil
	}
	g := newGrouped()
	for _, m := range unrequestedLogs(ss) {
		g.add("", m.Index, "the server sent notifications/message "+wire.Quote(m.Bytes, 120)+" although no request in flight set io.modelcontextprotocol/logLevel in its _meta")
	}
	for _, b := range logsBelowLevel(ss) {
		g.add("below", b.msg.Index, fmt.Sprintf("the server sent a log message at level %q, %s, while the requests in flight asked for %q and above", b.level, wire.Quote(b.msg.Bytes, 120), b.asked))
	}
	g.report(report, "send log messages only while answering a request whose _meta has io.modelcontextprotocol/logLevel, at or above that level; otherwise log to stderr")
	return nil
}

// logLevels are the syslog levels of logging.mdx#log-levels, least severe
// first.
var logLevels = []string{"debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"}

// logScan walks the session's log messages with the log levels of the
// requests in flight (sent and not yet answered) when each came.
func logScan(ss *wire.Session, visit func(m *wire.Msg, asked []string)) {
	inFlight := map[*wire.Msg]string{} // requests that set a log level, until answered
	for _, m := range ss.Msgs {
		switch {
		case m.Dir == sdk.DirClientToServer && m.Kind == wire.Request && logLevel(m) != "":
			inFlight[m] = logLevel(m)
		case m.Dir == sdk.DirServerToClient && m.Kind == wire.Response && m.Pair != nil:
			delete(inFlight, m.Pair)
		case m.Dir == sdk.DirServerToClient && m.Kind == wire.Notification && m.Method == "notifications/message":
			asked := make([]string, 0, len(inFlight))
			for _, l := range inFlight {
				asked = append(asked, l)
			}
			visit(m, asked)
		}
	}
}

// unrequestedLogs are the notifications/message the server sent while no
// request in flight had set a log level.
func unrequestedLogs(ss *wire.Session) []*wire.Msg {
	var out []*wire.Msg
	logScan(ss, func(m *wire.Msg, asked []string) {
		if len(asked) == 0 {
			out = append(out, m)
		}
	})
	return out
}

// belowLevel is a log message less severe than every request in flight
// asked for.
type belowLevel struct {
	msg          *wire.Msg
	level, asked string
}

// logsBelowLevel are the log messages below the most permissive level the
// requests in flight set. Levels that are not syslog names are
// wire-schema's to report.
func logsBelowLevel(ss *wire.Session) []belowLevel {
	var out []belowLevel
	logScan(ss, func(m *wire.Msg, asked []string) {
		var p struct {
			Level string `json:"level"`
		}
		if !m.Params(&p) {
			return
		}
		rank := slices.Index(logLevels, p.Level)
		if rank < 0 {
			return
		}
		least := len(logLevels)
		for _, a := range asked {
			if r := slices.Index(logLevels, a); r >= 0 && r < least {
				least = r
			}
		}
		if least < len(logLevels) && rank < least {
			out = append(out, belowLevel{msg: m, level: p.Level, asked: logLevels[least]})
		}
	})
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
