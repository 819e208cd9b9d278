package conformance

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/mcplint/mcplint/sdk"
)

// LegacyVersions are the protocol versions negotiated with initialize.
var LegacyVersions = []string{"2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"}

// versionNegotiation reports an initialize answer whose protocolVersion is
// neither the one the client asked for nor a published version the client
// could fall back to: echoing an unknown version, or inventing one. It
// reads the probe transcripts too: the request-before-init probe asks a
// fresh process for an unsupported version.
type versionNegotiation struct{}

func (versionNegotiation) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "version-negotiation", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "The server answers initialize with the client's version or another published version it supports",
		Doc:     doc("version-negotiation"),
		Source:  "2025-11-25/basic/lifecycle.mdx#version-negotiation",
		Era:     sdk.EraLegacy,
		Uses:    []string{probedSessions.Name},
	}
}

func (versionNegotiation) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	for _, p := range parts(ctx, s) {
		checkNegotiations(p, report)
	}
	return nil
}

// checkNegotiations judges every initialize exchange of one session.
func checkNegotiations(p part, report func(sdk.Issue)) {
	for _, m := range p.Msgs {
		if m.Dir != sdk.DirClientToServer || m.Method != "initialize" || m.Pair == nil || m.Pair.HasError() {
			continue
		}
		var asked, got struct {
			ProtocolVersion string `json:"protocolVersion"`
		}
		m.Params(&asked)
		if !m.Pair.Result(&got) || got.ProtocolVersion == "" {
			continue // protocol-version-missing
		}
		if got.ProtocolVersion == asked.ProtocolVersion && slices.Contains(LegacyVersions, asked.ProtocolVersion) {
			continue
		}
		if got.ProtocolVersion != asked.ProtocolVersion && slices.Contains(LegacyVersions, got.ProtocolVersion) {
			continue
		}
		msg := fmt.Sprintf("client asked for %q and the server answered %q, which is not a published protocol version", asked.ProtocolVersion, got.ProtocolVersion)
		if got.ProtocolVersion == asked.ProtocolVersion {
			msg = fmt.Sprintf("client asked for the unsupported version %q and the server echoed it back instead of offering one it supports", asked.ProtocolVersion)
		}
		p.at(report, m.Pair.Index, msg,
			"answer with the client's version when you support it; otherwise with the latest version you do support, one of "+strings.Join(LegacyVersions, ", "))
	}
}
