//go:build unix

package record

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"syscall"
	"testing"
	"time"
)

// running returns the pid of the process that printed "grandchild PID" on
// the client's stderr, after checking that it runs.
func running(t *testing.T, stderr *syncBuffer) int {
	t.Helper()
	stderr.waitFor(t, "grandchild ")
	var pid int
	fmt.Sscanf(string(stderr.Bytes()), "grandchild %d", &pid)
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err == nil && bytes.Contains(stat, []byte(") Z ")) || syscall.Kill(pid, 0) != nil {
		t.Fatalf("grandchild %d is not running before the session ends: %q", pid, stat)
	}
	return pid
}

// assertGone fails unless the process has ended (a zombie still waiting for
// its reaper counts as ended: it runs nothing).
func assertGone(t *testing.T, pid int) {
	t.Helper()
	if pid <= 0 {
		t.Fatal("no grandchild pid")
	}
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		err := syscall.Kill(pid, 0)
		if errors.Is(err, syscall.ESRCH) {
			return
		}
		if stat, _ := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid)); bytes.Contains(stat, []byte(") Z ")) {
			return
		}
	}
	t.Errorf("grandchild %d is still running: the server's process group was orphaned", pid)
}
