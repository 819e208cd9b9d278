package conformance

import (
	"context"
	"fmt"

	"github.com/mcplint/mcplint/rules/internal/wire"
	"github.com/mcplint/mcplint/sdk"
)

// stdioServerRequest reports JSON-RPC requests a 2026-07-28 server wrote
// to stdout: that revision replaced server-to-client requests with
// InputRequiredResult answers (multi round-trip requests), and a modern
// client on stdio no longer answers requests. Sessions over HTTP are not
// its business.
type stdioServerRequest struct{}

func (stdioServerRequest) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "stdio-server-request", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "A 2026-07-28 stdio server writes no JSON-RPC requests to stdout",
		Doc:     doc("stdio-server-request"),
		Source:  "2026-07-28/basic/transports/stdio.mdx#receiving-messages",
		Era:     sdk.EraModern,
		Uses:    []string{parsedSession.Name},
	}
}

func (stdioServerRequest) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(ctx, s)
	if ss == nil || s.Era != sdk.EraModern || overHTTP(ss) {
		return nil
	}
	g := newGrouped()
	for _, m := range fromServer(ss) {
		if m.Kind != wire.Request {
			continue
		}
		g.add(m.Method, m.Index, fmt.Sprintf("the server wrote a %s request to stdout, where a 2026-07-28 server must not write JSON-RPC requests", m.Method))
	}
	g.report(report, `answer the client's request with {"resultType": "input_required", "inputRequests": {…}} naming what you need (multi round-trip requests), and read the client's inputResponses on its retry`)
	return nil
}

// overHTTP reports a session held over Streamable HTTP: its transcript has
// HTTP exchanges.
func overHTTP(ss *wire.Session) bool {
	for _, e := range ss.Events {
		if e.Kind == sdk.EventHTTP || e.Kind == sdk.EventSSE {
			return true
		}
	}
	return false
}
