package live

import (
	"slices"
	"testing"
	"time"

	"github.com/mcplint/mcplint/engine/internal/probe"
)

// npmExpected are the conformance findings the reference servers earn, each
// a real violation: the TypeScript SDK serves requests that arrive before
// initialize, where 2025-11-25/basic/lifecycle.mdx says "The
// initialization phase MUST be the first interaction between client and
// server."
// The reference server lists get-roots-list only for a client that
// declares roots, which is information (capability-gated-tools).
var npmExpected = []string{"request-before-init", "capability-gated-tools"}

// TestNPMServersConformance lints the reference servers with every probe:
// any conformance finding other than npmExpected is a false alarm to fix in
// the rule or the probe.
func TestNPMServersConformance(t *testing.T) {
	for _, n := range npmServers {
		t.Run(n.name, func(t *testing.T) {
			s, err := load(t, n.target(t), Options{Timeout: 30 * time.Second, Probes: probe.All})
			if err != nil {
				t.Fatal(err)
			}
			if len(s.Transcript.Probes) != 2 {
				t.Errorf("%d probe transcripts, want the fresh process's and the other client's", len(s.Transcript.Probes))
			}
			names, issues := conformanceFindings(t, s)
			for _, name := range names {
				if !slices.Contains(npmExpected, name) {
					t.Errorf("unexpected %s finding on a reference server: %+v", name, issues)
				}
			}
			for _, is := range issues {
				t.Logf("%s: %s", is.Pointer, is.Message)
			}
		})
	}
}
