package probe

import (
	"context"
	"encoding/json"
	"time"

	"github.com/mcplint/mcplint/engine/internal/mcp"
	"github.com/mcplint/mcplint/engine/internal/session"
	"github.com/mcplint/mcplint/sdk"
)

// The 2026-07-28 stateless probes: each is one request sent beside the
// other in-session probes, so a default run pays no extra round trip.
const (
	// MissingMeta sends a server/discover that declares the session's
	// protocol version but no client capabilities (meta-field-missing).
	MissingMeta = "missing-meta"
	// UnknownResource reads a resource the server does not list, when it
	// declares resources (resource-not-found-code).
	UnknownResource = "unknown-resource"
)

// UnknownResourceURI is a URI no server lists: the scheme is mcplint's.
const UnknownResourceURI = "mcplint-probe:///no-such-resource"

// statelessProbes are the modern session's probes of the per-request
// fields and of the resource-not-found code, for Session to run beside
// its others.
func statelessProbes(ctx context.Context, c *mcp.Client, timeout time.Duration, b *batch) {
	// server/discover, which every modern server serves and whose refusal
	// no listing rule reads as a failed listing.
	b.add(ctx, MissingMeta, func() (begun, error) {
		return c.BeginWithout(mcp.MetaClientCapabilities, mcp.MethodDiscover, nil, timeout)
	})
	if listedResources(c.Transcript()) {
		b.add(ctx, UnknownResource, func() (begun, error) {
			return c.Begin("resources/read", map[string]any{"uri": UnknownResourceURI}, timeout)
		})
	}
}

// listedResources reports whether a resources/list of the session
// succeeded: the server declared resources and serves them.
func listedResources(tr *sdk.Transcript) bool {
	for _, x := range session.Exchanges(tr) {
		if x.Method == "resources/list" && x.Succeeded() && json.Valid(x.Result) {
			return true
		}
	}
	return false
}
