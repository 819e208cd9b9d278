package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/mcplint/mcplint/engine/mcptest"
)

// TestShardsMergeToTheWholeRun: a fleet of tool lists (more than are
// linked as one group, several calling themselves by one name, so that
// the whole run names them by their files) and two client configs (one
// with a cross-server finding and a disabled server) are linted in 4
// shards, each a separate process of the built binary, and merged: the
// JSON and SARIF reports are the whole run's, byte for byte, and the
// merge exits as the whole run does.
func TestShardsMergeToTheWholeRun(t *testing.T) {
	if testing.Short() {
		t.Skip("builds mcplint and the fixture servers, and runs them")
	}
	dir := t.TempDir()
	bin := buildInto(t, t.TempDir(), "mcplint", ".")
	server := mcptest.Server(t, "modern")
	dumps, err := filepath.Glob(filepath.Join("..", "..", "testdata", "realservers", "*.json"))
	if err != nil || len(dumps) < 20 {
		t.Fatalf("want the published servers' dumps, got %d (%v)", len(dumps), err)
	}
	if err := os.Mkdir(filepath.Join(dir, "fleet"), 0o755); err != nil {
		t.Fatal(err)
	}
	var args []string
	for copy := range 4 {
		for _, d := range dumps {
			data, err := os.ReadFile(d)
			if err != nil {
				t.Fatal(err)
			}
			name := fmt.Sprintf("fleet/%d-%s", copy, filepath.Base(d))
			writeFile(t, dir, name, string(data))
			args = append(args, name)
		}
	}
	// The configs sit among the files, as a user's shell glob would put them.
	writeFile(t, dir, "team.json", `{"mcpServers": {
  "notes": {"command": `+jsonString(server)+`},
  "second": {"command": `+jsonString(server)+`, "args": ["--stdio"]},
  "old": {"command": "x", "disabled": true}
}}`)
	writeFile(t, dir, "solo.json", `{"mcpServers": {"alone": {"command": `+jsonString(server)+`}}}`)
	args = append(args, "team.json", "solo.json")
	args[10], args[len(args)-2] = args[len(args)-2], args[10]
	args[50], args[len(args)-1] = args[len(args)-1], args[50]

	run := func(args ...string) (string, int) {
		cmd := exec.Command(bin, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "HOME="+dir)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		err := cmd.Run()
		code := 0
		if ee, ok := errors.AsType[*exec.ExitError](err); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatalf("mcplint %s: %v", strings.Join(args, " "), err)
		}
		return stderr.String(), code
	}
	common := []string{"--no-plugins", "--probes", "none", "-f", "json=all.json", "-f", "sarif=all.sarif"}
	_, wholeCode := run(append(append([]string{}, common...), args...)...)
	if wholeCode == 2 {
		t.Fatalf("the whole run was refused (exit 2)")
	}

	var wg sync.WaitGroup
	codes := make([]int, 4)
	errs := make([]string, 4)
	for k := 1; k <= 4; k++ {
		wg.Go(func() {
			flags := []string{"--no-plugins", "--probes", "none", "--shard", fmt.Sprintf("%d/4", k),
				"-f", fmt.Sprintf("json=shard-%d.json", k), "-f", fmt.Sprintf("sarif=shard-%d.sarif", k)}
			errs[k-1], codes[k-1] = run(append(flags, args...)...)
		})
	}
	wg.Wait()
	for k, code := range codes {
		if code == 2 {
			t.Fatalf("shard %d/4 was refused: %s", k+1, errs[k])
		}
		if want := fmt.Sprintf("mcplint: shard %d/4: ", k+1); !strings.Contains(errs[k], want) {
			t.Errorf("shard %d/4 does not say on stderr how much it lints (%q):\n%s", k+1, want, errs[k])
		}
	}

	// Each shard holds a part, the configs whole: both servers of team.json
	// are in one shard.
	holding := 0
	for k := 1; k <= 4; k++ {
		var rep struct {
			Targets []struct{ Name, Input string }
			Shard   struct{ Index, Count, Total int }
		}
		data, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("shard-%d.json", k)))
		if err != nil || json.Unmarshal(data, &rep) != nil {
			t.Fatalf("shard %d's JSON report: %v", k, err)
		}
		if rep.Shard.Index != k || rep.Shard.Count != 4 || rep.Shard.Total != 4*len(dumps)+4 {
			t.Errorf("shard %d says it is %d/%d of %d targets, want %d/4 of %d", k, rep.Shard.Index, rep.Shard.Count, rep.Shard.Total, k, 4*len(dumps)+4)
		}
		team := 0
		for _, tg := range rep.Targets {
			if tg.Input == "team.json" {
				team++
			}
		}
		if team != 0 && team != 2 {
			t.Errorf("shard %d lints %d of team.json's 2 servers: a client config is one unit", k, team)
		}
		if len(rep.Targets) > 0 {
			holding++
		}
	}
	if holding < 3 {
		t.Errorf("only %d of 4 shards lint anything: the targets are not spread", holding)
	}

	for _, format := range []string{"json", "sarif"} {
		merged := "merged." + format
		stderr, code := run("merge", "-o", merged, "shard-3."+format, "shard-1."+format, "shard-4."+format, "shard-2."+format)
		if code != wholeCode {
			t.Errorf("merge of the %s reports exits %d, the whole run %d\n%s", format, code, wholeCode, stderr)
		}
		got, err := os.ReadFile(filepath.Join(dir, merged))
		if err != nil {
			t.Fatalf("merge of the %s reports: %v\n%s", format, err, stderr)
		}
		want, err := os.ReadFile(filepath.Join(dir, "all."+format))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("the merged %s report differs from the whole run's:\n%s", format, firstDifference(got, want))
		}
		if !bytes.Contains(want, []byte(`"cross-server-collision"`)) || !bytes.Contains(want, []byte(`"1-memory"`)) {
			t.Errorf("the whole run's %s report lacks the cross-server finding or a renamed server: the test proves less than it says", format)
		}
	}
}

// firstDifference shows the first line where got and want differ.
func firstDifference(got, want []byte) string {
	g, w := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := range min(len(g), len(w)) {
		if g[i] != w[i] {
			return fmt.Sprintf("line %d:\n got %s\nwant %s", i+1, g[i], w[i])
		}
	}
	return fmt.Sprintf("got %d lines, want %d", len(g), len(w))
}

// TestMergeUsage: what merge (or --shard) cannot use is a usage error (exit 2) that
// says what is wrong and where.
func TestMergeUsage(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "tools.json", `{"tools": [{"name": "a", "description": "Adds two numbers given as a and b.", "inputSchema": {"type": "object"}}]}`)
	writeFile(t, dir, "bad.json", "{\"version\": 1,\n  x}")
	if _, stderr, code := runCLI(t, dir, "--no-plugins", "--shard", "1/1", "-f", "sarif=one.sarif", "-f", "json=one.json", "tools.json"); code != exitOK {
		t.Fatalf("lint --shard 1/1: exit %d\n%s", code, stderr)
	}
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"merge"}, "no report given"},
		{[]string{"merge", "bad.json"}, "bad.json: not a JSON or SARIF report of mcplint: line 2, column 3"},
		{[]string{"merge", "tools.json"}, `tools.json: not a JSON or SARIF report of mcplint (it has neither "targets" nor "runs")`},
		{[]string{"merge", "--min-grade", "B", "one.sarif"}, "SARIF reports carry no grade"},
		{[]string{"merge", "one.sarif", "one.json"}, "one.sarif is a sarif report and one.json a json report"},
		{[]string{"merge", "missing.json"}, "missing.json"},
		{[]string{"baseline", "--shard", "1/2", "tools.json"}, "record the baseline without --shard"},
		{[]string{"--shard", "0/2", "tools.json"}, "K counts from 1"},
	}
	for _, c := range cases {
		_, stderr, code := runCLI(t, dir, c.args...)
		if code != exitUsage || !strings.Contains(stderr, c.want) {
			t.Errorf("mcplint %s: exit %d, want 2 and %q:\n%s", strings.Join(c.args, " "), code, c.want, stderr)
		}
	}
	out, stderr, code := runCLI(t, dir, "merge", "one.json")
	if code != exitOK || !strings.Contains(out, `"targets"`) || strings.Contains(out, `"shard"`) {
		t.Errorf("merge of the one shard: exit %d, want 0 and a whole run's report:\n%s%s", code, out, stderr)
	}
	// As for lint, the config's [output] fail-on is the gate the flag
	// does not set.
	writeFile(t, dir, ".mcplint.toml", "version = 1\n[output]\nfail-on = \"info\"\n")
	if _, stderr, code := runCLI(t, dir, "merge", "one.json"); code != exitIssues || !strings.Contains(stderr, "at or above --fail-on info") {
		t.Errorf("merge under [output] fail-on = \"info\": exit %d, want 1 and the reason:\n%s", code, stderr)
	}
	if _, stderr, code := runCLI(t, dir, "merge", "--fail-on", "never", "one.json"); code != exitOK {
		t.Errorf("merge --fail-on never over the config: exit %d, want 0:\n%s", code, stderr)
	}
}
