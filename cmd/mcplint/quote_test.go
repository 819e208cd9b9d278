package main

import (
	"os"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/engine/mcptest"
)

// TestTextQuotesRecords: a finding in the transcript of a trace is
// printed with the record it points at (in the main session or a probe's),
// escaped and cut short; the findings elsewhere are printed as before.
func TestTextQuotesRecords(t *testing.T) {
	data, err := os.ReadFile("testdata/traces/quoted.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	runGolden(t, []cliCase{
		{name: "trace-quotes-records", files: map[string]string{"session.jsonl": string(data)}, args: []string{"--no-plugins", "--color", "never", "session.jsonl"}},
		{name: "trace-compact-unchanged", files: map[string]string{"session.jsonl": string(data)}, args: []string{"--no-plugins", "-f", "compact", "session.jsonl"}},
	})
}

// TestLiveTextQuotesRecords: a live lint's text report quotes the record
// a conformance finding points at, as a trace's does. The probes' requests
// go out in one order on every run, so the ping is always the session's
// sixth request (after discover, initialize, tools/list, the unknown
// method and the unknown tool).
func TestLiveTextQuotesRecords(t *testing.T) {
	out, stderr, _ := runCLI(t, t.TempDir(), "--no-plugins", "--color", "never", "--", mcptest.Server(t, "badping"))
	const want = "    error   ping-response  /transcript/records/"
	i := strings.Index(out, want)
	if i < 0 {
		t.Fatalf("no ping-response finding:\n%s%s", out, stderr)
	}
	lines := strings.Split(out[i:], "\n")
	if len(lines) < 3 || lines[2] != `            server sent: {"error":{"code":-32601,"message":"Method not found: ping"},"id":6,"jsonrpc":"2.0"}` {
		t.Errorf("the finding does not quote the ping's answer:\n%s", strings.Join(lines[:min(len(lines), 5)], "\n"))
	}
}
