package conformance

import (
	"context"
	"fmt"

	"github.com/mcplint/mcplint/rules/internal/wire"
	"github.com/mcplint/mcplint/sdk"
)

// batchEmitted reports JSON-RPC batches (arrays of messages) from the
// server. Only protocol version 2025-03-26 had batching; it was removed in
// 2025-06-18 and was never part of 2024-11-05.
type batchEmitted struct{}

func (batchEmitted) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "batch-emitted", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "The server sends single messages, not JSON-RPC batches",
		Doc:     doc("batch-emitted"),
		Source:  "2025-06-18/changelog.mdx",
		Uses:    []string{parsedSession.Name},
	}
}

func (batchEmitted) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(ctx, s)
	if ss == nil || s.ProtocolVersion == "2025-03-26" {
		return nil
	}
	for _, m := range fromServer(ss) {
		if m.Kind == wire.Batch {
			version := s.ProtocolVersion
			if version == "" {
				version = "this session's"
			}
			at(report, m.Index, fmt.Sprintf("server sent a JSON-RPC batch, which protocol version %s does not allow: %s", version, wire.Quote(m.Bytes, 120)),
				"write each response or notification as its own line")
		}
	}
	return nil
}
