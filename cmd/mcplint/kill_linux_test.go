package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// processesUnder lists the live processes whose executable lies in dir,
// from the process table.
func processesUnder(dir string) []string {
	exes, _ := filepath.Glob("/proc/[0-9]*/exe")
	var out []string
	for _, e := range exes {
		target, err := os.Readlink(e)
		if err != nil || !strings.HasPrefix(target, dir+"/") {
			continue
		}
		// A zombie has no exe link; one that has one is alive.
		out = append(out, strings.TrimSuffix(strings.TrimPrefix(e, "/proc/"), "/exe")+" "+target)
	}
	return out
}

// killUnder kills what processesUnder finds, so that a failed test leaves
// nothing running.
func killUnder(dir string) {
	for _, p := range processesUnder(dir) {
		pid, _, _ := strings.Cut(p, " ")
		if n, err := strconv.Atoi(pid); err == nil {
			syscall.Kill(n, syscall.SIGKILL)
		}
	}
}

// waitFor polls cond for up to 20 seconds: it guards against a hang, and
// measures nothing.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); !cond(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting for %s", what)
		}
	}
}

// TestKill9DuringPluginCheck kills mcplint with SIGKILL while a plugin is
// in Check: the plugin dies with it, and no socket folder is left in the
// temporary folder.
func TestKill9DuringPluginCheck(t *testing.T) {
	bin := t.TempDir()
	t.Cleanup(func() { killUnder(bin) })
	mcplint := buildInto(t, bin, "mcplint", ".")
	buildInto(t, bin, "mcplint-plugin-hang", "../../plugins/testdata/hang")
	dir, tmp := t.TempDir(), t.TempDir()
	writeFile(t, dir, "tools.json", `{"tools":[{"name":"a","description":"A tool that does a thing."}]}`)
	writeFile(t, dir, ".mcplint.toml", "version = 1\n[[plugin]]\nname = \"hang\"\npath = \""+filepath.Join(bin, "mcplint-plugin-hang")+"\"\n")
	inCheck := filepath.Join(tmp, "in-check")
	cmd := exec.Command(mcplint, "tools.json")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "TMPDIR="+tmp, "MCPLINT_TEST_IN_CHECK="+inCheck)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	waitFor(t, "the plugin's Check", func() bool { _, err := os.Stat(inCheck); return err == nil })
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	waitFor(t, "the plugin to die with mcplint", func() bool { return len(processesUnder(bin)) == 0 })
	if left, _ := filepath.Glob(filepath.Join(tmp, "mcplint-plugins-*")); len(left) > 0 {
		t.Errorf("socket folders left behind: %v", left)
	}
}

// TestStaleSocketFolderRemoved: a socket folder of an mcplint that is gone
// (killed while its plugins started) is removed by the next run with
// plugins.
func TestStaleSocketFolderRemoved(t *testing.T) {
	bin := t.TempDir()
	mcplint := buildInto(t, bin, "mcplint", ".")
	buildInto(t, bin, "mcplint-plugin-policy", "../../plugins/examples/policy")
	dir, tmp := t.TempDir(), t.TempDir()
	// A pid that is free: a process that has exited and been reaped.
	gone := exec.Command("true")
	if err := gone.Run(); err != nil {
		t.Fatal(err)
	}
	stale := filepath.Join(tmp, "mcplint-plugins-"+strconv.Itoa(gone.Process.Pid)+"-123")
	if err := os.MkdirAll(filepath.Join(stale, "plugin1"), 0o700); err != nil {
		t.Fatal(err)
	}
	writeFile(t, dir, "tools.json", `{"tools":[]}`)
	writeFile(t, dir, ".mcplint.toml", "version = 1\n[[plugin]]\nname = \"policy\"\npath = \""+filepath.Join(bin, "mcplint-plugin-policy")+"\"\n")
	cmd := exec.Command(mcplint, "tools.json")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Errorf("the stale socket folder is still there (%v)", err)
	}
}

// TestDetachedGrandchildReaped lints a server whose child calls setsid:
// once mcplint has exited, neither the server nor its detached child is
// left.
func TestDetachedGrandchildReaped(t *testing.T) {
	bin := t.TempDir()
	t.Cleanup(func() { killUnder(bin) })
	mcplint := buildInto(t, bin, "mcplint", ".")
	server := buildInto(t, bin, "detach", "../../testdata/servers/detach")
	cmd := exec.Command(mcplint, "--no-plugins", "--", server)
	cmd.Dir = t.TempDir()
	if out, err := cmd.CombinedOutput(); err != nil && cmd.ProcessState.ExitCode() > 1 {
		t.Fatalf("%v\n%s", err, out)
	}
	// Reaped means gone by the time mcplint has exited; a moment for the
	// kernel to tear the killed processes down.
	waitFor(t, "the detached child to be gone", func() bool { return len(processesUnder(bin)) == 0 })
}

// TestKill9DuringLiveLint kills mcplint with SIGKILL while a server it
// started is answering tools/list: the server dies with it.
func TestKill9DuringLiveLint(t *testing.T) {
	bin := t.TempDir()
	t.Cleanup(func() { killUnder(bin) })
	mcplint := buildInto(t, bin, "mcplint", ".")
	server := buildInto(t, bin, "detach", "../../testdata/servers/detach")
	inList := filepath.Join(t.TempDir(), "in-list")
	cmd := exec.Command(mcplint, "--no-plugins", "--timeout", "5m", "--", server)
	cmd.Dir = t.TempDir()
	cmd.Env = append(os.Environ(), "DETACH_STALL="+inList)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	waitFor(t, "the server to get tools/list", func() bool { _, err := os.Stat(inList); return err == nil })
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	waitFor(t, "the server to die with mcplint", func() bool {
		for _, p := range processesUnder(bin) {
			// The detached child is the server's, beyond the reach of a
			// dead mcplint; the server itself must be gone.
			pid, _, _ := strings.Cut(p, " ")
			env, _ := os.ReadFile("/proc/" + pid + "/environ")
			if !strings.Contains(string(env), "DETACH_CHILD=1") {
				return false
			}
		}
		return true
	})
}
