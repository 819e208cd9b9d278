package schema

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/sdk"
	"github.com/mcplint/mcplint/sdk/linttest"
)

func TestRules(t *testing.T) {
	for _, r := range Rules() {
		name := r.Meta().Name
		t.Run(name, func(t *testing.T) {
			linttest.Run(t, r, filepath.Join("testdata", name))
		})
	}
}

// The names DESIGN.md fixes for this category.
var wantNames = []string{
	"client-compatibility", "default-invalid", "deprecated-keyword", "input-schema-missing", "input-schema-not-object",
	"output-schema-not-object", "property-missing-type", "remote-ref", "required-list-missing",
	"required-not-in-properties", "schema-invalid", "schema-too-large", "uncallable-parameter", "unresolved-ref",
}

var (
	kebab = regexp.MustCompile(`^[a-z][a-z0-9]*(-[a-z0-9]+)*$`)
	// A spec page under the shared spec folder ("2025-11-25/server/tools.mdx#tool")
	// or a publication's URL.
	sourceFormat = regexp.MustCompile(`^(\d{4}-\d{2}-\d{2}/[a-z0-9/_-]+\.mdx(#[a-z0-9-]+)?|https://[^\s]+)$`)
	jsonBlock    = regexp.MustCompile("(?s)\\*\\*(Bad|Good)\\*\\*\\s*```json\\n(.*?)```")
)

func TestMeta(t *testing.T) {
	var names []string
	for _, r := range Rules() {
		m := r.Meta()
		names = append(names, m.Name)
		t.Run(m.Name, func(t *testing.T) {
			if !kebab.MatchString(m.Name) {
				t.Errorf("name %q is not kebab-case", m.Name)
			}
			if m.Category != sdk.CategorySchema {
				t.Errorf("category is %q, want %q", m.Category, sdk.CategorySchema)
			}
			if m.Severity < sdk.Info || m.Severity > sdk.Error {
				t.Errorf("severity %v is not set", m.Severity)
			}
			if m.Summary == "" || strings.HasSuffix(m.Summary, ".") || strings.Contains(m.Summary, "\n") {
				t.Errorf("summary %q must be one line without a trailing period", m.Summary)
			}
			if !sourceFormat.MatchString(m.Source) {
				t.Errorf("source %q is neither a spec page (2025-11-25/server/tools.mdx#anchor) nor a URL", m.Source)
			}
			blocks := jsonBlock.FindAllStringSubmatch(m.Doc, -1)
			if len(blocks) != 2 || blocks[0][1] != "Bad" || blocks[1][1] != "Good" {
				t.Fatalf("doc needs a **Bad** then a **Good** example as fenced JSON; found %d", len(blocks))
			}
			// The examples are the rule's own smallest test: Bad is reported,
			// Good is not.
			for _, b := range blocks {
				got := checkExample(t, r, b[2])
				if b[1] == "Bad" && len(got) == 0 {
					t.Errorf("the Bad example is not reported:\n%s", b[2])
				}
				if b[1] == "Good" && len(got) > 0 {
					t.Errorf("the Good example is reported: %+v", got)
				}
			}
		})
	}
	if !slices.Equal(names, wantNames) {
		t.Errorf("Rules() = %v\nwant (name order) %v", names, wantNames)
	}
}

// checkExample runs r over a Doc example: a tool definition (it has a
// "name") or a schema, which becomes a tool's inputSchema.
func checkExample(t *testing.T, r sdk.Rule, src string) []linttest.Expected {
	t.Helper()
	var v map[string]any
	if err := json.Unmarshal([]byte(src), &v); err != nil {
		t.Fatalf("example is not JSON: %v\n%s", err, src)
	}
	def := v
	if _, isTool := v["name"]; !isTool {
		def = map[string]any{"name": "example", "inputSchema": v}
	}
	// A rule that says nothing until configured (client-compatibility)
	// reads its examples' settings from testdata/RULE/example.settings.json.
	if c, ok := r.(sdk.Configurable); ok {
		if data, err := os.ReadFile(filepath.Join("testdata", r.Meta().Name, "example.settings.json")); err == nil {
			if err := c.Configure(func(v any) error { return json.Unmarshal(data, v) }); err != nil {
				t.Fatal(err)
			}
		}
	}
	snap := &sdk.Snapshot{Tools: []sdk.Tool{sdk.ToolFromDef(def)}}
	got, err := linttest.Check(r, snap)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// TestCanceled checks that every rule stops on a canceled context.
func TestCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	snap := &sdk.Snapshot{Tools: []sdk.Tool{sdk.ToolFromDef(map[string]any{"name": "a", "inputSchema": map[string]any{"type": "object"}})}}
	for _, r := range Rules() {
		if err := r.Check(ctx, snap, func(sdk.Issue) {}); err == nil {
			t.Errorf("%s: Check on a canceled context returned nil", r.Meta().Name)
		}
	}
}
