package engine_test

import (
	"context"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/config"
	"github.com/mcplint/mcplint/engine"
	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/sdk"
)

// toxicFlows lints the static tool lists named together and returns the
// toxic-flow findings of each target, by target name.
func toxicFlows(t *testing.T, files ...string) (map[string][]sdk.Issue, *result.Report) {
	t.Helper()
	rep, err := engine.Run(context.Background(), engine.Settings{Dir: t.TempDir(), Config: config.Default(), NoLock: true,
		Plugins: engine.PluginSettings{Off: true}, Args: files})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]sdk.Issue{}
	for _, tg := range rep.Targets {
		if tg.Error != nil {
			t.Fatalf("%s: %s", tg.Name, *tg.Error)
		}
		for _, is := range tg.Issues {
			if is.Rule == "toxic-flow" {
				out[tg.Name] = append(out[tg.Name], is)
			}
		}
	}
	return out, rep
}

func fixture(t *testing.T, dir, name string) string {
	abs, err := filepath.Abs(filepath.Join("..", "testdata", dir, name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	return abs
}

// TestToxicFlowAcrossTargets: a notes server, a web fetcher and a mail
// sender named together make one finding, on the mail server, that names
// the three tools and their servers; the first two alone make none, and
// the report lists each tool's capabilities with their evidence.
func TestToxicFlowAcrossTargets(t *testing.T) {
	got, rep := toxicFlows(t, fixture(t, "toxicflow", "notes"), fixture(t, "toxicflow", "web"), fixture(t, "toxicflow", "mail"))
	var all []sdk.Issue
	for _, issues := range got {
		all = append(all, issues...)
	}
	if len(all) != 1 || len(got["mail"]) != 1 {
		t.Fatalf("toxic-flow findings %v, want one on the mail server", got)
	}
	msg := all[0].Message
	for _, want := range []string{`"read_note" (server "notes")`, `"fetch_page" (server "web")`, `"send_email"`} {
		if !strings.Contains(msg, want) {
			t.Errorf("the finding does not name %s: %s", want, msg)
		}
	}
	if all[0].Tool != "send_email" || all[0].Severity != sdk.Warning {
		t.Errorf("finding on %q with severity %s, want send_email, warning", all[0].Tool, all[0].Severity)
	}
	labels := map[string][]string{}
	for _, tg := range rep.Targets {
		for _, tc := range tg.Tools {
			for _, c := range tc.Capabilities {
				if len(c.Evidence) == 0 {
					t.Errorf("%s %s: label %s without evidence", tg.Name, tc.Name, c.Label)
				}
				labels[tc.Name] = append(labels[tc.Name], c.Label)
			}
		}
	}
	for tool, want := range map[string]string{"read_note": "private-data", "fetch_page": "untrusted-content", "send_email": "outbound-sink"} {
		if !slices.Contains(labels[tool], want) {
			t.Errorf("report capabilities of %s: %v, want %s", tool, labels[tool], want)
		}
	}

	if got, _ := toxicFlows(t, fixture(t, "toxicflow", "notes"), fixture(t, "toxicflow", "web")); len(got) != 0 {
		t.Errorf("notes and web alone: toxic-flow findings %v, want none", got)
	}
}

// TestToxicFlowPublicIncidents reproduces the public incidents with the
// published servers' pinned tool lists: the GitHub server alone holds the
// whole trifecta (the private repository leak: a public issue, private
// files, a pull request), and a file server, a web search and a chat
// server loaded together make one flow that ends in the chat server's
// posting tools (as the WhatsApp history was sent out with send_message).
func TestToxicFlowPublicIncidents(t *testing.T) {
	one := func(got map[string][]sdk.Issue) sdk.Issue {
		t.Helper()
		var all []sdk.Issue
		for _, issues := range got {
			all = append(all, issues...)
		}
		if len(all) != 1 {
			t.Fatalf("toxic-flow findings %v, want one", got)
		}
		return all[0]
	}
	got, _ := toxicFlows(t, fixture(t, "realservers", "github"))
	is := one(got)
	for _, want := range []string{`"get_file_contents"`, `"list_issues"`, `"create_issue"`} {
		if !strings.Contains(is.Message, want) {
			t.Errorf("the GitHub finding does not name %s: %s", want, is.Message)
		}
	}

	got, rep := toxicFlows(t, fixture(t, "realservers", "filesystem"), fixture(t, "realservers", "brave-search"), fixture(t, "realservers", "slack"))
	is = one(got)
	if is.Tool != "slack_post_message" {
		t.Errorf("the flow is reported on %q, want slack_post_message", is.Tool)
	}
	want := []string{`"read_file"`, `"brave_web_search"`, `"slack_post_message"`}
	for _, tg := range rep.Targets[:2] {
		want = append(want, "(server "+strconv.Quote(tg.Name)+")")
	}
	for _, w := range want {
		if !strings.Contains(is.Message, w) {
			t.Errorf("the finding does not name %s: %s", w, is.Message)
		}
	}
}
