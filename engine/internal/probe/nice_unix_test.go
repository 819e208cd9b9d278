//go:build unix

package probe

import (
	"os/exec"
	"syscall"
	"testing"
	"time"
)

// mustNice is the nice value of process group pgid's processes.
func mustNice(t *testing.T, pgid int) int {
	t.Helper()
	n, err := niceOf(pgid)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// A probe's server yields probeNice below the priority it was started at
// (the lint's, or here a lower one), not to a fixed value that could be
// above the lint's.
func TestYieldCPUIsRelative(t *testing.T) {
	cmd := exec.Command("nice", "-n", "3", "sleep", "60")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Skipf("nice: %v", err)
	}
	t.Cleanup(func() {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		cmd.Wait()
	})
	pgid := cmd.Process.Pid
	base := mustNice(t, 0)
	// nice execs sleep in the same process: wait until it has set its
	// priority.
	for range 1000 {
		if mustNice(t, pgid) != base {
			break
		}
		time.Sleep(time.Millisecond)
	}
	started := mustNice(t, pgid)
	if started == base {
		t.Skip("nice did not lower the priority")
	}
	yieldCPU(pgid)
	if got, want := mustNice(t, pgid), min(started+probeNice, 19); got != want {
		t.Errorf("nice %d, want %d (%d below the %d it started at)", got, want, probeNice, started)
	}
}
