package conformance

import (
	"context"
	"fmt"

	"github.com/mcplint/mcplint/rules/internal/wire"
	"github.com/mcplint/mcplint/sdk"
)

// discoverMissing reports a modern server whose answer to server/discover
// is an error other than UnsupportedProtocolVersion (-32022, the answer to
// a version it does not serve), or a result that is not a DiscoverResult.
type discoverMissing struct{}

func (discoverMissing) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "discover-missing", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "A modern server implements server/discover",
		Doc:     doc("discover-missing"),
		Source:  "2026-07-28/server/discover.mdx",
		Era:     sdk.EraModern,
		Uses:    []string{parsedSession.Name},
	}
}

func (discoverMissing) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(ctx, s)
	if ss == nil {
		return nil
	}
	const fix = `implement server/discover: answer it with {"supportedVersions": [...], "capabilities": {...}} and your serverInfo in _meta, before and beside every other request`
	for _, m := range ss.Msgs {
		if m.Dir != sdk.DirClientToServer || m.Kind != wire.Request || m.Method != "server/discover" || m.Pair == nil {
			continue
		}
		if m.Pair.HasError() {
			// -32022 refuses a version, -32602 a request without client
			// capabilities (the missing-meta probe): both are right.
			if code := errorCode(m.Pair); code != "-32022" && (code != "-32602" || !lacksClientCapabilities(m)) {
				at(report, m.Pair.Index, "server/discover was refused with "+wire.Quote(m.Pair.Bytes, 120), fix)
			}
			continue
		}
		var res struct {
			SupportedVersions []string `json:"supportedVersions"`
		}
		if !m.Pair.Result(&res) || res.SupportedVersions == nil {
			at(report, m.Pair.Index, fmt.Sprintf("server/discover was answered with %s, which is not a DiscoverResult (no supportedVersions list of strings)", wire.Quote(m.Pair.Bytes, 120)), fix)
		}
	}
	return nil
}
