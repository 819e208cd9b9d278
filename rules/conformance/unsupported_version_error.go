package conformance

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/mcplint/mcplint/rules/internal/wire"
	"github.com/mcplint/mcplint/sdk"
)

// unsupportedVersionError reports a modern request declaring a protocol
// version the server does not support that was not refused with
// UnsupportedProtocolVersion (-32022) listing the supported versions in
// data.supported. What the server supports is what its server/discover
// answer listed; without one, a version is unsupported when it is neither
// a published revision nor the version the session spoke.
type unsupportedVersionError struct{}

func (unsupportedVersionError) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "unsupported-version-error", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "A request in an unsupported protocol version gets -32022 with data.supported",
		Doc:     doc("unsupported-version-error"),
		Source:  "2026-07-28/basic/versioning.mdx#protocol-version-negotiation",
		Era:     sdk.EraModern,
		Uses:    []string{parsedSession.Name},
	}
}

func (unsupportedVersionError) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(ctx, s)
	if ss == nil {
		return nil
	}
	supported := supportedVersions(ss)
	unsupported := func(v string) bool {
		if supported != nil {
			return !slices.Contains(supported, v)
		}
		return v != s.ProtocolVersion && v != "2026-07-28" && !slices.Contains(LegacyVersions, v)
	}
	for _, m := range ss.Msgs {
		if m.Dir != sdk.DirClientToServer || m.Kind != wire.Request || m.Pair == nil {
			continue
		}
		v := modernVersionOf(m)
		if v == "" || !unsupported(v) {
			continue
		}
		var problem string
		switch code := errorCode(m.Pair); {
		case !m.Pair.HasError():
			problem = "was served"
		case code != "-32022":
			problem = "was refused with code " + code + " instead of -32022"
		default:
			var e struct {
				Data struct {
					Supported []string `json:"supported"`
				} `json:"data"`
			}
			if json.Unmarshal(m.Pair.Obj["error"], &e) == nil && e.Data.Supported != nil {
				continue
			}
			problem = "was refused with -32022 but without data.supported, the list of versions the server does support"
		}
		at(report, m.Pair.Index, fmt.Sprintf("%s declaring the unsupported protocol version %q %s: %s", m.Method, v, problem, wire.Quote(m.Pair.Bytes, 160)),
			`refuse a request whose _meta protocolVersion you do not support with {"code": -32022, "message": "Unsupported protocol version", "data": {"supported": [<your versions>], "requested": "<theirs>"}}, whatever its method`)
	}
	return nil
}

// supportedVersions is the supportedVersions list of the session's first
// successful server/discover answer; nil when there is none.
func supportedVersions(ss *wire.Session) []string {
	for _, m := range ss.Msgs {
		if m.Dir != sdk.DirClientToServer || m.Method != "server/discover" || m.Pair == nil || m.Pair.HasError() {
			continue
		}
		var res struct {
			SupportedVersions []string `json:"supportedVersions"`
		}
		if m.Pair.Result(&res) && res.SupportedVersions != nil {
			return res.SupportedVersions
		}
	}
	return nil
}
