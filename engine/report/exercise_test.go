package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/sdk"
)

// exercisedSample is a live target whose tools were exercised: one tool
// fails as a protocol error, one works, one has a hostile name and result.
func exercisedSample() *result.Report {
	scenarios := []result.ExerciseCall{
		{Tool: "lookup_order", Scenario: "happy-1", Kind: result.Happy, Arguments: json.RawMessage(`{"order_id":"ORD-000000"}`),
			Outcome: result.OutcomeProtocolError, LatencyMs: 1.2, Error: "JSON-RPC error -32603: database unavailable", Record: 8},
		{Tool: "lookup_order", Scenario: "edge-missing-required", Kind: result.Edge, Arguments: json.RawMessage(`{}`), Passed: true,
			Outcome: result.OutcomeProtocolError, LatencyMs: 0.8, Error: "JSON-RPC error -32603: database unavailable", Record: 11},
		{Tool: "get_time", Scenario: "happy-1", Kind: result.Happy, Arguments: json.RawMessage(`{"zone":"UTC"}`), Passed: true,
			Outcome: result.OutcomeOK, LatencyMs: 2.5, Excerpt: "2025-01-15T12:00:00Z", Record: 14},
		{Tool: "get_time", Scenario: "edge-wrong-type", Kind: result.Edge, Arguments: json.RawMessage(`{"zone":12345}`), Passed: true,
			Outcome: result.OutcomeToolError, LatencyMs: 0.4, Excerpt: "zone must be a name", Error: "the tool reported an error (isError: true)", Record: 17},
		{Tool: "evil|tool\u202e", Scenario: "happy-1", Kind: result.Happy, BestEffort: true, Arguments: json.RawMessage(`{"q":"a|b"}`),
			Outcome: result.OutcomeToolError, LatencyMs: 1520, Excerpt: "`rm -rf` <b>@octocat\x1b[2J\n[image image/png]", Error: "the tool reported an error (isError: true)", Record: 20},
		{Tool: "evil|tool\u202e", Scenario: "edge-empty", Kind: result.Edge, Arguments: json.RawMessage(`{"q":""}`),
			Outcome: result.OutcomeTimeout, Error: "tools/call got no answer in 10s", Record: 23},
	}
	res := &result.Exercise{
		Scenarios: scenarios,
		Tools: []result.ToolSummary{
			{Tool: "lookup_order", Passed: 1, Total: 2, AvgLatencyMs: 1},
			{Tool: "get_time", Passed: 2, Total: 2, AvgLatencyMs: 1.5},
			{Tool: "evil|tool\u202e", Passed: 0, Total: 2, AvgLatencyMs: 1520},
		},
		Happy: result.Tally{Passed: 1, Total: 3},
		Edge:  result.Tally{Passed: 2, Total: 3},
	}
	return &result.Report{
		Version: result.Version, Mcplint: "0.1.0",
		Targets: []*result.Target{{
			Name: "orders", Source: sdk.SourceLive, Input: "./server",
			Server: &sdk.Implementation{Name: "orders", Version: "1.0.0"}, ProtocolVersion: "2025-11-25", Era: sdk.EraLegacy,
			Counts: result.Counts{Tools: 3}, ContextTokens: 412, Score: 0.781, Grade: "C",
			Components: map[string]float64{"lint": 0.95, "conformance": 0.8, "happy-path": 0.333, "edge": 0.667},
			Issues: []sdk.Issue{
				{Rule: "slow-response", Category: "conformance", Severity: sdk.Warning, Tool: "evil|tool\u202e",
					Pointer: "/transcript/records/21", Message: `tools/call of "evil|tool" took 1520 ms to answer, over the 1000 ms budget`, Fix: "make the tool faster"},
				{Rule: "tool-error-as-protocol-error", Category: "conformance", Severity: sdk.Warning, Tool: "lookup_order",
					Pointer: "/transcript/records/9", Message: `calling "lookup_order" got JSON-RPC error -32603`, Fix: `return the failure as a result with "isError": true`},
				{Rule: "parameter-description-missing", Category: "quality", Severity: sdk.Info, Tool: "get_time",
					Pointer: "/tools/1/inputSchema/properties/zone", Message: `parameter "zone" has no description`, Fix: "describe it"},
			},
			Suppressed: []result.Suppressed{},
			Exercise:   res,
		}},
		Summary: result.Summary{Warnings: 2, Infos: 1},
	}
}

func TestExerciseFormats(t *testing.T) {
	for _, tc := range []struct {
		name  string
		write func(*bytes.Buffer, *result.Report) error
	}{
		{"report.exercise.md", func(b *bytes.Buffer, r *result.Report) error { return WriteMarkdown(b, r) }},
		{"report.exercise.txt", func(b *bytes.Buffer, r *result.Report) error { return WriteText(b, r, TextOptions{}) }},
		{"report.exercise.json", func(b *bytes.Buffer, r *result.Report) error { return WriteJSON(b, r) }},
	} {
		var buf bytes.Buffer
		if err := tc.write(&buf, exercisedSample()); err != nil {
			t.Fatal(err)
		}
		golden(t, tc.name, buf.Bytes())
		out := buf.String()
		if strings.ContainsRune(out, '\u202e') || strings.ContainsRune(out, 0x1b) {
			t.Errorf("%s carries a raw bidi override or ESC", tc.name)
		}
		for _, c := range []string{"lint", "conformance", "happy-path", "edge"} {
			if !strings.Contains(strings.ToLower(out), c) {
				t.Errorf("%s does not show the %s component", tc.name, c)
			}
		}
		if strings.HasSuffix(tc.name, ".json") {
			ValidateAgainstSchema(t, buf.Bytes())
		}
	}
}

func TestMarkdownScorecard(t *testing.T) {
	var buf bytes.Buffer
	WriteMarkdown(&buf, exercisedSample())
	out := buf.String()
	for _, want := range []string{
		"| orders | **C** | 0.78 | 0.95 | 0.80 | 0.33 | 0.67 | 3 | 412 |",
		"| lookup\\_order | ❌ 1/2 | 0/1 | 1/1 | 1.0 ms | happy-1: JSON-RPC error -32603: database unavailable |",
		"| get\\_time | ✅ 2/2 | 1/1 | 1/1 | 1.5 ms |  |",
		"**Exercised** 6 scenarios of 3 tools: happy path 1/3 passed, edge cases 2/3 answered.",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("scorecard lacks %q", want)
		}
	}
}
