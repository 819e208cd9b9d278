package live

import (
	"bytes"
	"slices"
	"testing"
	"time"

	"github.com/mcplint/mcplint/engine/internal/exercise"
	"github.com/mcplint/mcplint/engine/internal/probe"
	"github.com/mcplint/mcplint/engine/internal/target"
	"github.com/mcplint/mcplint/engine/mcptest"
	"github.com/mcplint/mcplint/rules/conformance"
	"github.com/mcplint/mcplint/sdk"
	"github.com/mcplint/mcplint/sdk/linttest"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Each of these fixtures breaks one requirement that a conformance rule
// reads from the session, and nothing else.
func TestSessionFixturesBreakTheirRule(t *testing.T) {
	tests := []struct {
		server string
		want   []string
	}{
		{"noresulttype", []string{"result-type-missing"}},
		{"badcache", []string{"cache-hint-invalid"}},
		{"unaskedlog", []string{"log-message-unrequested"}},
		{"stdiorequest", []string{"stdio-server-request"}},
		{"deprecated", []string{"deprecated-feature"}},
		{"badschema", []string{"wire-schema"}},
	}
	for _, tt := range tests {
		t.Run(tt.server, func(t *testing.T) {
			s, err := load(t, command(mcptest.Server(t, tt.server)), Options{Timeout: 10 * time.Second, DiscoverTimeout: 300 * time.Millisecond})
			if err != nil {
				t.Fatal(err)
			}
			got, issues := conformanceFindings(t, s)
			if !slices.Equal(got, tt.want) {
				t.Errorf("rules that reported: %q, want %q; issues: %+v", got, tt.want, issues)
			}
		})
	}
}

// wireRule is the wire-schema rule, found by name so that the test reads
// the registry the engine runs.
func wireRule(t *testing.T) sdk.Rule {
	for _, r := range conformance.Rules() {
		if r.Meta().Name == "wire-schema" {
			return r
		}
	}
	t.Fatal("no wire-schema rule")
	return nil
}

// Every message that real servers, the Go SDK fixtures of both eras (in
// every protocol version the SDK speaks) and the example server send
// validates against the official schema of the session's version. Read-only
// tools are called too, so tool results and their notifications are
// checked, not only the lists.
func TestRealServersMatchTheOfficialSchema(t *testing.T) {
	type server struct {
		name    string
		target  func(t testing.TB) target.Target
		version string
	}
	fixture := func(name string, args ...string) func(t testing.TB) target.Target {
		return func(t testing.TB) target.Target {
			return command(append([]string{mcptest.Server(t, name)}, args...)...)
		}
	}
	servers := []server{
		{"go-sdk-modern", fixture("modern"), "2026-07-28"},
		{"go-sdk-legacy", fixture("legacy"), "2025-11-25"},
		{"go-sdk-2025-06-18", fixture("legacy", "2025-06-18"), "2025-06-18"},
		{"go-sdk-2025-03-26", fixture("legacy", "2025-03-26"), "2025-03-26"},
		{"go-sdk-2024-11-05", fixture("legacy", "2024-11-05"), "2024-11-05"},
		{"weather", fixture("weather"), "2025-11-25"},
	}
	for _, n := range npmServers {
		servers = append(servers, server{"npm-" + n.name, n.target, ""})
	}
	rule := wireRule(t)
	for _, sv := range servers {
		t.Run(sv.name, func(t *testing.T) {
			s, err := load(t, sv.target(t), Options{Timeout: 10 * time.Second, Probes: probe.All, Exercise: exercise.Options{Mode: exercise.ModeReadOnly, Timeout: 2 * time.Second}})
			if err != nil {
				t.Fatal(err)
			}
			if sv.version != "" && s.ProtocolVersion != sv.version {
				t.Fatalf("the session spoke %s, want %s", s.ProtocolVersion, sv.version)
			}
			got, err := linttest.Check(rule, s)
			if err != nil {
				t.Fatal(err)
			}
			for _, g := range got {
				t.Errorf("%s: %s", g.Pointer, g.Message)
			}
			messages, calls := 0, 0
			for _, r := range s.Transcript.Records {
				if r.Dir == sdk.DirServerToClient {
					messages++
				}
				if r.Dir == sdk.DirClientToServer && bytes.Contains(r.Msg, []byte(`"tools/call"`)) {
					calls++
				}
			}
			t.Logf("%s %s: %d server messages validated, %d tool calls", s.Era, s.ProtocolVersion, messages, calls)
			if messages < 5 {
				t.Errorf("only %d server messages: the session validated next to nothing", messages)
			}
		})
	}
}

// The Go SDK over Streamable HTTP, in both eras, validates too: the
// messages of a response body are the same messages as on stdio.
func TestHTTPSessionsMatchTheOfficialSchema(t *testing.T) {
	rule := wireRule(t)
	for _, tc := range []struct {
		name     string
		versions []string
		opts     *mcp.StreamableHTTPOptions
		version  string
	}{
		{"legacy SSE", []string{"2025-11-25"}, nil, "2025-11-25"},
		{"legacy JSON", []string{"2025-06-18"}, &mcp.StreamableHTTPOptions{JSONResponse: true}, "2025-06-18"},
		{"modern", []string{"2026-07-28"}, &mcp.StreamableHTTPOptions{Stateless: true}, "2026-07-28"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := load(t, remote(goSDKServer(t, tc.versions, tc.opts)), Options{Timeout: 10 * time.Second, Probes: probe.All,
				Exercise: exercise.Options{Mode: exercise.ModeAll, Timeout: 2 * time.Second}})
			if err != nil {
				t.Fatal(err)
			}
			if s.ProtocolVersion != tc.version {
				t.Fatalf("the session spoke %s, want %s", s.ProtocolVersion, tc.version)
			}
			got, err := linttest.Check(rule, s)
			if err != nil {
				t.Fatal(err)
			}
			for _, g := range got {
				t.Errorf("%s: %s", g.Pointer, g.Message)
			}
		})
	}
}
