package conformance

import (
	"context"
	"fmt"

	"github.com/mcplint/mcplint/rules/internal/wire"
	"github.com/mcplint/mcplint/sdk"
)

// httpNameMismatch: a modern request whose Mcp-Name header differs from
// the name in its body is rejected with 400 and -32020. Judged only for a
// server that declares tools, since the probe is a tools/call.
type httpNameMismatch struct{}

func (httpNameMismatch) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "http-name-mismatch", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "A request whose Mcp-Name header differs from its body is rejected with 400 and HeaderMismatch (-32020)",
		Doc:     doc("http-name-mismatch"),
		Source:  "2026-07-28/basic/transports/streamable-http.mdx#server-validation",
		Era:     sdk.EraModern,
		Uses:    []string{parsedSession.Name},
	}
}

func (httpNameMismatch) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss, evs := exchanges(ctx, s)
	e, ok := probeEvent(evs, sdk.HTTPPurposeNameMismatch)
	if !ok || !declaresTools(ss) {
		return nil
	}
	const fix = "compare Mcp-Name with params.name (tools/call, prompts/get) or params.uri (resources/read) before acting on either, and reject a request where they differ with 400 Bad Request and error code -32020 (HeaderMismatch)"
	code, isErr := bodyErrorCode(e.Body)
	switch {
	case e.Status != 400:
		at(report, e.Index, "a "+e.Probe+" was answered "+status(e)+", not 400: a proxy routing on the header and the server acting on the body disagree about which tool runs", fix)
	case !isErr || code != -32020:
		got := "no JSON-RPC error"
		if isErr {
			got = fmt.Sprintf("error code %d", code)
		}
		at(report, e.Index, "a "+e.Probe+" was refused with 400 but "+got+", not HeaderMismatch (-32020)", fix)
	}
	return nil
}

// declaresTools reports whether the session's server/discover answer
// declared the tools capability.
func declaresTools(ss *wire.Session) bool {
	if ss.Discover == nil || ss.Discover.Pair == nil {
		return false
	}
	var res struct {
		Capabilities map[string]any `json:"capabilities"`
	}
	if !ss.Discover.Pair.Result(&res) {
		return false
	}
	_, ok := res.Capabilities["tools"]
	return ok
}
