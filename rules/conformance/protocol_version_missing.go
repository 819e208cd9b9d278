package conformance

import (
	"context"
	"encoding/json"

	"github.com/mcplint/mcplint/rules/internal/wire"
	"github.com/mcplint/mcplint/sdk"
)

// protocolVersionMissing reports a handshake answer that does not say
// which protocol version the server speaks.
type protocolVersionMissing struct{}

func (protocolVersionMissing) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "protocol-version-missing", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "The handshake answer names the protocol version (or versions) the server speaks",
		Doc:     doc("protocol-version-missing"),
		Source:  "2025-11-25/basic/lifecycle.mdx#version-negotiation",
		Uses:    []string{parsedSession.Name},
	}
}

func (protocolVersionMissing) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(ctx, s)
	if ss == nil {
		return nil
	}
	h := openingAnswer(s, ss)
	if h == nil || h.Obj == nil {
		return nil
	}
	if h.Modern {
		var versions []string
		raw, ok := h.Obj["supportedVersions"]
		if !ok || json.Unmarshal(raw, &versions) != nil || len(versions) == 0 {
			at(report, h.Resp.Index, "server/discover answer lists no supportedVersions: "+wire.Quote(h.Resp.Bytes, 160),
				`add "supportedVersions": ["2026-07-28"] with every version the server speaks`)
		}
		return nil
	}
	var v string
	if raw, ok := h.Obj["protocolVersion"]; !ok || json.Unmarshal(raw, &v) != nil || v == "" {
		at(report, h.Resp.Index, "initialize answer has no protocolVersion string: "+wire.Quote(h.Resp.Bytes, 160),
			`add "protocolVersion": the client's version when you support it, else the latest you do (e.g. "2025-11-25")`)
	}
	return nil
}
