package report

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/sdk"
)

func TestWriteSARIF(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteSARIF(&buf, richSample(), sampleMetas()); err != nil {
		t.Fatal(err)
	}
	golden(t, "report.sarif", buf.Bytes())
	if strings.ContainsRune(buf.String(), '\u202e') || strings.ContainsRune(buf.String(), 0xE0069) || strings.ContainsRune(buf.String(), 0x1b) {
		t.Errorf("SARIF report carries raw bidi, tag or escape characters")
	}

	var log sarifLog
	if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	run := log.Runs[0]
	named := map[string]bool{}
	for _, res := range run.Results {
		named[res.RuleID] = true
	}
	for _, n := range run.Invocations[0].Notifications {
		if n.AssociatedRule != nil {
			named[n.AssociatedRule.ID] = true
		}
	}
	if got := len(run.Tool.Driver.Rules); got != len(named) || got >= len(sampleMetas()) {
		t.Errorf("driver lists %d rules, want the %d the log names of the %d given", got, len(named), len(sampleMetas()))
	}
	for _, d := range run.Tool.Driver.Rules {
		if !named[d.ID] {
			t.Errorf("driver lists %s, which no result names", d.ID)
		}
		if d.HelpURI != "" {
			t.Errorf("%s has helpUri %q without a help-uri", d.ID, d.HelpURI)
		}
	}
	for i, res := range run.Results {
		if res.RuleIndex >= len(run.Tool.Driver.Rules) || run.Tool.Driver.Rules[res.RuleIndex].ID != res.RuleID {
			t.Errorf("result %d: ruleIndex %d does not name %s", i, res.RuleIndex, res.RuleID)
		}
	}
	if n := len(run.Results); n != 6 {
		t.Fatalf("got %d results, want the 4 issues and 2 suppressed issues of target weather", n)
	}
	first := run.Results[0].Locations[0]
	if first.PhysicalLocation == nil || first.PhysicalLocation.Region.StartLine != 4 || first.PhysicalLocation.Region.StartColumn != 5 {
		t.Errorf("issue with a file location: got %+v, want tools.json:4:5", first.PhysicalLocation)
	}
	if got := first.LogicalLocations[0].FullyQualifiedName; got != "weather/get_forecast" {
		t.Errorf("logical location = %q, want weather/get_forecast", got)
	}
	if run.Results[1].Locations[0].PhysicalLocation != nil {
		t.Errorf("issue without a file location got a physical location")
	}
	sup := run.Results[len(run.Results)-1].Suppressions
	if len(sup) != 1 || sup[0].Kind != "inSource" || !strings.Contains(sup[0].Justification, "fixture") {
		t.Errorf("inline suppression = %+v, want kind inSource with its reason", sup)
	}
	inv := run.Invocations[0]
	if inv.ExecutionSuccessful || len(inv.Notifications) != 2 {
		t.Errorf("invocation = %+v, want unsuccessful with the broken target and the crashed rule", inv)
	}
}

// TestWriteSARIFUnknownRule: an issue from a rule the caller did not list
// still gets a descriptor, so its ruleIndex is valid.
func TestWriteSARIFUnknownRule(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteSARIF(&buf, richSample(), nil); err != nil {
		t.Fatal(err)
	}
	var log sarifLog
	if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, d := range log.Runs[0].Tool.Driver.Rules {
		ids = append(ids, d.ID)
	}
	want := []string{"acme/no-foo", "input-schema-missing", "hidden-unicode-tag", "description-too-short"}
	if !reflect.DeepEqual(ids, want) {
		t.Errorf("descriptors = %v, want %v", ids, want)
	}
}

func TestSourceLinks(t *testing.T) {
	for _, tc := range []struct {
		source string
		want   []string
	}{
		{"2025-11-25/server/tools.mdx#tool-names", []string{"https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool-names"}},
		{"schema/2025-11-25/schema.json ($defs/Tool); 2026-07-28/basic/versioning.mdx",
			[]string{"https://github.com/modelcontextprotocol/modelcontextprotocol/blob/main/schema/2025-11-25/schema.json",
				"https://modelcontextprotocol.io/specification/2026-07-28/basic/versioning"}},
		{"OWASP LLM01: prompt injection", nil},
	} {
		if got := SourceLinks(tc.source); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("SourceLinks(%q) = %v, want %v", tc.source, got, tc.want)
		}
	}
	if got, want := linkSources("see 2025-11-25/server/tools.mdx#tool, too"), "see [2025-11-25/server/tools.mdx#tool](https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool), too"; got != want {
		t.Errorf("linkSources = %q, want %q", got, want)
	}
}

func TestFileURI(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"tools.json", "tools.json"},
		{"dir with space/tools,1.json", "dir%20with%20space/tools,1.json"},
		{"/abs/tools.json", "file:///abs/tools.json"},
		{"a:b.json", "./a:b.json"},
	} {
		if got := fileURI(tc.in); got != tc.want {
			t.Errorf("fileURI(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// A security rule's OWASP MCP Top 10 item and CWE reach code scanning as
// tags and properties, beside the security-severity it ranks alerts by.
func TestSARIFStandardTags(t *testing.T) {
	d := descriptor(sdk.Meta{Name: "secret-in-text", Category: sdk.CategorySecurity, Severity: sdk.Error,
		OWASP: "MCP01:2025 Token Mismanagement & Secret Exposure", CWE: "CWE-798"}, "")
	want := []string{"security", "external/cwe/cwe-798", "external/owasp-mcp/mcp01:2025"}
	if got := d.Properties.Tags; strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("tags = %q, want %q", got, want)
	}
	if d.Properties.SecuritySeverity != "8.0" || d.Properties.CWE != "CWE-798" || d.Properties.OWASP == "" {
		t.Errorf("properties = %+v, want security-severity 8.0 and the CWE and OWASP item", d.Properties)
	}
	if plain := descriptor(sdk.Meta{Name: "tool-name-format", Category: sdk.CategoryNaming}, ""); len(plain.Properties.Tags) != 1 {
		t.Errorf("a rule with no mapping got tags %q", plain.Properties.Tags)
	}
}

// TestSARIFHelpURI: [output] help-uri gives each built-in rule a helpUri,
// with its name in place of {rule}; a plugin's rule gets none.
func TestSARIFHelpURI(t *testing.T) {
	r := richSample()
	r.HelpURI = "https://docs.example.com/mcplint/rules.md#{rule}"
	var buf bytes.Buffer
	if err := WriteSARIF(&buf, r, sampleMetas()); err != nil {
		t.Fatal(err)
	}
	var log sarifLog
	if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	for _, d := range log.Runs[0].Tool.Driver.Rules {
		want := "https://docs.example.com/mcplint/rules.md#" + d.ID
		if strings.Contains(d.ID, "/") {
			want = ""
		}
		if d.HelpURI != want {
			t.Errorf("%s: helpUri %q, want %q", d.ID, d.HelpURI, want)
		}
	}
}

// TestSARIFDeclaredLocation: a live server's finding without a file of
// its own is attached to the file that declares the server, at its
// entry's line when known; one with a file keeps it.
func TestSARIFDeclaredLocation(t *testing.T) {
	r := richSample()
	tg := r.Targets[0]
	tg.Declared = &sdk.Location{File: "mcp.json", Line: 7}
	var buf bytes.Buffer
	if err := WriteSARIF(&buf, r, sampleMetas()); err != nil {
		t.Fatal(err)
	}
	var log sarifLog
	if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	for i, res := range log.Runs[0].Results[:len(tg.Issues)] {
		p := res.Locations[0].PhysicalLocation
		want := tg.Issues[i].Location
		if want == nil {
			want = tg.Declared
		}
		if p == nil || p.ArtifactLocation.URI != fileURI(want.File) || p.Region == nil || p.Region.StartLine != want.Line {
			t.Errorf("result %d: physical location %+v, want %s:%d", i, p, want.File, want.Line)
		}
	}
}
