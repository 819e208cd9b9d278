package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// loopTrace is a recorded session in which the server sends an undeclared
// sampling/createMessage n times while the client waits for tools/list.
func loopTrace(n int) string {
	var b strings.Builder
	b.WriteString(`{"mcplint_trace":1,"command":["./loop"],"started":"2026-11-29T12:00:00Z"}` + "\n")
	rec := func(t float64, dir, msg string) { fmt.Fprintf(&b, `{"t_ms":%g,"dir":%q,"msg":%s}`+"\n", t, dir, msg) }
	rec(1, "c2s", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"mcplint","version":"0.1.0"}}}`)
	rec(2, "s2c", `{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"loop","version":"1.0.0"}}}`)
	rec(3, "c2s", `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	rec(4, "c2s", `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`)
	for i := range n {
		id := fmt.Sprintf(`"s%d"`, i)
		rec(5+float64(i), "s2c", `{"jsonrpc":"2.0","id":`+id+`,"method":"sampling/createMessage","params":{"messages":[],"maxTokens":10}}`)
		rec(5.5+float64(i), "c2s", `{"jsonrpc":"2.0","id":`+id+`,"error":{"code":-32601,"message":"Method not found"}}`)
	}
	rec(float64(n)+10, "s2c", `{"jsonrpc":"2.0","id":2,"result":{"tools":[{"name":"get_weather","description":"Returns the current weather for a city, in metric units.","inputSchema":{"type":"object","properties":{"city":{"type":"string","description":"City name"}},"required":["city"]},"annotations":{"readOnlyHint":true,"destructiveHint":false}}]}}`)
	return b.String()
}

// TestRepeatedFindingsCollapse checks issue 20's loop: one finding with a
// count, in JSON and in the text report, and a baseline that still hides
// every repeat.
func TestRepeatedFindingsCollapse(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "loop.jsonl", loopTrace(300))
	stdout, stderr, code := runCLI(t, dir, "--only", "server-request-undeclared", "-f", "json", "loop.jsonl")
	var rep struct {
		Targets []struct {
			Issues []struct {
				Rule    string
				Pointer string
				Count   int
			}
		}
	}
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil || len(rep.Targets) != 1 {
		t.Fatalf("exit %d, %v\n%s\n%s", code, err, stdout, stderr)
	}
	issues := rep.Targets[0].Issues
	if len(issues) != 1 || issues[0].Rule != "server-request-undeclared" || issues[0].Count != 300 || issues[0].Pointer != "/transcript/records/4" {
		t.Fatalf("issues %+v, want one server-request-undeclared at the first request (record 4) with count 300", issues)
	}
	stdout, _, _ = runCLI(t, dir, "--only", "server-request-undeclared", "loop.jsonl")
	if !strings.Contains(stdout, "(300 times; the first is shown)") || strings.Count(stdout, "server-request-undeclared") != 1 {
		t.Errorf("text report, want one finding that says 300 times:\n%s", stdout)
	}

	if _, stderr, code := runCLI(t, dir, "baseline", "--only", "server-request-undeclared", "loop.jsonl"); code != exitOK {
		t.Fatalf("baseline: exit %d\n%s", code, stderr)
	}
	stdout, stderr, code = runCLI(t, dir, "--only", "server-request-undeclared", "--baseline", ".mcplint-baseline.json", "-f", "json", "loop.jsonl")
	if code != exitOK || strings.Contains(stdout, `"count"`) || strings.Count(stdout, `"by": "baseline"`) != 300 {
		t.Errorf("exit %d: the baseline must hide all 300 repeats, one by one\n%s\n%s", code, stdout, stderr)
	}
}
