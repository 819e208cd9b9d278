// Package mcptest runs the fixture servers of testdata/servers in tests:
// it builds them once per test binary, finds the npm servers a CI job
// installed, and checks that a test left no process behind.
package mcptest

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

var (
	buildOnce sync.Once
	buildDir  string
	buildErr  error
)

// Main runs the tests and removes the built fixtures; call it from
// TestMain: os.Exit(mcptest.Main(m)).
func Main(m *testing.M) int {
	adoptOrphans()
	code := m.Run()
	if buildDir != "" {
		os.RemoveAll(buildDir)
	}
	return code
}

// Root is the module's root directory, found from the working directory up.
func Root() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no go.mod above the working directory")
		}
		dir = parent
	}
}

// Server returns the path of fixture server name (a folder of
// testdata/servers), building every fixture with one `go build` the first
// time it is called.
func Server(tb testing.TB, name string) string {
	tb.Helper()
	buildOnce.Do(func() {
		var root string
		root, buildErr = Root()
		if buildErr != nil {
			return
		}
		buildDir, buildErr = os.MkdirTemp("", "mcplint-fixtures-")
		if buildErr != nil {
			return
		}
		// Every program under testdata/servers, so that a new fixture
		// needs no list kept by hand.
		cmd := exec.Command("go", "build", "-o", buildDir+string(os.PathSeparator), "./testdata/servers/...")
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("go build of the fixture servers failed: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		tb.Fatal(buildErr)
	}
	return filepath.Join(buildDir, name)
}

// NPMEnv names the directory where CI installs the npm MCP servers.
const NPMEnv = "MCPLINT_NPM_CACHE"

// NPMServer returns the argv that runs the JavaScript file rel (relative to
// $MCPLINT_NPM_CACHE/node_modules) with node, or skips the test saying why.
func NPMServer(tb testing.TB, rel string, args ...string) []string {
	tb.Helper()
	dir := os.Getenv(NPMEnv)
	if dir == "" {
		tb.Skipf("%s is not set: install the npm MCP servers into a directory and point it there", NPMEnv)
	}
	path := filepath.Join(dir, "node_modules", rel)
	if _, err := os.Stat(path); err != nil {
		tb.Skipf("%s is not installed under %s=%s (%v)", rel, NPMEnv, dir, err)
	}
	node, err := exec.LookPath("node")
	if err != nil {
		tb.Skipf("node is not on PATH: %v", err)
	}
	return append([]string{node, path}, args...)
}

// CheckNoLeftovers fails tb when a process is left that is a child of this
// test process (zombies included when they are a server the client should
// have reaped) or belongs to one of the process groups pgids. Orphans are
// re-parented to the test process (see Main), so a grandchild that escaped
// its group is found too. Processes get a moment to finish dying; dead
// orphans are reaped.
func CheckNoLeftovers(tb testing.TB, pgids ...int) {
	tb.Helper()
	var left []Proc
	var groups []int
	for deadline := time.Now().Add(2 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		left = left[:0]
		for _, p := range Leftovers(pgids...) {
			if p.State == "Z" && !slices.Contains(pgids, p.PID) && p.PPID == os.Getpid() {
				reap(p.PID)
				continue
			}
			left = append(left, p)
		}
		groups = groups[:0]
		for _, g := range pgids {
			if groupExists(g) {
				groups = append(groups, g)
			}
		}
		if len(left)+len(groups) == 0 || time.Now().After(deadline) {
			break
		}
	}
	for _, p := range left {
		tb.Errorf("process left behind: %+v", p)
	}
	for _, g := range groups {
		tb.Errorf("process group %d still exists", g)
	}
}

// Proc is a process found in /proc.
type Proc struct {
	PID, PPID, PGID int
	State           string
	Command         string
}

// Leftovers lists the processes whose parent is this process or whose
// process group is one of pgids.
func Leftovers(pgids ...int) []Proc {
	self := os.Getpid()
	entries, _ := os.ReadDir("/proc")
	var out []Proc
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == self {
			continue
		}
		stat, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// The command sits in parentheses and may itself hold spaces.
		s := string(stat)
		open, end := strings.IndexByte(s, '('), strings.LastIndexByte(s, ')')
		if open < 0 || end < open {
			continue
		}
		fields := strings.Fields(s[end+1:])
		if len(fields) < 3 {
			continue
		}
		p := Proc{PID: pid, State: fields[0], Command: s[open+1 : end]}
		p.PPID, _ = strconv.Atoi(fields[1])
		p.PGID, _ = strconv.Atoi(fields[2])
		if p.PPID == self || slices.Contains(pgids, p.PGID) {
			out = append(out, p)
		}
	}
	return out
}
