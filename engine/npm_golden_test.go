package engine_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcplint/mcplint/config"
	"github.com/mcplint/mcplint/engine"
	"github.com/mcplint/mcplint/engine/mcptest"
	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/sdk"
)

// pinnedServer is a published MCP server that lists its tools offline, at
// the version .ci/run installs (npm install --ignore-scripts).
type pinnedServer struct {
	name, pkg, version, bin string
	args                    []string
	// env are dummy values for the variables the server checks at start.
	env []string
	// slow runs it behind `sh -c 'sleep 5; exec …'`, a slow starter.
	slow bool
}

var pinnedServers = []pinnedServer{
	{name: "everything", pkg: "@modelcontextprotocol/server-everything", version: "2026.8.31", bin: "dist/index.js"},
	{name: "filesystem", pkg: "@modelcontextprotocol/server-filesystem", version: "2026.8.31", bin: "dist/index.js", args: []string{"$TMP"}},
	{name: "memory", pkg: "@modelcontextprotocol/server-memory", version: "2026.8.31", bin: "dist/index.js", env: []string{"MEMORY_FILE_PATH=$TMP/memory.jsonl"}},
	{name: "sequential-thinking", pkg: "@modelcontextprotocol/server-sequential-thinking", version: "2026.8.31", bin: "dist/index.js"},
	{name: "github", pkg: "@modelcontextprotocol/server-github", version: "2025.4.8", bin: "dist/index.js", env: []string{"GITHUB_PERSONAL_ACCESS_TOKEN=dummy"}},
	{name: "aws-kb-retrieval", pkg: "@modelcontextprotocol/server-aws-kb-retrieval", version: "0.6.2", bin: "dist/index.js",
		env: []string{"AWS_ACCESS_KEY_ID=dummy", "AWS_SECRET_ACCESS_KEY=dummy", "AWS_REGION=us-east-1"}},
	{name: "postgres", pkg: "@modelcontextprotocol/server-postgres", version: "0.6.2", bin: "dist/index.js", args: []string{"postgresql://127.0.0.1:9/none"}},
	{name: "brave-search", pkg: "@modelcontextprotocol/server-brave-search", version: "0.6.2", bin: "dist/index.js", env: []string{"BRAVE_API_KEY=dummy"}},
	{name: "slack", pkg: "@modelcontextprotocol/server-slack", version: "2025.4.25", bin: "dist/index.js", env: []string{"SLACK_BOT_TOKEN=xoxb-dummy", "SLACK_TEAM_ID=T0000"}},
	{name: "gitlab", pkg: "@modelcontextprotocol/server-gitlab", version: "2025.4.25", bin: "dist/index.js", env: []string{"GITLAB_PERSONAL_ACCESS_TOKEN=dummy"}},
	{name: "google-maps", pkg: "@modelcontextprotocol/server-google-maps", version: "0.6.2", bin: "dist/index.js", env: []string{"GOOGLE_MAPS_API_KEY=dummy"}},
	{name: "everart", pkg: "@modelcontextprotocol/server-everart", version: "0.6.2", bin: "dist/index.js", env: []string{"EVERART_API_KEY=dummy"}},
	// MCP Apps servers: tools that name ui:// views (ui-tool-meta,
	// ui-resource-invalid, which reads the views with --probes all).
	{name: "pdf", pkg: "@modelcontextprotocol/server-pdf", version: "2.0.4", bin: "dist/index.js", args: []string{"--stdio"}},
	{name: "system-monitor", pkg: "@modelcontextprotocol/server-system-monitor", version: "2.0.3", bin: "dist/index.js", args: []string{"--stdio"}},
	{name: "playwright", pkg: "@playwright/mcp", version: "0.0.83", bin: "cli.js"},
	{name: "context7", pkg: "@upstash/context7-mcp", version: "4.1.1", bin: "dist/index.js"},
	{name: "notion", pkg: "@notionhq/notion-mcp-server", version: "2.5.2", bin: "bin/cli.mjs", env: []string{"NOTION_TOKEN=dummy"}},
	{name: "chart", pkg: "@antv/mcp-server-chart", version: "0.9.10", bin: "build/index.js"},
	{name: "chrome-devtools", pkg: "chrome-devtools-mcp", version: "1.11.0", bin: "build/src/bin/chrome-devtools-mcp.js"},
	{name: "desktop-commander", pkg: "@wonderwhy-er/desktop-commander", version: "0.2.52", bin: "dist/index.js"},
	{name: "git", pkg: "@cyanheads/git-mcp-server", version: "2.15.3", bin: "dist/index.js"},
	{name: "kubernetes", pkg: "mcp-server-kubernetes", version: "4.1.7", bin: "dist/index.js"},
	{name: "mongodb", pkg: "mongodb-mcp-server", version: "3.0.4", bin: "dist/esm/index.js"},
	// Slow starters: a legacy server, and the modern ones that start in
	// about the discover wait.
	{name: "everything-slow", pkg: "@modelcontextprotocol/server-everything", version: "2026.8.31", bin: "dist/index.js", slow: true},
	{name: "context7-slow", pkg: "@upstash/context7-mcp", version: "4.1.1", bin: "dist/index.js", slow: true},
	{name: "mongodb-slow", pkg: "mongodb-mcp-server", version: "3.0.4", bin: "dist/esm/index.js", slow: true},
}

// goldenFinding is a line of testdata/npm/golden.tsv: an error finding a
// pinned server earns, with the reason it is a true defect.
type goldenFinding struct {
	server, probes, rule, subject, why string
}

func readGolden(t *testing.T) []goldenFinding {
	f, err := os.Open(filepath.Join("..", "testdata", "npm", "golden.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []goldenFinding
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		c := strings.Split(line, "\t")
		if len(c) != 5 || strings.TrimSpace(c[4]) == "" {
			t.Fatalf("golden.tsv:%d: want server, probes, rule, subject and why it is a true defect, tab-separated: %q", n, line)
		}
		out = append(out, goldenFinding{c[0], c[1], c[2], c[3], c[4]})
	}
	return out
}

// offline is the command prefix that runs a server without a network:
// unshare -n (as root) or unshare -rn (a user namespace), whichever works.
func offline(t *testing.T) []string {
	for _, prefix := range [][]string{{"unshare", "-n"}, {"unshare", "-rn"}} {
		if exec.Command(prefix[0], append(prefix[1:], "true")...).Run() == nil {
			return prefix
		}
	}
	t.Skip("unshare -n is not available here (no network namespaces): the published servers are linted only offline")
	return nil
}

// TestPinnedNPMServers lints every pinned published server twice with the
// default probes and twice with all of them, offline, and checks that runs
// with the same flags agree and that their error findings are exactly the
// ones testdata/npm/golden.tsv lists, each reviewed as a true defect. With
// MCPLINT_LOAD set it does so while every core is busy (mcptest.Busy).
func TestPinnedNPMServers(t *testing.T) {
	if os.Getenv("MCPLINT_PINNED") == "" {
		t.Skip("set MCPLINT_PINNED=1 (and MCPLINT_NPM_CACHE) to lint the pinned published servers: .ci/run does, in a step of its own")
	}
	dir := os.Getenv("MCPLINT_NPM_CACHE")
	if dir == "" {
		t.Fatal("MCPLINT_NPM_CACHE is not set: .ci/run installs the pinned servers there")
	}
	prefix := offline(t)
	golden := readGolden(t)
	if os.Getenv(mcptest.LoadEnv) != "" {
		// What a busy CI runner sees must be what the goldens say.
		t.Cleanup(func() { mcptest.CheckNoLeftovers(t) })
		mcptest.Busy(t)
	}
	// Two servers at a time: CI has two cores, and each lint runs two or
	// three server processes.
	slots := make(chan struct{}, 2)
	var mu sync.Mutex
	seen := map[string]bool{}
	for _, ps := range pinnedServers {
		t.Run(ps.name, func(t *testing.T) {
			t.Parallel()
			pkgDir := filepath.Join(dir, "node_modules", filepath.FromSlash(ps.pkg))
			var pkg struct {
				Version string `json:"version"`
			}
			b, err := os.ReadFile(filepath.Join(pkgDir, "package.json"))
			if err != nil || json.Unmarshal(b, &pkg) != nil || pkg.Version != ps.version {
				t.Fatalf("%s %s is not installed under %s (found %q, %v): run .ci/run, or npm install --ignore-scripts %s@%s",
					ps.pkg, ps.version, dir, pkg.Version, err, ps.pkg, ps.version)
			}
			tmp := t.TempDir()
			expand := func(s string) string { return strings.ReplaceAll(s, "$TMP", tmp) }
			cmd := []string{"env"}
			for _, e := range ps.env {
				cmd = append(cmd, expand(e))
			}
			cmd = append(cmd, prefix...)
			if ps.slow {
				cmd = append(cmd, "sh", "-c", `sleep 5; exec "$0" "$@"`)
			}
			cmd = append(cmd, "node", filepath.Join(pkgDir, filepath.FromSlash(ps.bin)))
			for _, a := range ps.args {
				cmd = append(cmd, expand(a))
			}
			base := strings.TrimSuffix(ps.name, "-slow")
			for _, probes := range []string{"default", "all"} {
				var want []string
				for _, g := range golden {
					if g.server == base && slices.Contains(strings.Split(g.probes, ","), probes) {
						want = append(want, g.rule+" "+g.subject)
						mu.Lock()
						seen[g.server+" "+g.rule] = true
						mu.Unlock()
					}
				}
				sort.Strings(want)
				var runs [2]*result.Target
				for i := range runs {
					slots <- struct{}{}
					runs[i] = lintPinned(t, cmd, probes, tmp)
					<-slots
				}
				for i, tg := range runs {
					if tg.Error != nil {
						t.Errorf("--probes %s, run %d: %s", probes, i+1, *tg.Error)
					}
					if got := errorFindings(tg); !slices.Equal(got, want) {
						t.Errorf("--probes %s, run %d: error findings %q, want the reviewed %q:\n%s", probes, i+1, got, want, describe(tg))
					}
				}
				for i, tg := range runs {
					for _, in := range tg.Inconclusive {
						t.Logf("--probes %s, run %d: probe %s inconclusive: %s", probes, i+1, in.Probe, in.Reason)
					}
				}
				if a, b := stable(runs[0]), stable(runs[1]); !slices.Equal(a, b) {
					t.Errorf("--probes %s: two runs disagree:\nrun 1 only: %q\nrun 2 only: %q", probes, minus(a, b), minus(b, a))
				}
			}
		})
	}
	t.Cleanup(func() {
		for _, g := range golden {
			if !seen[g.server+" "+g.rule] {
				t.Errorf("golden.tsv names server %q, which is not pinned", g.server)
			}
		}
	})
}

func lintPinned(t *testing.T, cmd []string, probes, dir string) *result.Target {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	// A busy CI machine starts node slowly; the timeout is generous so
	// that only a server that truly hangs times out.
	rep, err := engine.Run(ctx, engine.Settings{Dir: dir, Config: config.Default(), Command: cmd,
		Probes: probes, Timeout: 60 * time.Second, NoLock: true, Plugins: engine.PluginSettings{Off: true}})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Targets) != 1 {
		t.Fatalf("%d targets", len(rep.Targets))
	}
	return rep.Targets[0]
}

func errorFindings(tg *result.Target) []string {
	var out []string
	for _, is := range tg.Issues {
		if is.Severity == sdk.Error {
			out = append(out, is.Rule+" "+is.Tool)
		}
	}
	sort.Strings(out)
	return slices.Compact(out)
}

// timed are the rules whose findings measure time against a bound (how
// long an answer took, whether the server exited within 2 s of its stdin
// closing): on a shared machine they may differ between runs without the
// server changing. desktop-commander 0.2.52 mostly stays up after its
// stdin closes and sometimes exits at once, run to run.
var timed = map[string]bool{"slow-response": true, "shutdown-on-stdin-close": true}

// stable is what two runs of the same lint must agree on: every finding
// but the timed ones, by severity, rule and subject, the era and the
// number of tools. An inconclusive probe is neither a pass nor a finding,
// so one run's inconclusive probe (a probe process starved of CPU for the
// whole timeout) does not make the runs disagree; a finding of its rules
// that the other run had still does.
func stable(tg *result.Target) []string {
	out := []string{"era " + tg.Era, fmt.Sprintf("tools %d", tg.Counts.Tools)}
	for _, is := range tg.Issues {
		if !timed[is.Rule] {
			out = append(out, is.Severity.String()+" "+is.Rule+" "+is.Tool)
		}
	}
	sort.Strings(out)
	return out
}

func minus(a, b []string) []string {
	var out []string
	for _, x := range a {
		if !slices.Contains(b, x) {
			out = append(out, x)
		}
	}
	return out
}

func describe(tg *result.Target) string {
	var b strings.Builder
	for _, is := range tg.Issues {
		if is.Severity == sdk.Error {
			fmt.Fprintf(&b, "  %s %s: %s\n", is.Rule, is.Pointer, is.Message)
		}
	}
	return b.String()
}
