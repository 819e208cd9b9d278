package conformance

import (
	"context"
	"fmt"

	"github.com/mcplint/mcplint/sdk"
)

const defaultSlowMs = 1000

// slowResponse reports requests answered after more than max-ms
// milliseconds. The handshake (server/discover, initialize) is left out:
// its time includes starting the server. A request is timed from when it
// was sent or from the server's previous message, whichever is later, so a
// client that sends everything at once (a recorded session whose client
// piped its requests) does not charge the server's start-up, or its
// earlier answers, to the later requests.
type slowResponse struct {
	MaxMs float64 `json:"max-ms"`
}

func (*slowResponse) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "slow-response", Category: sdk.CategoryConformance, Severity: sdk.Warning, Default: false,
		Summary: "Requests are answered within a latency budget (max-ms, default 1000)",
		Doc:     doc("slow-response"),
		Source:  "2025-11-25/basic/lifecycle.mdx#timeouts",
		Uses:    []string{parsedSession.Name},
	}
}

// Configure reads max-ms.
func (r *slowResponse) Configure(decode func(any) error) error {
	if err := decode(r); err != nil {
		return err
	}
	if r.MaxMs <= 0 {
		return fmt.Errorf("max-ms must be a positive number of milliseconds, not %v", r.MaxMs)
	}
	return nil
}

func (r *slowResponse) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(ctx, s)
	if ss == nil {
		return nil
	}
	lastOut := map[int]float64{} // a response's index -> when the server last wrote before it
	prev := -1.0
	for _, m := range ss.Msgs {
		if m.Dir == sdk.DirServerToClient {
			lastOut[m.Index] = prev
			prev = m.TMs
		}
	}
	for _, m := range ss.Msgs {
		if m.Dir != sdk.DirClientToServer || m.Pair == nil || m.Method == "initialize" || m.Method == "server/discover" {
			continue
		}
		if d := m.Pair.TMs - max(m.TMs, lastOut[m.Pair.Index]); d > r.MaxMs {
			is := sdk.Issue{Tool: sdk.OwnerServer, Pointer: m.Pair.Pointer(),
				Message: fmt.Sprintf("%s took %.0f ms to answer, over the %.0f ms budget", m.Method, d, r.MaxMs),
				Fix:     "answer list and metadata requests from memory; move slow work (network, disk scans) out of the request path or behind a cache"}
			var p struct {
				Name string `json:"name"`
			}
			if m.Method == "tools/call" && m.Params(&p) && p.Name != "" {
				// Tool calls are measured too (--exercise makes them): a slow
				// tool stalls the model's turn.
				is.Tool = p.Name
				is.Message = fmt.Sprintf("tools/call of %q took %.0f ms to answer, over the %.0f ms budget", p.Name, d, r.MaxMs)
				is.Fix = "make the tool faster (cache, narrow the query, page the result); for work that must take long, send notifications/progress so clients keep waiting"
			}
			report(is)
		}
	}
	return nil
}
