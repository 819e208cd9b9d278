package live

import (
	"slices"
	"sort"
	"testing"
	"time"

	"github.com/mcplint/mcplint/engine/mcp/mcptest"
	"github.com/mcplint/mcplint/engine/probe"
	"github.com/mcplint/mcplint/rules/conformance"
	"github.com/mcplint/mcplint/sdk"
	"github.com/mcplint/mcplint/sdk/linttest"
)

// conformanceFindings runs every conformance rule that applies to s's era
// and returns the names of the rules that reported, sorted, once each.
func conformanceFindings(t *testing.T, s *sdk.Snapshot) (names []string, issues []linttest.Expected) {
	t.Helper()
	for _, r := range conformance.Rules() {
		m := r.Meta()
		if m.Era != "" && m.Era != s.Era {
			continue
		}
		got, err := linttest.Check(r, s)
		if err != nil {
			t.Fatalf("%s: %v", m.Name, err)
		}
		if len(got) > 0 {
			names = append(names, m.Name)
		}
		issues = append(issues, got...)
	}
	sort.Strings(names)
	return names, issues
}

// Each probe fixture breaks exactly the rule its probe feeds, and the
// correct servers of both eras pass every rule with every probe.
func TestProbesFeedTheirRules(t *testing.T) {
	tests := []struct {
		server string
		set    probe.Set
		want   []string
	}{
		{"legacy", probe.All, nil},
		{"modern", probe.All, nil},
		{"legacy", probe.Default, nil},
		{"modern", probe.Default, nil},
		{"preinit", probe.All, []string{"request-before-init"}},
		{"preinit", probe.Default, nil},
		{"echoversion", probe.All, []string{"version-negotiation"}},
		{"badping", probe.Default, []string{"ping-response"}},
		{"badunknown", probe.Default, []string{"unknown-method-code"}},
		{"toolsucceeds", probe.Default, []string{"unknown-tool-error"}},
		{"anyversion", probe.Default, []string{"unsupported-version-error"}},
		{"nodiscover", probe.Default, []string{"discover-missing"}},
		{"noshutdown", probe.Default, []string{"shutdown-on-stdin-close"}},
		{"banner", probe.Default, []string{"stdout-pollution"}},
		// Without probes nothing asks the questions.
		{"preinit", probe.None, nil},
		{"badping", probe.None, nil},
		{"anyversion", probe.None, nil},
	}
	for _, tt := range tests {
		t.Run(tt.server+"/"+tt.set.String(), func(t *testing.T) {
			s, err := load(t, command(mcptest.Server(t, tt.server)), Options{Timeout: 10 * time.Second, DiscoverTimeout: 300 * time.Millisecond, Probes: tt.set})
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

// Every probe's messages follow an EventProbe naming it, and the fresh
// process's transcript is kept apart from the main session's.
func TestProbesAreMarked(t *testing.T) {
	s, err := load(t, command(mcptest.Server(t, "legacy")), Options{Probes: probe.All})
	if err != nil {
		t.Fatal(err)
	}
	var marked []string
	for _, r := range s.Transcript.Records {
		if r.Event != nil && r.Event.Kind == sdk.EventProbe {
			marked = append(marked, r.Event.Detail)
		}
	}
	sort.Strings(marked)
	if want := []string{probe.InitializedWait, probe.Notification, probe.Ping, probe.UnknownMethod, probe.UnknownTool}; !slices.Equal(marked, want) {
		t.Errorf("probes marked in the main transcript: %q, want %q", marked, want)
	}
	if len(s.Transcript.Probes) != 1 {
		t.Fatalf("%d probe transcripts, want the fresh process's", len(s.Transcript.Probes))
	}
	first := s.Transcript.Probes[0].Records[0]
	if d, err := load(t, command(mcptest.Server(t, "legacy")), Options{Probes: probe.Default}); err != nil || len(d.Transcript.Probes) != 0 {
		t.Errorf("the default probes started another process (%v)", err)
	}
	if first.Event == nil || first.Event.Kind != sdk.EventProbe || first.Event.Detail != probe.RequestBeforeInit {
		t.Errorf("the fresh process's transcript starts with %+v", first)
	}
}
