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
// above the lint's, and gets it back once the main server has answered.
func TestYieldCPUIsRelativeAndRestored(t *testing.T) {
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
	// nice execs sleep in the same process: wait until it has set its
	// priority.
	for range 1000 {
		if mustNice(t, pgid) != 0 {
			break
		}
		time.Sleep(time.Millisecond)
	}
	started := mustNice(t, pgid)
	if started == 0 {
		t.Skip("nice did not lower the priority")
	}
	restore := yieldCPU(pgid)
	if got, want := mustNice(t, pgid), min(started+probeNice, 19); got != want {
		t.Errorf("nice %d while the main server starts, want %d (%d below %d)", got, want, probeNice, started)
	}
	restore()
	if got := mustNice(t, pgid); got != started {
		if syscall.Getuid() != 0 {
			t.Skipf("nice %d after restore, want %d: raising a priority back needs privileges", got, started)
		}
		t.Errorf("nice %d once the main server has answered, want %d", got, started)
	}
}
