package engine

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/config"
	"github.com/mcplint/mcplint/engine/internal/target"
	"github.com/mcplint/mcplint/engine/runner"
	"github.com/mcplint/mcplint/sdk"
)

// rewriteRule reports tool 2's description, and first runs change, if
// set: the rules run after a file is decoded and before its issues are
// placed, so it can change the file in between.
type rewriteRule struct{ change func() error }

func (rewriteRule) Meta() sdk.Meta {
	return sdk.Meta{Name: "rewrites-file", Category: sdk.CategoryQuality, Severity: sdk.Warning, Default: true, Summary: "test"}
}

func (r rewriteRule) Check(_ context.Context, _ *sdk.Snapshot, report func(sdk.Issue)) error {
	if r.change != nil {
		if err := r.change(); err != nil {
			return err
		}
	}
	report(sdk.Issue{Tool: "tool_2", Pointer: sdk.ToolPointer(2, "description"), Message: "m", Fix: "f"})
	return nil
}

// A large file that changes between its decoding and the placing of its
// issues gives them no line and column, and the report says why on the
// target; one that does not change is placed, with no note.
func TestLintLargeFileChangedBeforePlacing(t *testing.T) {
	var b bytes.Buffer
	b.WriteString("{\"tools\": [\n")
	for i := 0; b.Len() < 1<<20+1<<16; i++ {
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, "  {\"name\": \"tool_%d\", \"description\": %q, \"inputSchema\": {\"type\": \"object\"}}", i, strings.Repeat("Returns the weather. ", 10))
	}
	b.WriteString("\n]}\n")
	data := b.Bytes()
	for _, changed := range []bool{false, true} {
		t.Run(fmt.Sprintf("changed=%v", changed), func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "tools.json")
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			rule := rewriteRule{}
			if changed {
				rule.change = func() error {
					// Of the same size, so that only its bytes tell.
					return os.WriteFile(path, bytes.Replace(data, []byte("weather"), []byte("WEATHER"), 1), 0o644)
				}
			}
			rep, err := configuredLint(context.Background(), Options{
				Targets: []target.Target{{Name: "tools", Kind: target.Static, Path: path, Input: "tools.json"}},
				Config:  config.Default(), Rules: []sdk.Rule{rule}, Selection: runner.Selection{},
			})
			if err != nil {
				t.Fatal(err)
			}
			tg := rep.Targets[0]
			if tg.Error != nil || len(tg.RuleErrors) > 0 || len(tg.Issues) != 1 {
				t.Fatalf("error %v, rule errors %+v, issues %+v", tg.Error, tg.RuleErrors, tg.Issues)
			}
			loc := tg.Issues[0].Location
			if !changed {
				if loc == nil || loc.File != "tools.json" || loc.Line != 4 || len(tg.Notes) > 0 {
					t.Errorf("an unchanged file: location %+v (want tools.json:4), notes %q (want none)", loc, tg.Notes)
				}
				return
			}
			if loc != nil {
				t.Errorf("a changed file placed the issue at %+v", loc)
			}
			if len(tg.Notes) != 1 || !strings.Contains(tg.Notes[0], "tools.json changed") || !strings.Contains(tg.Notes[0], "no line and column") {
				t.Errorf("notes %q, want one that says tools.json changed and its issues have no line and column", tg.Notes)
			}
		})
	}
}
