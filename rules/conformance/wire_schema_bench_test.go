package conformance

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/mcplint/mcplint/sdk"
)

// bigSession is a legacy session whose tools/list answer carries n tools,
// the published servers' tools (testdata/realservers) renamed round after
// round.
func bigSession(tb testing.TB, n int) (*sdk.Snapshot, []byte) {
	files, err := filepath.Glob("../../testdata/realservers/*.json")
	if err != nil || len(files) == 0 {
		tb.Fatalf("no real tool lists: %v", err)
	}
	var pool []map[string]any
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		var d struct {
			Tools []map[string]any `json:"tools"`
		}
		if err := json.Unmarshal(b, &d); err != nil {
			tb.Fatal(err)
		}
		pool = append(pool, d.Tools...)
	}
	tools := make([]any, n)
	for i := range tools {
		t := map[string]any{}
		for k, v := range pool[i%len(pool)] {
			t[k] = v
		}
		t["name"] = fmt.Sprintf("%s_%d", t["name"], i/len(pool))
		tools[i] = t
	}
	result, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 2, "result": map[string]any{"tools": tools}})
	if err != nil {
		tb.Fatal(err)
	}
	rec := func(dir, msg string) sdk.Record { return sdk.Record{Dir: dir, Msg: json.RawMessage(msg)} }
	return &sdk.Snapshot{Era: sdk.EraLegacy, ProtocolVersion: "2025-11-25", Transcript: &sdk.Transcript{Records: []sdk.Record{
		rec(sdk.DirClientToServer, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"mcplint","version":"0"}}}`),
		rec(sdk.DirServerToClient, `{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"big","version":"1"}}}`),
		rec(sdk.DirClientToServer, `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`),
		{Dir: sdk.DirServerToClient, Msg: result},
	}}}, result
}

// BenchmarkWireSchema validates a 10,000-tool tools/list answer and
// reports its cost against decoding the same bytes with encoding/json
// (the yardstick of the static benchmark).
func BenchmarkWireSchema(b *testing.B) {
	snap, raw := bigSession(b, 10000)
	var rule, decode time.Duration
	for range b.N {
		began := time.Now()
		if err := (wireSchema{}).Check(context.Background(), snap, func(i sdk.Issue) { b.Fatalf("finding on a valid list: %+v", i) }); err != nil {
			b.Fatal(err)
		}
		rule += time.Since(began)
		began = time.Now()
		var v any
		if err := json.Unmarshal(raw, &v); err != nil {
			b.Fatal(err)
		}
		decode += time.Since(began)
	}
	b.ReportMetric(float64(len(raw))/1e6, "MB")
	b.ReportMetric(float64(rule.Microseconds())/float64(b.N)/1000, "rule-ms/op")
	b.ReportMetric(float64(decode.Microseconds())/float64(b.N)/1000, "decode-ms/op")
	b.ReportMetric(float64(rule)/float64(decode), "ratio")
}
