package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/engine/mcptest"
)

// TestExerciseInconclusive: a tool that fails for want of network says
// nothing of the server, so the happy-path score of a server whose other
// tools work stays at 1.
func TestExerciseInconclusive(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, ".mcplint.toml", "version = 1\n[server]\ncommand = ["+strings.Join([]string{
		quoteTOML(mcptest.Server(t, "envfail"))}, ", ")+"]\nenv = { ENVFAIL_ONLY = \"fetch_page,get_status\" }\n")
	tg, stderr := exercise(t, dir)
	if tg.Components["happy-path"] != 1 || tg.Exercise.Happy.Inconclusive == 0 || tg.Exercise.Happy.Passed != tg.Exercise.Happy.Total {
		t.Errorf("happy-path %v, tally %+v", tg.Components["happy-path"], tg.Exercise.Happy)
	}
	for _, s := range tg.Exercise.Scenarios {
		if s.Tool == "fetch_page" && s.Kind == "happy" && !strings.Contains(s.Inconclusive, "network") {
			t.Errorf("fetch_page scenario not inconclusive for want of network: %+v", s)
		}
	}
	if !strings.Contains(stderr, `may reach beyond this machine (no openWorldHint false): "fetch_page"`) {
		t.Errorf("stderr does not name the open-world tool before calling it: %s", stderr)
	}
}

// TestExerciseReportsHoldNoSecret: a tool that prints the server's
// environment, inherited or given by the config, must not put a value of
// it into any report format.
func TestExerciseReportsHoldNoSecret(t *testing.T) {
	const inherited, configured = "inherited-s3cret-value", "c0nfigured-s3cret-value"
	t.Setenv("ENVFAIL_SECRET", inherited)
	dir := t.TempDir()
	writeFile(t, dir, ".mcplint.toml", "version = 1\n[server]\ncommand = ["+quoteTOML(mcptest.Server(t, "envfail"))+
		"]\nenv = { ENVFAIL_CONFIG_SECRET = \""+configured+"\" }\n")
	for _, format := range []string{"text", "json", "sarif", "markdown", "junit", "github"} {
		out := filepath.Join(dir, "report."+format)
		_, stderr, code := runCLI(t, dir, "--exercise", "--format", format, "-o", out)
		if code != exitOK && code != exitIssues {
			t.Fatalf("%s: exit %d: %s", format, code, stderr)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		for _, secret := range []string{inherited, configured} {
			if strings.Contains(string(b), secret) {
				t.Errorf("the %s report holds %q", format, secret)
			}
		}
		if format == "json" && !strings.Contains(string(b), "[redacted: environment variable ENVFAIL_CONFIG_SECRET]") {
			t.Errorf("the json report does not say what was redacted: %s", b)
		}
	}
}

// exercisedTarget is what the tests read of a target's JSON report.
type exercisedTarget struct {
	Grade      string                  `json:"grade"`
	Components map[string]float64      `json:"components"`
	Issues     []struct{ Rule string } `json:"issues"`
	Exercise   struct {
		Happy     struct{ Passed, Total, Inconclusive int } `json:"happy"`
		Scenarios []struct {
			Tool, Scenario, Kind, Outcome, Inconclusive, Excerpt string
			Passed                                               bool
			Arguments                                            map[string]any `json:"arguments"`
		} `json:"scenarios"`
	} `json:"exercise"`
}

// exercise runs mcplint --exercise --format json in dir with args and
// reads back its one target; it also returns what mcplint wrote on stderr.
func exercise(t *testing.T, dir string, args ...string) (exercisedTarget, string) {
	t.Helper()
	stdout, stderr, code := runCLI(t, dir, append([]string{"--exercise", "--format", "json"}, args...)...)
	if code != exitOK && code != exitIssues {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var rep struct{ Targets []exercisedTarget }
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil || len(rep.Targets) != 1 {
		t.Fatalf("report %v: %s", err, stdout)
	}
	return rep.Targets[0], stderr
}

func quoteTOML(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// TestExerciseServerEverything exercises the reference server from npm:
// its trigger-long-running-operation reports progress and must not time
// out, and with nothing missing from this machine every happy path passes.
func TestExerciseServerEverything(t *testing.T) {
	argv := mcptest.NPMServer(t, "@modelcontextprotocol/server-everything/dist/index.js", "stdio")
	tg, _ := exercise(t, t.TempDir(), append([]string{"--"}, argv...)...)
	for _, s := range tg.Exercise.Scenarios {
		if s.Outcome == "timeout" || s.Inconclusive != "" {
			t.Errorf("%s %s: %s %s", s.Tool, s.Scenario, s.Outcome, s.Inconclusive)
		}
	}
	for _, is := range tg.Issues {
		if is.Rule == "request-timeout" {
			t.Errorf("a request-timeout finding: %+v", is)
		}
	}
	if tg.Components["happy-path"] != 1 || tg.Components["edge"] != 1 || len(tg.Exercise.Scenarios) < 30 {
		t.Errorf("grade %s, components %v, %d scenarios", tg.Grade, tg.Components, len(tg.Exercise.Scenarios))
	}
}

// TestExerciseServerFilesystem runs server-filesystem on a folder it
// serves: file and folder arguments point inside it, head and tail are not
// combined where the description says they are alternatives, and every
// happy path that says something of the server passes.
func TestExerciseServerFilesystem(t *testing.T) {
	root := t.TempDir()
	writeFile(t, root, "notes.txt", "hello\n")
	argv := mcptest.NPMServer(t, "@modelcontextprotocol/server-filesystem/dist/index.js", root)
	tg, _ := exercise(t, t.TempDir(), append([]string{"--"}, argv...)...)
	if tg.Components["happy-path"] != 1 || tg.Exercise.Happy.Total < 10 {
		t.Errorf("happy-path %v, tally %+v", tg.Components["happy-path"], tg.Exercise.Happy)
	}
	for _, s := range tg.Exercise.Scenarios {
		if p, ok := s.Arguments["path"].(string); ok && s.Kind == "happy" && !strings.HasPrefix(p, root) {
			t.Errorf("%s got path %q outside the served folder %s", s.Tool, p, root)
		}
		_, head := s.Arguments["head"]
		_, tail := s.Arguments["tail"]
		if s.Tool == "read_text_file" && s.Kind == "happy" && head && tail {
			t.Errorf("read_text_file got head and tail together: %v", s.Arguments)
		}
	}
}

// TestExerciseAllLeavesTheFolderAsFound: --exercise=all on server-filesystem
// writes, edits and moves files in the folder it serves; afterwards the
// folder holds what it held before, the user's file unchanged, and every
// edit_file happy path passes, its old text read from the file first.
func TestExerciseAllLeavesTheFolderAsFound(t *testing.T) {
	root := t.TempDir()
	writeFile(t, root, "notes.txt", "hello\n")
	argv := mcptest.NPMServer(t, "@modelcontextprotocol/server-filesystem/dist/index.js", root)
	tg, _ := exercise(t, t.TempDir(), append([]string{"--exercise=all", "--"}, argv...)...)
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if strings.Join(names, " ") != "notes.txt" {
		t.Errorf("the served folder holds %v after the run, want only notes.txt", names)
	}
	if b, _ := os.ReadFile(filepath.Join(root, "notes.txt")); string(b) != "hello\n" {
		t.Errorf("notes.txt changed: %q", b)
	}
	edits := 0
	for _, s := range tg.Exercise.Scenarios {
		if s.Tool == "edit_file" && s.Kind == "happy" {
			edits++
			if !s.Passed {
				t.Errorf("edit_file %s: %s %s, arguments %v", s.Scenario, s.Outcome, s.Excerpt, s.Arguments)
			}
		}
	}
	if edits == 0 {
		t.Error("edit_file was not exercised")
	}
}
