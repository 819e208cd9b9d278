package conformance

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/mcplint/mcplint/rules/internal/wire"
	"github.com/mcplint/mcplint/sdk"
)

// serverRequestUndeclared reports requests a handshake-era server sends
// that the client did not declare it could serve: sampling, roots or
// elicitation without the capability. (A 2026-07-28 stdio server must not
// send requests at all: stdio-server-request.)
type serverRequestUndeclared struct{}

func (serverRequestUndeclared) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "server-request-undeclared", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "The server asks the client only for what the client declared it supports",
		Doc:     doc("server-request-undeclared"),
		Source:  "2025-11-25/basic/lifecycle.mdx#capability-negotiation",
		Era:     sdk.EraLegacy,
		Since:   "2025-06-18",
		Uses:    []string{parsedSession.Name},
	}
}

// capabilityFor is the client capability each server request needs.
var capabilityFor = map[string]string{
	"sampling/createMessage": "sampling",
	"roots/list":             "roots",
	"elicitation/create":     "elicitation",
}

func (serverRequestUndeclared) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(ctx, s)
	if ss == nil || s.Era != sdk.EraLegacy {
		return nil
	}
	declared := clientCapabilities(ss)
	for _, m := range fromServer(ss) {
		if m.Kind != wire.Request {
			continue
		}
		cap, ok := capabilityFor[m.Method]
		if !ok || declared[cap] {
			continue
		}
		at(report, m.Index, fmt.Sprintf("server sent %s but the client did not declare the %q capability", m.Method, cap),
			fmt.Sprintf("check the client's capabilities from initialize before sending %s, and do without it when %q is absent", m.Method, cap))
	}
	return nil
}

// clientCapabilities are the capabilities the client declared in
// initialize.
func clientCapabilities(ss *wire.Session) map[string]bool {
	out := map[string]bool{}
	if ss.Initialize == nil {
		return out
	}
	var p struct {
		Capabilities map[string]json.RawMessage `json:"capabilities"`
	}
	ss.Initialize.Params(&p)
	for k := range p.Capabilities {
		out[k] = true
	}
	return out
}
