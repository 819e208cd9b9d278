package live

import (
	"context"
	"encoding/json"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/mcplint/mcplint/engine/internal/probe"
	"github.com/mcplint/mcplint/engine/mcptest"
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
		// The default probes run request-before-init in a second process.
		{"preinit", probe.Default, []string{"request-before-init"}},
		{"echoversion", probe.Default, []string{"version-negotiation"}},
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
	// The legacy fixture declares logging, two prompts that require an
	// argument, three resources and a template (the feature probes).
	if want := []string{probe.InitializedWait, probe.SetLevel, probe.Notification, probe.Ping, probe.PromptGet, probe.PromptGet,
		probe.PromptMissingArgument, probe.ResourceRead, probe.ResourceRead, probe.ResourceRead, probe.TemplateRead,
		probe.UnknownMethod, probe.UnknownTool}; !slices.Equal(marked, want) {
		t.Errorf("probes marked in the main transcript: %q, want %q", marked, want)
	}
	if len(s.Transcript.Probes) != 2 {
		t.Fatalf("%d probe transcripts, want the fresh process's and the other client's", len(s.Transcript.Probes))
	}
	var firsts []string
	for _, tr := range s.Transcript.Probes {
		for _, r := range tr.Records {
			if r.Event != nil && r.Event.Kind == sdk.EventProbe {
				firsts = append(firsts, r.Event.Detail)
			}
		}
	}
	if want := []string{probe.RequestBeforeInit, probe.SecondSession, probe.ClientIdentity}; !slices.Equal(firsts, want) {
		t.Errorf("probes marked in the probe processes: %q, want %q", firsts, want)
	}
	if len(s.Relisted) != 2 || len(s.Relisted[0].Tools) != len(s.Tools) || s.Relisted[1].Client != probe.OtherClientName {
		t.Errorf("relisted %+v", s.Relisted)
	}
	d, err := load(t, command(mcptest.Server(t, "legacy")), Options{Probes: probe.Default})
	if err != nil || len(d.Transcript.Probes) != 1 {
		t.Errorf("the default probes ran %d more processes, want 1 (%v)", len(d.Transcript.Probes), err)
	}
	if n, err := load(t, command(mcptest.Server(t, "legacy")), Options{Probes: probe.None}); err != nil || len(n.Transcript.Probes) != 0 {
		t.Errorf("--probes none started another process (%v)", err)
	}
}

// A second process that cannot run beside the first (it finds the first
// one's lock and exits) leaves request-before-init inconclusive: neither a
// finding nor a pass.
func TestSecondProcessThatCannotStartIsInconclusive(t *testing.T) {
	tg := command(mcptest.Server(t, "lockholder"))
	tg.Env = map[string]string{"LOCKHOLDER_FILE": filepath.Join(t.TempDir(), "db.lock")}
	s, err := load(t, tg, Options{Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	in := probe.Inconclusive(s.Transcript)
	if len(in) != 1 || in[0].Probe != probe.RequestBeforeInit || !slices.Contains(in[0].Rules, "request-before-init") {
		t.Fatalf("inconclusive probes %+v, want request-before-init", in)
	}
	if names, issues := conformanceFindings(t, s); len(names) > 0 {
		t.Errorf("findings %q from a probe that got no answer: %+v", names, issues)
	}
	if len(s.Relisted) != 0 {
		t.Errorf("a second listing from a process that exited: %+v", s.Relisted)
	}
}

// The session's requests are sent in one order on every run, the
// listings' and the probes' alike: the same request gets the same id and
// the same place among the requests, which a finding points at and
// quotes (ping once drew id 4, 5 or 6 by a race between the probes, and
// the listings raced the same way). Each probe's mark comes before its
// request, with no other request between them. Run under load in CI,
// where the race showed most.
func TestProbeRequestsKeepTheirOrder(t *testing.T) {
	// Registered first, so run last: after the busy loops have stopped.
	t.Cleanup(func() { mcptest.CheckNoLeftovers(t) })
	mcptest.BusyIfLoad(t)
	requests := func() []string {
		s, err := Load(context.Background(), command(mcptest.Server(t, "legacy")), Options{Probes: probe.All})
		if err != nil {
			t.Fatal(err)
		}
		var seq []string
		mark := ""
		for _, r := range s.Transcript.Records {
			if r.Event != nil && r.Event.Kind == sdk.EventProbe {
				mark = r.Event.Detail
				continue
			}
			if r.Dir != sdk.DirClientToServer || r.Msg == nil {
				continue
			}
			var m struct {
				ID     json.RawMessage `json:"id"`
				Method string          `json:"method"`
			}
			if json.Unmarshal(r.Msg, &m) != nil || m.ID == nil {
				continue
			}
			seq = append(seq, strings.TrimSpace(string(m.ID)+" "+m.Method+" "+mark))
			mark = ""
		}
		return seq
	}
	first := requests()
	for range 3 {
		if again := requests(); !slices.Equal(again, first) {
			t.Fatalf("the session's requests changed between runs:\n%q\n%q", first, again)
		}
	}
	for _, want := range []string{"mcplint/no-such-method " + probe.UnknownMethod, "ping " + probe.Ping, "prompts/get " + probe.PromptMissingArgument} {
		if !slices.ContainsFunc(first, func(s string) bool { return strings.HasSuffix(s, " "+want) }) {
			t.Errorf("no request %q right after its mark in %q", want, first)
		}
	}
}
