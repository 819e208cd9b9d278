package engine_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/engine"
	"github.com/mcplint/mcplint/engine/internal/target"
)

// TestTraceRecordsKeepTheirLines loads a trace with a blank line and a
// flood of notifications the reader counts rather than keeps: a record
// after them is placed at the line it was read from, and the count the
// reader added at the end at no line.
func TestTraceRecordsKeepTheirLines(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"mcplint_trace":1,"command":["srv"],"started":"2026-01-02T15:04:05Z"}` + "\n")
	b.WriteString(`{"t_ms":1,"dir":"c2s","msg":{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}}` + "\n")
	b.WriteString(`{"t_ms":2,"dir":"s2c","msg":{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"s","version":"1"}}}}` + "\n")
	b.WriteString(`{"t_ms":3,"dir":"c2s","msg":{"jsonrpc":"2.0","method":"notifications/initialized"}}` + "\n\n")
	for i := range 1500 {
		fmt.Fprintf(&b, `{"t_ms":%d,"dir":"s2c","msg":{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"x"}}}`+"\n", 10+i*10)
	}
	b.WriteString(`{"t_ms":20000,"dir":"c2s","msg":{"jsonrpc":"2.0","id":2,"method":"tools/list"}}` + "\n")
	b.WriteString(`{"t_ms":20001,"dir":"s2c","msg":{"jsonrpc":"2.0","id":2,"result":{"tools":[]}}}` + "\n")
	path := filepath.Join(t.TempDir(), "session.jsonl")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	snap, err := engine.LoadTarget(context.Background(), target.Target{Kind: target.Trace, Path: path, Input: "session.jsonl"})
	if err != nil {
		t.Fatal(err)
	}
	// Records: the handshake (0-2), the 1,000 notifications kept (3-1002),
	// tools/list and its answer (1003, 1004), the count (1005). Lines: the
	// header, the handshake (2-4), a blank line, 1,500 notifications
	// (6-1505), tools/list and its answer (1506, 1507).
	if n := len(snap.Transcript.Records); n != 1006 {
		t.Fatalf("%d records, want 1006", n)
	}
	got := snap.Locator.Locate([]string{"/transcript/records/2", "/transcript/records/3", "/transcript/records/1004/msg/result", "/transcript/records/1005"})
	for p, want := range map[string]int{"/transcript/records/2": 4, "/transcript/records/3": 6, "/transcript/records/1004/msg/result": 1507} {
		if got[p].Line != want || got[p].File != "session.jsonl" {
			t.Errorf("%s at %+v, want session.jsonl line %d", p, got[p], want)
		}
	}
	if loc, ok := got["/transcript/records/1005"]; ok {
		t.Errorf("the count the reader added is placed at %+v; it comes from no line", loc)
	}
}
