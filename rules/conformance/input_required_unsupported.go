package conformance

import (
	"context"

	"github.com/mcplint/mcplint/rules/internal/wire"
	"github.com/mcplint/mcplint/sdk"
)

// inputRequiredUnsupported reports, in a 2026-07-28 session, an
// InputRequiredResult answering a request other than the three the
// multi round-trip pattern allows it on: a client retries only those
// with inputResponses, so on any other request the answer is a dead end.
type inputRequiredUnsupported struct{}

func (inputRequiredUnsupported) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "input-required-unsupported", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "Only prompts/get, resources/read and tools/call are answered with an InputRequiredResult",
		Doc:     doc("input-required-unsupported"),
		Source:  "2026-07-28/basic/patterns/mrtr.mdx#supported-requests",
		Era:     sdk.EraModern,
		Uses:    []string{parsedSession.Name},
	}
}

// inputRequiredRequests are the client requests on which a server may
// send an InputRequiredResult (2026-07-28/basic/patterns/mrtr.mdx,
// Supported Requests).
var inputRequiredRequests = map[string]bool{"prompts/get": true, "resources/read": true, "tools/call": true}

// inputRequiredMisplaced reports whether request m was answered with an
// InputRequiredResult it does not support.
func inputRequiredMisplaced(m *wire.Msg) bool {
	if m.Pair == nil || inputRequiredRequests[m.Method] {
		return false
	}
	var res struct {
		ResultType string `json:"resultType"`
	}
	return m.Pair.Result(&res) && res.ResultType == "input_required"
}

func (inputRequiredUnsupported) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(ctx, s)
	if ss == nil || s.Era != sdk.EraModern {
		return nil
	}
	g := newGrouped()
	for _, m := range ss.Msgs {
		if m.Dir != sdk.DirClientToServer || m.Kind != wire.Request || !inputRequiredMisplaced(m) {
			continue
		}
		g.add(m.Method, m.Pair.Index, m.Method+` was answered with an InputRequiredResult ("resultType": "input_required"), which servers must send only on prompts/get, resources/read and tools/call: `+wire.Quote(m.Pair.Bytes, 160))
	}
	g.report(report, `answer this request with its final result; ask the client for input (elicitation, sampling, roots) only while serving prompts/get, resources/read or tools/call, and refuse a request you cannot serve without it with an error`)
	return nil
}
