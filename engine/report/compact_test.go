package report

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/sdk"
)

// repeatedSample is richSample with a live target whose one rule fires
// five times and another rule once: what --max-same-issues shortens.
func repeatedSample() *result.Report {
	r := richSample()
	live := &result.Target{Name: "notes\u202e", Source: sdk.SourceLive, Input: "node server.js",
		Counts: result.Counts{Tools: 5}, Score: 0.5, Grade: "F", Components: map[string]float64{"lint": 0.5}}
	for i := range 5 {
		live.Issues = append(live.Issues, sdk.Issue{Rule: "parameter-description-missing", Category: "quality", Severity: sdk.Warning,
			Tool: fmt.Sprintf("tool_%d", i), Pointer: sdk.ToolPointer(i, "inputSchema", "properties", "id"),
			Message: fmt.Sprintf("parameter \"id\" of tool_%d has no description", i), Fix: "add a description"})
	}
	live.Issues = append(live.Issues, sdk.Issue{Rule: "annotations-missing", Category: "quality", Severity: sdk.Info,
		Tool: "tool_0", Pointer: "/tools/0", Message: "tool_0 has no annotations", Fix: "add annotations", Count: 2})
	r.Targets = append(r.Targets, live)
	r.Summary.Warnings += 5
	r.Summary.Infos++
	return r
}

func TestWriteCompact(t *testing.T) {
	for _, tc := range []struct {
		name string
		max  int
	}{{"report.compact.txt", 0}, {"report.compact.capped.txt", 3}} {
		var buf bytes.Buffer
		if err := WriteCompact(&buf, repeatedSample(), TextOptions{MaxSameIssues: tc.max}); err != nil {
			t.Fatal(err)
		}
		golden(t, tc.name, buf.Bytes())
		if bytes.ContainsAny(buf.Bytes(), "\x1b\u202e\r") {
			t.Errorf("compact report carries a raw ESC, CR or bidi override")
		}
		for _, line := range strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n") {
			if strings.Contains(line, "forged-rule") && !strings.Contains(line, "could not lint") {
				t.Errorf("server text made a line of its own: %q", line)
			}
		}
	}
}

// TestMaxSameIssues: the cap shortens what the text report prints, never
// what it counts: the summary still says every warning.
func TestMaxSameIssues(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteText(&buf, repeatedSample(), TextOptions{MaxSameIssues: 3}); err != nil {
		t.Fatal(err)
	}
	golden(t, "report.capped.txt", buf.Bytes())
	out := buf.String()
	if n := strings.Count(out, "parameter-description-missing  /tools/"); n != 3 {
		t.Errorf("printed %d parameter-description-missing issues, want 3", n)
	}
	if !strings.Contains(out, "… and 2 more parameter-description-missing issues (--max-same-issues 0 shows all)") {
		t.Errorf("no line counts the hidden issues:\n%s", out)
	}
	if !strings.Contains(out, "6 warnings") {
		t.Errorf("the summary does not count the hidden issues:\n%s", out)
	}
}

func TestCapSame(t *testing.T) {
	mk := func(rules ...string) []sdk.Issue {
		var out []sdk.Issue
		for _, r := range rules {
			out = append(out, sdk.Issue{Rule: r})
		}
		return out
	}
	rules := func(issues []sdk.Issue) string {
		var names []string
		for _, is := range issues {
			names = append(names, is.Rule)
		}
		return strings.Join(names, ",")
	}
	for _, tc := range []struct {
		in         []sdk.Issue
		max        int
		shown, mor string
	}{
		{mk("a", "a", "a"), 0, "a,a,a", ""},
		{mk("a", "a", "a"), 3, "a,a,a", ""},
		{mk("a", "b", "a", "a", "b", "a"), 2, "a,b,a,b", "a:2"},
		{mk("b", "a", "b", "a", "b", "a"), 1, "b,a", "b:2 a:2"},
		{nil, 3, "", ""},
	} {
		shown, hidden := capSame(tc.in, tc.max)
		var mor []string
		for _, h := range hidden {
			mor = append(mor, fmt.Sprintf("%s:%d", h.rule, h.n))
		}
		if rules(shown) != tc.shown || strings.Join(mor, " ") != tc.mor {
			t.Errorf("capSame(%s, %d) = %s, %v; want %s, %s", rules(tc.in), tc.max, rules(shown), mor, tc.shown, tc.mor)
		}
	}
}
