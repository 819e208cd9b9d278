package conformance

import (
	"context"
	"fmt"
	"strings"

	"github.com/mcplint/mcplint/rules/internal/wire"
	"github.com/mcplint/mcplint/sdk"
)

// serverExited reports a server that exited, or closed stdout, while the
// client was still talking to it (before the client closed its stdin), and
// one that failed (a non-zero status, or a signal the client did not send)
// with requests still unanswered, even after stdin closed: a recorded
// session whose client piped its requests and closed stdin at once shows a
// crash only that way.
type serverExited struct{}

func (serverExited) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "server-exited", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "The server stays up until the client ends the session",
		Doc:     doc("server-exited"),
		Source:  "2025-11-25/basic/lifecycle.mdx#shutdown",
		Uses:    []string{parsedSession.Name},
	}
}

func (serverExited) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(ctx, s)
	if ss == nil {
		return nil
	}
	stdinClosed, signaled := false, false
	for k, e := range ss.Events {
		switch e.Kind {
		case sdk.EventStdinClosed:
			stdinClosed = true
		case sdk.EventSignal:
			signaled = true
		case sdk.EventExit, sdk.EventStdoutClosed:
			// Closing stdout usually comes just before the exit: judge and
			// describe the two together, by the exit when there is one.
			if e.Kind == sdk.EventStdoutClosed {
				for _, later := range ss.Events[k+1:] {
					if later.Kind == sdk.EventExit {
						e = later
						break
					}
				}
			}
			pending := unanswered(s, ss, e.Index)
			failed := e.Kind == sdk.EventExit && !signaled && (e.Code == nil || *e.Code != 0)
			if stdinClosed && !(failed && len(pending) > 0) {
				return nil // the client ended the session: what follows is expected
			}
			what := "closed its stdout"
			if e.Kind == sdk.EventExit {
				what = "exited"
				if e.Code != nil {
					what = fmt.Sprintf("exited with status %d", *e.Code)
				} else if e.Detail != "" {
					what = "exited (" + e.Detail + ")"
				}
			}
			// When, in milliseconds, is in the record the pointer names:
			// the message, by which a baseline knows the issue, must not
			// change with the machine's speed.
			msg := fmt.Sprintf("server %s in the middle of the session", what)
			if len(pending) > 0 {
				msg += ", with " + strings.Join(pending, ", ") + " unanswered"
			}
			if tail := stderrTail(s.Transcript, e.Index, 5); tail != "" {
				msg += "; its last stderr lines:\n" + tail
			}
			at(report, e.Index, msg, "keep serving until the client closes stdin, and answer what it already sent; catch and log errors to stderr instead of exiting")
			return nil
		}
	}
	return nil
}

// unanswered lists the client requests sent before record index that got
// no answer, as "tools/list (id 2)". A legacy server may leave the modern
// server/discover probe unanswered: that one does not count.
func unanswered(s *sdk.Snapshot, ss *wire.Session, before int) []string {
	var out []string
	for _, m := range ss.Msgs {
		if m.Index >= before {
			break
		}
		if m.Method == "server/discover" && s.Era == sdk.EraLegacy {
			continue
		}
		if m.Dir == sdk.DirClientToServer && m.Kind == wire.Request && (m.Pair == nil || m.Pair.Index > before) {
			out = append(out, fmt.Sprintf("%s (id %s)", m.Method, m.ID))
		}
	}
	return out
}

// stderrTail is the last n stderr lines recorded before record index.
func stderrTail(tr *sdk.Transcript, before, n int) string {
	var lines []string
	for i := before - 1; i >= 0 && len(lines) < n; i-- {
		if r := tr.Records[i]; r.Dir == sdk.DirStderr && strings.TrimSpace(r.Raw) != "" {
			lines = append(lines, strings.TrimRight(r.Raw, "\r\n"))
		}
	}
	for i, j := 0, len(lines)-1; i < j; i, j = i+1, j-1 {
		lines[i], lines[j] = lines[j], lines[i]
	}
	return strings.Join(lines, "\n")
}
