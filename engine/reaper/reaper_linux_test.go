package reaper

import (
	"os/exec"
	"slices"
	"strconv"
	"syscall"
	"testing"
)

// TestKillAdopted: an orphan that detached (setsid) from a shell that has
// exited is adopted, found by both ways of listing children, and killed.
func TestKillAdopted(t *testing.T) {
	if !Start() {
		t.Skip("no child subreaper here")
	}
	out, err := exec.Command("sh", "-c", "setsid sleep 300 >/dev/null 2>&1 & echo $!").Output()
	if err != nil {
		t.Fatal(err)
	}
	pid, err := strconv.Atoi(string(out[:len(out)-1]))
	if err != nil {
		t.Fatalf("the shell said %q", out)
	}
	t.Cleanup(func() { syscall.Kill(pid, syscall.SIGKILL) })
	byThread, byTable := children(), childrenFromTable()
	slices.Sort(byThread)
	slices.Sort(byTable)
	if !slices.Contains(byThread, pid) || !slices.Equal(byThread, byTable) {
		t.Fatalf("children by thread %v, by the process table %v: want the same orphan in both", byThread, byTable)
	}
	if n := KillAdopted(); n != len(byThread) {
		t.Errorf("KillAdopted killed %d, want %d", n, len(byThread))
	}
	if left := children(); len(left) > 0 {
		t.Errorf("children left after KillAdopted: %v", left)
	}
}
