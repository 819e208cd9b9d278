package report

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/sdk"
)

func TestEscape(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"plain text", "plain text"},
		{"abc\u202edef", `abc\u202edef`},
		{"x\U000E0041\U000E0042y", `x\U000e0041\U000e0042y`},
		{"red \x1b[31mX", `red \x1b[31mX`},
		{`literal \x1b[31m`, `literal \x1b[31m`},
		{"a\u200bb", `a\u200bb`},
		{"tab\there\nnext", `tab\there\nnext`},
		{"c1 \u009b", `c1 \x9b`},
		{"bad \xff utf8", `bad \xff utf8`},
		{"héllo 日本 🙂", "héllo 日本 🙂"},
		{"vs \ufe0f", `vs \ufe0f`},
		{"sep\u2028", `sep\u2028`},
	} {
		if got := Escape(tc.in); got != tc.want {
			t.Errorf("Escape(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func sample() *result.Report {
	errText := "server exited before the handshake: exit status 1; its last stderr lines:\nTraceback (most recent call last):\n    error   forged-rule  looks like a report line"
	return &result.Report{
		Version: result.Version, Mcplint: "0.1.0",
		Targets: []*result.Target{
			{
				Name: "weather", Source: sdk.SourceStatic, Input: "tools.json",
				Counts: result.Counts{Tools: 2}, ContextTokens: 1234, Score: 0.71, Grade: "C",
				Components: map[string]float64{"lint": 0.71},
				Tools: []result.ToolCapabilities{{Name: "get_forecast", Capabilities: []result.Capability{
					{Label: "untrusted-content", Evidence: []string{`name "get_forecast": "get" + "forecast"`, `parameter "url"`}}}}},
				Issues: []sdk.Issue{
					{Rule: "input-schema-missing", Category: "schema", Severity: sdk.Error, Tool: "get_forecast",
						Pointer: "/tools/0/inputSchema", Message: "tool \"get_forecast\" has no inputSchema",
						Fix: "add \"inputSchema\": {\"type\": \"object\"}", Location: &sdk.Location{File: "tools.json", Line: 4, Column: 5}},
					{Rule: "hidden-unicode-tag", Category: "security", Severity: sdk.Error, Tool: "evil\u202etool",
						Pointer: "/tools/1/description", Message: "hidden text: \"\U000E0069\U000E0067\" \x1b[2J",
						Fix: "remove the tag characters"},
				},
				Suppressed: []result.Suppressed{{Issue: sdk.Issue{Rule: "description-too-short", Category: "quality", Severity: sdk.Warning,
					Tool: "get_forecast", Pointer: "/tools/0/description", Message: "short", Fix: "longer"}, By: result.ByConfig, Reason: "terse on purpose"}},
			},
			{Name: "broken", Source: sdk.SourceStatic, Input: "broken.json", Error: &errText, Grade: "F",
				Components: map[string]float64{}, Issues: []sdk.Issue{}, Suppressed: []result.Suppressed{}},
		},
		Skipped: []result.Skipped{{Name: "remote", Input: "mcp.json", Reason: "remote server (http) at https://example.com/mcp: mcplint lints stdio servers"}},
		Summary: result.Summary{Errors: 2},
	}
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if os.Getenv("MCPLINT_UPDATE_GOLDEN") != "" {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (MCPLINT_UPDATE_GOLDEN=1 creates it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs:\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

func TestWriteText(t *testing.T) {
	for _, tc := range []struct {
		name string
		opt  TextOptions
	}{{"report.txt", TextOptions{}}, {"report.color.txt", TextOptions{Color: true}}} {
		var buf bytes.Buffer
		if err := WriteText(&buf, sample(), tc.opt); err != nil {
			t.Fatal(err)
		}
		golden(t, tc.name, buf.Bytes())
		if !tc.opt.Color && bytes.ContainsAny(buf.Bytes(), "\x1b\u202e") {
			t.Errorf("plain text report carries a raw ESC or bidi override")
		}
		for _, line := range strings.Split(buf.String(), "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), "error   forged-rule") {
				t.Errorf("server text forged a report line: %q", line)
			}
		}
	}
}

func TestWriteJSON(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteJSON(&buf, sample()); err != nil {
		t.Fatal(err)
	}
	golden(t, "report.json", buf.Bytes())
	if strings.ContainsRune(buf.String(), '\u202e') || strings.ContainsRune(buf.String(), 0xE0069) {
		t.Errorf("JSON report carries raw bidi or tag characters")
	}
	var back result.Report
	if err := json.Unmarshal(buf.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	if got, want := back.Targets[0].Issues[1].Message, sample().Targets[0].Issues[1].Message; got != want {
		t.Errorf("escaping lost text: got %q, want %q", got, want)
	}
	ValidateAgainstSchema(t, buf.Bytes())
}

// ValidateAgainstSchema checks a JSON report against docs/schema/report.v1.json.
func ValidateAgainstSchema(t *testing.T, report []byte) {
	t.Helper()
	c := jsonschema.NewCompiler()
	sch, err := c.Compile(filepath.Join("..", "..", "docs", "schema", "report.v1.json"))
	if err != nil {
		t.Fatal(err)
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(report))
	if err != nil {
		t.Fatal(err)
	}
	if err := sch.Validate(inst); err != nil {
		t.Errorf("report does not match docs/schema/report.v1.json:\n%v", err)
	}
}
