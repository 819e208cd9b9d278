package live

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mcplint/mcplint/engine/internal/probe"
	"github.com/mcplint/mcplint/engine/mcptest"
	"github.com/mcplint/mcplint/sdk"
)

func toolNamesOf(tools []sdk.Tool) []string {
	var names []string
	for _, t := range tools {
		names = append(names, t.Name)
	}
	slices.Sort(names)
	return names
}

// A server that registers a tool after the handshake and announces it is
// linted with the list it settles on, in every session: the late tool is
// the server's, and no session's list varies.
func TestListThatGrowsAfterTheHandshakeIsSettled(t *testing.T) {
	for _, set := range []probe.Set{probe.Default, probe.All} {
		t.Run(set.String(), func(t *testing.T) {
			s, err := load(t, command(mcptest.Server(t, "latetools")), Options{Probes: set})
			if err != nil {
				t.Fatal(err)
			}
			want := []string{"archive_note", "list_notes", "read_note"}
			if got := toolNamesOf(s.Tools); !slices.Equal(got, want) {
				t.Errorf("main session's tools %q, want %q", got, want)
			}
			if len(s.Relisted) == 0 {
				t.Fatal("no other session's listing")
			}
			for _, l := range s.Relisted {
				if got := toolNamesOf(l.Tools); !slices.Equal(got, want) {
					t.Errorf("%s session's tools %q, want %q", l.Probe, got, want)
				}
			}
			if in := probe.Inconclusive(s.Transcript); len(in) > 0 {
				t.Errorf("inconclusive: %+v", in)
			}
			if names, issues := conformanceFindings(t, s); len(names) > 0 {
				t.Errorf("findings %q: %+v", names, issues)
			}
		})
	}
}

// A list that really differs between connections is a variation in every
// listing, so it is reported: as an error where 2026-07-28's MUST applies,
// as a warning in a handshake-era session, where it is allowed.
func TestListThatVariesPerConnection(t *testing.T) {
	for _, tt := range []struct {
		args     []string
		severity string
	}{
		{nil, "warning"},
		{[]string{"modern"}, "error"},
	} {
		t.Run(tt.severity, func(t *testing.T) {
			tg := command(append([]string{mcptest.Server(t, "perconnection")}, tt.args...)...)
			tg.Env = map[string]string{"PERCONNECTION_FILE": filepath.Join(t.TempDir(), "first")}
			s, err := load(t, tg, Options{})
			if err != nil {
				t.Fatal(err)
			}
			_, issues := conformanceFindings(t, s)
			var got []string
			for _, is := range issues {
				got = append(got, is.Severity+" "+is.Message)
			}
			if len(issues) != 1 || issues[0].Severity != tt.severity || !strings.Contains(issues[0].Message, `without "admin_reset"`) {
				t.Fatalf("findings %q, want one tool-list-varies %s", got, tt.severity)
			}
		})
	}
}

// A probe process that answers nothing is tried once more in a new
// process before the probe is called inconclusive: the retry's answers
// are judged, and the silent process's unanswered requests are not kept
// to be read as the server's.
func TestSilentProbeProcessIsRetried(t *testing.T) {
	tg := command(mcptest.Server(t, "silentsecond"))
	tg.Env = map[string]string{"SILENTSECOND_DIR": t.TempDir()}
	s, err := load(t, tg, Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if in := probe.Inconclusive(s.Transcript); len(in) > 0 {
		t.Errorf("inconclusive: %+v", in)
	}
	if len(s.Relisted) != 1 || len(s.Relisted[0].Tools) != 1 {
		t.Errorf("relisted %+v, want the retry's listing", s.Relisted)
	}
	if names, issues := conformanceFindings(t, s); len(names) > 0 {
		t.Errorf("findings %q: %+v", names, issues)
	}
}

// A list that changes at every listing is no evidence: the probes that
// compare lists are inconclusive, and no session's list is compared.
func TestListThatKeepsChangingIsInconclusive(t *testing.T) {
	s, err := load(t, command(mcptest.Server(t, "restless")), Options{Probes: probe.All})
	if err != nil {
		t.Fatal(err)
	}
	var probes []string
	for _, in := range probe.Inconclusive(s.Transcript) {
		probes = append(probes, in.Probe)
	}
	slices.Sort(probes)
	if want := []string{probe.ClientIdentity, probe.Relisting, probe.SecondSession}; !slices.Equal(probes, want) {
		t.Errorf("inconclusive probes %q, want %q", probes, want)
	}
	if len(s.Relisted) != 0 {
		t.Errorf("listings compared: %+v", s.Relisted)
	}
	if names, issues := conformanceFindings(t, s); len(names) > 0 {
		t.Errorf("findings %q: %+v", names, issues)
	}
}

// A server that declares no tools may refuse tools/list: that is its
// answer, and its prompts are linted, not a failed listing.
func TestServerWithoutToolsIsNoFailedListing(t *testing.T) {
	s, err := load(t, command(mcptest.Server(t, "promptsonly")), Options{Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Tools) != 0 || len(s.Prompts) != 1 {
		t.Errorf("%d tools and %d prompts, want none and the one it lists", len(s.Tools), len(s.Prompts))
	}
}

// The second session lists the tools again once the server is quiet only
// when that could change what it is compared with: when its list lacks or
// redefines a tool of the main session's, or when the main session's own
// first listing was not yet the server's list. A list that only adds
// tools a client with roots is shown needs no second listing: the pause
// it costs is most of the probe process's time.
func TestSecondSessionListsAgainOnlyWhenItCouldMatter(t *testing.T) {
	for _, tt := range []struct {
		server string
		env    bool
		again  bool // whether the second session lists the tools again
	}{
		{"rootsgated", false, false},  // adds get_roots; the main list was final
		{"latetools", false, true},    // the main session's first listing grew
		{"perconnection", true, true}, // the second session lacks a tool
	} {
		t.Run(tt.server, func(t *testing.T) {
			tg := command(mcptest.Server(t, tt.server))
			if tt.env {
				tg.Env = map[string]string{"PERCONNECTION_FILE": filepath.Join(t.TempDir(), "first")}
			}
			s, err := load(t, tg, Options{})
			if err != nil {
				t.Fatal(err)
			}
			var second *sdk.Transcript
			for _, tr := range s.Transcript.Probes {
				if slices.ContainsFunc(tr.Records, func(r sdk.Record) bool {
					return r.Event != nil && r.Event.Kind == sdk.EventProbe && r.Event.Detail == probe.SecondSession
				}) {
					second = tr
				}
			}
			if second == nil {
				t.Fatal("no second session")
			}
			lists := 0
			for _, r := range second.Records {
				if r.Dir == sdk.DirClientToServer && strings.Contains(string(r.Msg), `"method":"tools/list"`) {
					lists++
				}
			}
			// The request-before-init probe's tools/list comes first.
			if again := lists-1 > 1; again != tt.again {
				t.Errorf("the second session listed the tools %d times; listed again: %v, want %v", lists-1, again, tt.again)
			}
		})
	}
}
