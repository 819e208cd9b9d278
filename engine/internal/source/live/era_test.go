package live

import (
	"context"
	"encoding/json"
	"slices"
	"testing"
	"time"

	"github.com/mcplint/mcplint/engine/internal/mcp"
	"github.com/mcplint/mcplint/engine/mcptest"
	"github.com/mcplint/mcplint/sdk"
)

// A server that starts in about the discover wait (3 s) is read in the era
// it serves whichever side of the wait its first answer falls, and its
// findings do not depend on it: a dual-era server that answered both
// server/discover and the initialize sent beside it is linted in a fresh
// process that is sent discover alone.
func TestEraOfSlowStarters(t *testing.T) {
	if testing.Short() {
		t.Skip("starts servers that take up to 5 s")
	}
	// The subtests run at once, so leftovers are looked for once all end.
	t.Cleanup(func() { mcptest.CheckNoLeftovers(t) })
	for _, kind := range []string{"legacy", "modern", "dual"} {
		for _, delay := range []string{"2.9s", "3s", "3.5s", "5s"} {
			t.Run(kind+"/"+delay, func(t *testing.T) {
				t.Parallel()
				tg := command(mcptest.Server(t, "slowstart"))
				tg.Env = map[string]string{"SLOWSTART_DELAY": delay, "SLOWSTART_ERA": kind}
				s, err := Load(context.Background(), tg, Options{Timeout: 10 * time.Second})
				if err != nil {
					t.Fatal(err)
				}
				checkSlowStarter(t, s, kind)
			})
		}
	}
}

// checkSlowStarter fails t unless s is the whole of a slowstart server of
// kind: its era, its one tool, no conformance finding, and no initialize
// in a modern session.
func checkSlowStarter(t *testing.T, s *sdk.Snapshot, kind string) {
	t.Helper()
	eras := map[string]string{"legacy": sdk.EraLegacy, "modern": sdk.EraModern, "dual": sdk.EraModern}
	if s.Era != eras[kind] || len(s.Tools) != 1 {
		t.Errorf("era %q with %d tools, want %q with 1", s.Era, len(s.Tools), eras[kind])
	}
	if names, issues := conformanceFindings(t, s); len(names) > 0 {
		t.Errorf("findings %q on a correct server: %+v", names, issues)
	}
	if s.Era == sdk.EraModern && slices.Contains(requestMethods(s.Transcript), mcp.MethodInitialize) {
		t.Errorf("the modern session's transcript holds an initialize: %q", requestMethods(s.Transcript))
	}
}

// requestMethods lists the methods of the client's requests in tr.
func requestMethods(tr *sdk.Transcript) []string {
	var out []string
	for _, r := range tr.Records {
		if r.Dir != sdk.DirClientToServer {
			continue
		}
		var m struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
		}
		if json.Unmarshal(r.Msg, &m) == nil && m.ID != nil {
			out = append(out, m.Method)
		}
	}
	return out
}
