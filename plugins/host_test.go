package plugins

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcplint/mcplint/engine/runner"
	"github.com/mcplint/mcplint/sdk"
	"github.com/mcplint/mcplint/sdk/pluginpb"
)

// binDir holds the plugin binaries built for this test run.
var binDir string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "mcplint-plugin-test-")
	if err != nil {
		panic(err)
	}
	binDir = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// build compiles the named fixture plugins (folders under testdata, or
// "policy" for the example) as mcplint-plugin-NAME and returns binDir.
func build(t *testing.T, names ...string) {
	t.Helper()
	var pkgs []string
	for _, n := range names {
		if _, err := os.Stat(filepath.Join(binDir, BinaryPrefix+n)); err == nil {
			continue
		}
		pkg := "./testdata/" + n
		if n == "policy" {
			pkg = "./examples/policy"
		}
		pkgs = append(pkgs, pkg)
	}
	for _, pkg := range pkgs {
		out := filepath.Join(binDir, BinaryPrefix+filepath.Base(pkg))
		cmd := exec.Command("go", "build", "-o", out, pkg)
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("building %s: %v\n%s", pkg, err, b)
		}
	}
}

// alive lists running processes whose executable is in binDir.
func alive(t *testing.T) []string {
	t.Helper()
	procs, _ := filepath.Glob("/proc/[0-9]*/exe")
	var out []string
	for _, p := range procs {
		exe, err := os.Readlink(p)
		if err == nil && strings.HasPrefix(exe, binDir) && !strings.HasSuffix(exe, " (deleted)") {
			out = append(out, exe)
		}
	}
	return out
}

func startOne(t *testing.T, spec Spec, opt Options) (*Host, *Plugin) {
	t.Helper()
	h, err := Start(context.Background(), []Spec{spec}, opt)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		h.Close()
		deadline := time.Now().Add(5 * time.Second)
		for len(alive(t)) > 0 && time.Now().Before(deadline) {
			time.Sleep(20 * time.Millisecond)
		}
		if left := alive(t); len(left) > 0 {
			t.Errorf("plugin processes left behind: %v", left)
		}
		if _, err := os.Stat(h.tmpDir); h.tmpDir != "" && !os.IsNotExist(err) {
			t.Errorf("socket folder %s left behind", h.tmpDir)
		}
	})
	return h, h.Plugins[0]
}

func spec(name string) Spec {
	return Spec{Name: name, Path: filepath.Join(binDir, BinaryPrefix+name), Origin: OriginConfig}
}

func snapshot() *sdk.Snapshot {
	return &sdk.Snapshot{Name: "s", Tools: []sdk.Tool{
		{Name: "acme_ok", Description: "Fine."},
		{Name: "get_user", Description: "TODO: describe this"},
	}}
}

func TestPolicyPluginEndToEnd(t *testing.T) {
	build(t, "policy")
	s := spec("policy")
	s.Settings = map[string]any{"prefix": "acme_", "banned-phrases": []any{"todo"}}
	h, p := startOne(t, s, Options{})
	if p.Err != nil {
		t.Fatal(p.Err)
	}
	rules := h.Rules()
	if len(rules) != 2 || rules[0].Meta().Name != "policy/banned-phrases" || rules[1].Meta().Name != "policy/tool-prefix" {
		t.Fatalf("rules: %v", rules)
	}
	h.Configure(context.Background(), rules)
	snap := snapshot()
	var got []string
	for _, r := range rules {
		err := r.Check(context.Background(), snap, func(is sdk.Issue) { got = append(got, r.Meta().Name+" "+is.Pointer+" "+is.Message) })
		if err != nil {
			t.Fatal(err)
		}
	}
	want := []string{
		`policy/banned-phrases /tools/1/description description contains the banned phrase "todo"`,
		`policy/tool-prefix /tools/1/name tool name "get_user" does not start with "acme_"`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestBadSettingsAreAnError(t *testing.T) {
	build(t, "policy")
	s := spec("policy")
	s.Settings = map[string]any{"prefx": "acme_"}
	h, p := startOne(t, s, Options{})
	h.Configure(context.Background(), h.Rules())
	if p.Err == nil || !strings.Contains(p.Err.Error(), `unknown field "prefx"`) {
		t.Fatalf("err = %v, want the unknown setting named", p.Err)
	}
}

func TestStartFailuresSayWhatToDo(t *testing.T) {
	build(t, "policy", "noisy", "oldproto", "oldsdk", "wrongname")
	pinned := spec("policy")
	pinned.SHA256 = strings.Repeat("ab", 32)
	for _, tc := range []struct {
		spec Spec
		want string
	}{
		{pinned, "its sha256 is "},
		{spec("noisy"), `printed "starting up, hello!" to stdout first`},
		{spec("oldproto"), "older than this mcplint's 1: upgrade the plugin"},
		{spec("oldsdk"), "was built with mcplint sdk 0.0.1, older than the 0.1.0 this mcplint needs: upgrade the plugin"},
		{spec("wrongname"), `calls itself "somethingelse"`},
		{Spec{Name: "missing", Path: filepath.Join(binDir, "nope")}, "no such file"},
	} {
		t.Run(tc.spec.Name, func(t *testing.T) {
			h, p := startOne(t, tc.spec, Options{StartTimeout: 5 * time.Second})
			if p.Err == nil || !strings.Contains(p.Err.Error(), tc.want) {
				t.Fatalf("err = %v, want it to say %q", p.Err, tc.want)
			}
			if len(h.Rules()) != 0 {
				t.Errorf("a failed plugin contributes no rules")
			}
		})
	}
}

func TestPinnedPluginRuns(t *testing.T) {
	build(t, "policy")
	s := spec("policy")
	sum, err := FileSHA256(s.Path)
	if err != nil {
		t.Fatal(err)
	}
	s.SHA256 = sum
	_, p := startOne(t, s, Options{})
	if p.Err != nil || !p.Pinned {
		t.Fatalf("pinned plugin: err %v, pinned %v", p.Err, p.Pinned)
	}
}

func TestCrashAndHangBecomeRuleErrors(t *testing.T) {
	build(t, "crash", "hang")
	for _, tc := range []struct {
		name, want string
	}{{"crash", "its last output:\npanic: boom: out of cheese"}, {"hang", "plugin hang did not answer within 500ms"}} {
		t.Run(tc.name, func(t *testing.T) {
			h, p := startOne(t, spec(tc.name), Options{CallTimeout: 500 * time.Millisecond})
			if p.Err != nil {
				t.Fatal(p.Err)
			}
			rules := h.Rules()
			h.Configure(context.Background(), rules)
			start := time.Now()
			err := rules[0].Check(context.Background(), snapshot(), func(sdk.Issue) {})
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "--disable "+tc.name) {
				t.Fatalf("err = %v, want %q and the way out", err, tc.want)
			}
			if d := time.Since(start); d > 5*time.Second {
				t.Errorf("took %s", d)
			}
		})
	}
}

// TestWrapperChildHoldingPipes: a plugin that is a shell script whose child
// keeps its pipes open must not hang mcplint past the start timeout, and
// the child must not outlive the run.
func TestWrapperChildHoldingPipes(t *testing.T) {
	path := filepath.Join(binDir, BinaryPrefix+"stuck")
	if err := os.WriteFile(path, []byte("#!/bin/sh\nsleep 1000\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	_, p := startOne(t, spec("stuck"), Options{StartTimeout: time.Second})
	if p.Err == nil || !strings.Contains(p.Err.Error(), "did not start within the start timeout") {
		t.Fatalf("err = %v", p.Err)
	}
	if d := time.Since(start); d > 8*time.Second {
		t.Errorf("a stuck plugin cost %s", d)
	}
	t.Cleanup(func() {
		if out, _ := exec.Command("pgrep", "-f", "sleep 1000").Output(); len(out) > 0 {
			t.Errorf("the plugin's child outlived the run: pids %s", out)
		}
	})
}

func TestDiscover(t *testing.T) {
	project, home := t.TempDir(), t.TempDir()
	for _, p := range []string{
		filepath.Join(project, ".mcplint", "plugins", BinaryPrefix+"acme"),
		filepath.Join(home, ".mcplint", "plugins", BinaryPrefix+"acme"),
		filepath.Join(home, ".mcplint", "plugins", BinaryPrefix+"beta"),
	} {
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte("#!/bin/sh\n"), 0o755)
	}
	os.WriteFile(filepath.Join(home, ".mcplint", "plugins", BinaryPrefix+"notexec"), nil, 0o644)
	specs, err := Discover([]Entry{{Name: "beta", SHA256: "AB"}, {Name: "own", Path: "bin/own"}}, project, home)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range specs {
		rel, _ := filepath.Rel(filepath.Dir(project), s.Path)
		if strings.HasPrefix(s.Path, home) {
			rel, _ = filepath.Rel(filepath.Dir(home), s.Path)
			rel = "HOME/" + strings.SplitN(rel, "/", 2)[1]
		} else {
			rel = "PROJECT/" + strings.SplitN(rel, "/", 2)[1]
		}
		got = append(got, s.Name+" "+s.Origin+" "+rel+" "+s.SHA256)
	}
	want := []string{
		"beta config HOME/.mcplint/plugins/mcplint-plugin-beta ab",
		"own config PROJECT/bin/own ",
		"acme project PROJECT/.mcplint/plugins/mcplint-plugin-acme ",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if _, err := Discover([]Entry{{Name: "ghost"}}, project, home); err == nil || !strings.Contains(err.Error(), "no path given") {
		t.Errorf("a [[plugin]] without path that is nowhere: %v", err)
	}
}

// TestPluginIssueCap runs a plugin that returns a million issues of one
// rule: the run keeps runner.MaxIssues of them and counts the rest.
func TestPluginIssueCap(t *testing.T) {
	build(t, "flood")
	h, p := startOne(t, spec("flood"), Options{})
	if p.Err != nil {
		t.Fatal(p.Err)
	}
	rules := h.Rules()
	h.Configure(context.Background(), rules)
	issues, errs := runner.Run(context.Background(), rules, snapshot())
	if len(errs) != 0 {
		t.Fatal(errs)
	}
	if len(issues) != runner.MaxIssues+1 {
		t.Fatalf("got %d issues, want %d and one counting the rest", len(issues), runner.MaxIssues+1)
	}
	want := fmt.Sprintf("%d more issues of flood/everything are not shown", 1_000_000-runner.MaxIssues)
	if !slices.ContainsFunc(issues, func(is sdk.Issue) bool { return strings.Contains(is.Message, want) }) {
		t.Errorf("no issue says %q", want)
	}
	if n := len(p.checks[snapshotKey(p)].issues["everything"]); n > runner.MaxIssues {
		t.Errorf("the host keeps %d of the plugin's issues", n)
	}
}

// snapshotKey is the one Snapshot p has checked.
func snapshotKey(p *Plugin) *sdk.Snapshot {
	for s := range p.checks {
		return s
	}
	return nil
}

// TestPinnedBinarySwapped starts a pinned plugin fifty times while another
// goroutine keeps renaming a script over its path and back (hard links,
// as an attacker with write access to the folder would): whatever starts
// must be the pinned binary, never the script.
func TestPinnedBinarySwapped(t *testing.T) {
	build(t, "policy")
	dir := t.TempDir()
	good := filepath.Join(binDir, BinaryPrefix+"policy")
	ran := filepath.Join(dir, "swapped-ran")
	evil := filepath.Join(dir, "evil")
	if err := os.WriteFile(evil, []byte("#!/bin/sh\ntouch "+ran+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, BinaryPrefix+"policy")
	if err := os.Link(good, path); err != nil {
		t.Skipf("no hard links here: %v", err)
	}
	sum, err := FileSHA256(good)
	if err != nil {
		t.Fatal(err)
	}
	stop := make(chan struct{})
	var swaps sync.WaitGroup
	swaps.Add(1)
	go func() {
		defer swaps.Done()
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			src := good
			if i%2 == 0 {
				src = evil
			}
			tmp := path + ".swap"
			os.Remove(tmp)
			if os.Link(src, tmp) == nil {
				os.Rename(tmp, path)
			}
		}
	}()
	started := 0
	for range 50 {
		h, err := Start(context.Background(), []Spec{{Name: "policy", Path: path, SHA256: sum, Origin: OriginConfig}}, Options{StartTimeout: 5 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		if h.Plugins[0].Err == nil {
			started++
		}
		h.Close()
	}
	close(stop)
	swaps.Wait()
	if _, err := os.Stat(ran); err == nil {
		t.Errorf("the script swapped in after the checksum check ran (%d of 50 pinned starts succeeded)", started)
	}
	t.Logf("%d of 50 pinned starts found the pinned binary", started)
}

// TestPinCache: a pinned binary is hashed once, then known by its file's
// identity; written to in place, it is hashed again and refused.
func TestPinCache(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	build(t, "policy")
	path := filepath.Join(t.TempDir(), BinaryPrefix+"policy")
	data, err := os.ReadFile(filepath.Join(binDir, BinaryPrefix+"policy"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o755); err != nil {
		t.Fatal(err)
	}
	sum, _ := FileSHA256(path)
	s := Spec{Name: "policy", Path: path, SHA256: sum, Origin: OriginConfig}
	h, err := Start(context.Background(), []Spec{s}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	p := h.Plugins[0]
	h.Close()
	if p.Err != nil || !p.Pinned {
		t.Fatalf("pinned start: %v", p.Err)
	}
	if entries := readPinCache(); len(entries) != 1 || !strings.HasSuffix(entries[0], " "+sum) {
		t.Fatalf("cache = %q, want the binary's sha256", entries)
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte{0})
	f.Close()
	if _, p := startOne(t, s, Options{}); p.Err == nil || !strings.Contains(p.Err.Error(), "but the config pins") {
		t.Errorf("a binary changed in place started: %v", p.Err)
	}
}

// TestHandshakeUnreadableLine: go-plugin gives an empty "message" when the
// plugin's first stdout line is too long to read; the error says that,
// not that the plugin printed "".
func TestHandshakeUnreadableLine(t *testing.T) {
	p := &Plugin{Spec: Spec{Name: "dump", Path: "/x/mcplint-plugin-dump"}, stderr: &tail{max: 100}}
	err := p.startError(errors.New("Unrecognized remote plugin message: \nFailed to read any lines from plugin's stdout"))
	if msg := err.Error(); strings.Contains(msg, `printed ""`) || !strings.Contains(msg, "not a line go-plugin could read (an empty line, or one over 64 KiB)") {
		t.Errorf("error = %s", msg)
	}
}

// TestPluginFieldCaps runs a plugin that answers with pointers a megabyte
// long: each such issue is refused with an error naming the field, its
// size and the cap, and never reaches the runner.
func TestPluginFieldCaps(t *testing.T) {
	build(t, "hostile")
	h, p := startOne(t, spec("hostile"), Options{})
	if p.Err != nil {
		t.Fatal(p.Err)
	}
	rules := h.Rules()
	h.Configure(context.Background(), rules)
	issues, errs := runner.Run(context.Background(), rules, snapshot())
	want := "its pointer is 976.6 KiB, over the 4 KiB cap"
	if len(errs) != 1 || !strings.Contains(errs[0].Error, want) {
		t.Errorf("errors %v, want one saying %q", errs, want)
	}
	for _, is := range issues {
		if len(is.Pointer) > maxPointer {
			t.Errorf("an issue with a %d-byte pointer got through", len(is.Pointer))
		}
	}
}

// TestPluginInfoCaps checks that an Info answer over a field's cap is
// refused, naming the rule, the field and the cap.
func TestPluginInfoCaps(t *testing.T) {
	info := &pluginpb.InfoResponse{Name: "x", Rules: []*pluginpb.RuleMeta{{Name: "r", Doc: strings.Repeat("d", maxDoc+1)}}}
	if err := checkInfo(info); err == nil || !strings.Contains(err.Error(), `rule "r": its doc is 256.0 KiB, over the 256 KiB cap`) {
		t.Errorf("checkInfo = %v", err)
	}
	info.Rules = make([]*pluginpb.RuleMeta, maxRules+1)
	if err := checkInfo(info); err == nil || !strings.Contains(err.Error(), "1001 rules, over the cap of 1000") {
		t.Errorf("checkInfo = %v", err)
	}
}
