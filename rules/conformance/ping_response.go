package conformance

import (
	"context"
	"encoding/json"

	"github.com/mcplint/mcplint/rules/internal/wire"
	"github.com/mcplint/mcplint/sdk"
)

// pingResponse reports a ping answered with an error or with a result that
// is not an object.
type pingResponse struct{}

func (pingResponse) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "ping-response", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "ping is answered promptly with an empty result",
		Doc:     doc("ping-response"),
		Source:  "2025-11-25/basic/utilities/ping.mdx",
		Era:     sdk.EraLegacy,
		Uses:    []string{parsedSession.Name},
	}
}

func (pingResponse) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(ctx, s)
	if ss == nil {
		return nil
	}
	for _, m := range ss.Msgs {
		if m.Dir != sdk.DirClientToServer || m.Method != "ping" || m.Pair == nil {
			continue
		}
		var res map[string]json.RawMessage
		if m.Pair.HasError() || !m.Pair.Result(&res) || res == nil {
			at(report, m.Pair.Index, "ping was answered with "+wire.Quote(m.Pair.Bytes, 120)+" instead of an empty result",
				`answer ping with {"jsonrpc": "2.0", "id": <the ping's id>, "result": {}} at any time, even before initialize`)
		}
	}
	return nil
}
