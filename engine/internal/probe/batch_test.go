package probe

import (
	"context"
	"os/exec"
	"testing"
	"time"

	"github.com/mcplint/mcplint/engine/internal/mcp"
)

// A batch waits only for requests that went out: when beginEach sends
// nothing because its first request cannot be sent, it says so, and the
// probe adds no wait to the batch.
func TestBeginEachSendsNothingToAGoneServer(t *testing.T) {
	if _, err := exec.LookPath("true"); err != nil {
		t.Skip("no true(1) to stand for a server that exits at once")
	}
	ctx := context.Background()
	c, err := mcp.Start(ctx, []string{"true"}, mcp.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	select {
	case <-c.Transport().Gone():
	case <-time.After(time.Minute):
		t.Fatal("the server that exits at once is still there after a minute")
	}
	wait, err := beginEach(c, []string{"ping", "ping"}, []map[string]any{nil, nil}, time.Second)
	if err == nil || wait != nil {
		t.Fatalf("beginEach to a gone server = (wait %v, error %v), want no wait and the send's error", wait != nil, err)
	}
	b := &batch{rec: c.Recorder()}
	b.add(ctx, "two-pings", func() (begun, error) {
		return beginEach(c, []string{"ping", "ping"}, []map[string]any{nil, nil}, time.Second)
	})
	if len(b.waits) != 0 {
		t.Fatalf("the batch keeps %d waits for requests never sent, want 0", len(b.waits))
	}
}
