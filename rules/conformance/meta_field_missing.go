package conformance

import (
	"context"
	"fmt"

	"github.com/mcplint/mcplint/rules/internal/wire"
	"github.com/mcplint/mcplint/sdk"
)

// metaFieldMissing reports a 2026-07-28 request that declared the
// session's protocol version but no client capabilities and was not
// rejected with -32602 (and 400 on HTTP). A request without a protocol
// version is not judged: a dual-era server reads it as a legacy request,
// and the versioning page leaves the code implementation-defined for a
// modern-only one (2026-07-28/basic/versioning.mdx, the Legacy client,
// Modern server row).
type metaFieldMissing struct{}

func (metaFieldMissing) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "meta-field-missing", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "A request missing a required _meta field is rejected with -32602 (400 on HTTP)",
		Doc:     doc("meta-field-missing"),
		Source:  "2026-07-28/basic/index.mdx#_meta",
		Era:     sdk.EraModern,
		Uses:    []string{parsedSession.Name},
	}
}

func (metaFieldMissing) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(ctx, s)
	if ss == nil {
		return nil
	}
	g := newGrouped()
	for _, m := range ss.Msgs {
		if m.Dir != sdk.DirClientToServer || m.Kind != wire.Request || m.Pair == nil {
			continue
		}
		v := modernVersionOf(m)
		if !lacksClientCapabilities(m) || (s.ProtocolVersion != "" && v != s.ProtocolVersion) {
			continue
		}
		problem := refusal(ss, m, "-32602")
		if problem == "" {
			continue
		}
		g.add(problem, m.Pair.Index, fmt.Sprintf("%s declaring protocol version %s but without %s in its _meta %s: %s",
			m.Method, v, metaClientCapabilities, problem, wire.Quote(m.Pair.Bytes, 160)))
	}
	g.report(report, `check the required _meta fields (io.modelcontextprotocol/protocolVersion, io.modelcontextprotocol/clientCapabilities) before serving any request, and reject one that lacks either with JSON-RPC error -32602 (Invalid params) and, on HTTP, 400 Bad Request`)
	return nil
}
