package conformance

import (
	"context"
	"fmt"

	"github.com/mcplint/mcplint/rules/internal/wire"
	"github.com/mcplint/mcplint/sdk"
)

// requestBeforeInit reports a request other than ping that the server
// served with a result before any initialize request reached it. Requests
// that declare a modern protocol version in their _meta are left out: a
// dual-era server serves those without a handshake, as 2026-07-28 allows.
// The request-before-init probe (on by default) feeds it from a fresh
// server process. A Streamable HTTP server that assigns no MCP-Session-Id
// is left out too: without a session it cannot tell whose request came
// before initialize, and it reads a request without MCP-Protocol-Version
// as 2025-03-26, as the transport page says it SHOULD.
type requestBeforeInit struct{}

func (requestBeforeInit) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "request-before-init", Category: sdk.CategoryConformance, Severity: sdk.Warning, Default: true,
		Summary: "A handshake-era server refuses requests other than ping before initialize",
		Doc:     doc("request-before-init"),
		Source:  "2025-11-25/basic/lifecycle.mdx#initialization",
		Era:     sdk.EraLegacy,
		Uses:    []string{probedSessions.Name},
	}
}

// beforeInitAllowed are the requests a server may serve before initialize.
var beforeInitAllowed = map[string]bool{"initialize": true, "ping": true, "server/discover": true}

func (requestBeforeInit) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ps := parts(ctx, s)
	if sessionless(ps) {
		return nil
	}
	for _, p := range ps {
		for _, m := range p.Msgs {
			if m.Dir != sdk.DirClientToServer || m.Kind != wire.Request {
				continue
			}
			if m.Method == "initialize" {
				break
			}
			if beforeInitAllowed[m.Method] || modernVersionOf(m) != "" || m.Pair == nil || m.Pair.HasError() || !m.Pair.HasResult() {
				continue
			}
			p.at(report, m.Pair.Index, fmt.Sprintf("%s, sent before initialize, was served with %s", m.Method, wire.Quote(m.Pair.Bytes, 120)),
				"until initialize has been answered, refuse every request but ping with a JSON-RPC error (-32600, \"server not initialized\"); a client that skipped the handshake must fail, not be served under guessed settings")
		}
	}
	return nil
}

// sessionless reports whether the sessions are Streamable HTTP ones whose
// server never sent an MCP-Session-Id, in the main session or a probe's:
// a stateless server (2025-11-25/basic/transports.mdx#session-management:
// a server "MAY assign a session ID"). Stdio sessions are never
// sessionless.
func sessionless(ps []part) bool {
	http := false
	for _, p := range ps {
		for _, e := range httpEvents(p.Session) {
			if _, ok := e.Response["MCP-Session-Id"]; ok {
				return false
			}
			http = true
		}
	}
	return http
}
