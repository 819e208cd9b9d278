package conformance

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/mcplint/mcplint/rules/internal/wire"
	"github.com/mcplint/mcplint/sdk"
)

// serverRequestUndeclared reports requests the server sends that the
// client did not declare it could serve: sampling, roots or elicitation
// without the capability (legacy), and any request at all on a modern
// stdio session, where servers must not send requests.
type serverRequestUndeclared struct{}

func (serverRequestUndeclared) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "server-request-undeclared", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "The server asks the client only for what the client declared it supports",
		Doc:     doc("server-request-undeclared"),
		Source:  "2025-11-25/basic/lifecycle.mdx#capability-negotiation",
	}
}

// capabilityFor is the client capability each server request needs.
var capabilityFor = map[string]string{
	"sampling/createMessage": "sampling",
	"roots/list":             "roots",
	"elicitation/create":     "elicitation",
}

func (serverRequestUndeclared) Check(_ context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(s)
	if ss == nil {
		return nil
	}
	declared := clientCapabilities(ss)
	for _, m := range fromServer(ss) {
		if m.Kind != wire.Request {
			continue
		}
		if s.Era == sdk.EraModern {
			at(report, m.Index, fmt.Sprintf("server sent a %s request on stdio, where a 2026-07-28 server must not send requests", m.Method),
				"ask the client through an InputRequiredResult (multi round-trip requests) instead of a server-to-client request")
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
