package engine

import (
	"net/http/httptest"
	"testing"

	"github.com/mcplint/mcplint/engine/mcptest"
	"github.com/mcplint/mcplint/sdk"
)

// TestStatelessHTTPFixtures lints the raw modern HTTP server breaking the
// per-request checks of 2026-07-28 one at a time: serving a request whose
// _meta lacks client capabilities, refusing it with -32602 but not 400,
// and acting on a tools/call whose Mcp-Name differs from its body. The
// correct server gets none of these rules.
func TestStatelessHTTPFixtures(t *testing.T) {
	rules := []string{"meta-field-missing", "http-name-mismatch", "discover-missing"}
	for brk, want := range map[string]string{
		"":                  "",
		"meta-field":        "meta-field-missing",
		"meta-field-status": "meta-field-missing",
		"name-mismatch":     "http-name-mismatch",
	} {
		t.Run("break="+brk, func(t *testing.T) {
			srv := httptest.NewServer(&rawHTTPServer{modern: true, brk: brk, sessions: map[string]bool{}})
			defer srv.Close()
			tg := lintURL(t, srv.URL+"/mcp")
			mcptest.CheckOnly(t, tg, rules, want, sdk.Info)
		})
	}
}
