package rules

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/sdk"
	"github.com/mcplint/mcplint/sdk/linttest"
)

// TestEveryRuleDocIsEmbedded holds the one convention for rule docs, the one
// x/tools' analyzers follow: a rule's documentation is the Markdown file
// docs/NAME.md next to its code, embedded and read through ruledocs, never
// a Go string. It fails when a rule's Meta().Doc is not that file's text,
// and when a docs file names no rule of its package (a page left behind by
// a rename would never be shown).
func TestEveryRuleDocIsEmbedded(t *testing.T) {
	const module = "github.com/mcplint/mcplint/"
	byPkg := map[string]map[string]bool{}
	for _, r := range All() {
		m := r.Meta()
		typ := reflect.TypeOf(r)
		if typ.Kind() == reflect.Pointer {
			typ = typ.Elem()
		}
		pkg, ok := strings.CutPrefix(typ.PkgPath(), module)
		if !ok {
			t.Errorf("%s: type %s is not in this module", m.Name, typ)
			continue
		}
		if byPkg[pkg] == nil {
			byPkg[pkg] = map[string]bool{}
		}
		byPkg[pkg][m.Name] = true
		file := filepath.Join(pkg, "docs", m.Name+".md")
		b, err := os.ReadFile(filepath.Join("..", file))
		if err != nil {
			t.Errorf("%s: no documentation page %s: move the rule's Doc there and read it with the package's ruledocs loader", m.Name, file)
			continue
		}
		if m.Doc != strings.TrimSpace(string(b)) {
			t.Errorf("%s: Meta().Doc is not the text of %s: read it with the package's ruledocs loader", m.Name, file)
		}
	}
	for pkg, names := range byPkg {
		pages, _ := filepath.Glob(filepath.Join("..", pkg, "docs", "*.md"))
		for _, page := range pages {
			if name := strings.TrimSuffix(filepath.Base(page), ".md"); !names[name] {
				t.Errorf("%s names no rule of %s: rename it to its rule's name or remove it", filepath.Join(pkg, "docs", filepath.Base(page)), pkg)
			}
		}
	}
}

// TestReadmeCountsTheRules: the README's rule count is the registry's, so
// that the guide never claims fewer rules than mcplint runs.
func TestReadmeCountsTheRules(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("\n%d built-in rules in seven categories", len(All()))
	if !strings.Contains(string(b), want) {
		t.Errorf("README.md's Rules section does not start %q: write the count of rules.All()", strings.TrimSpace(want))
	}
}

// TestEveryCategoryMeta holds each category's rules to linttest.CheckMeta
// (a kebab-case name, the category, a severity, a summary without a final
// period, a source, the **Bad** and **Good** examples, Rules() in name
// order), so that no category's own tests need to remember it.
func TestEveryCategoryMeta(t *testing.T) {
	for _, family := range families {
		rules := family()
		category := rules[0].Meta().Category
		if !slices.Contains(sdk.Categories, category) {
			t.Errorf("%s: category %q is not in sdk.Categories", rules[0].Meta().Name, category)
		}
		linttest.CheckMeta(t, rules, category)
	}
}
