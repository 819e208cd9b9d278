package main

import (
	"os"
	"regexp"
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
// a conformance finding points at, as a trace's does.
func TestLiveTextQuotesRecords(t *testing.T) {
	out, stderr, _ := runCLI(t, t.TempDir(), "--no-plugins", "--color", "never", "--", mcptest.Server(t, "badping"))
	const want = "    error   ping-response  /transcript/records/"
	i := strings.Index(out, want)
	if i < 0 {
		t.Fatalf("no ping-response finding:\n%s%s", out, stderr)
	}
	// The in-session probes are sent at once, so the ping's id is the
	// one it drew among them: the quote must be its answer, whatever the
	// id, and the id the message names.
	lines := strings.Split(out[i:], "\n")
	quote := regexp.MustCompile(`^            server sent: \{"error":\{"code":-32601,"message":"Method not found: ping"\},"id":([0-9]+),"jsonrpc":"2.0"\}$`)
	if len(lines) < 3 {
		t.Fatalf("the finding is cut short:\n%s", out[i:])
	}
	m := quote.FindStringSubmatch(lines[2])
	if m == nil || !strings.Contains(lines[1], `"id":`+m[1]+`,`) {
		t.Errorf("the finding does not quote the ping's answer:\n%s", strings.Join(lines[:min(len(lines), 5)], "\n"))
	}
}
