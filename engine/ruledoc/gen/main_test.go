package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/engine/ruledoc"
)

var committed = filepath.Join("..", "..", "..", "docs", "rules.md")

// TestRulesDocCurrent fails when a rule changed and docs/rules.md was not
// regenerated.
func TestRulesDocCurrent(t *testing.T) {
	want := render(metas())
	got, err := os.ReadFile(committed)
	if err != nil {
		t.Fatalf("%v: run go generate ./engine/ruledoc/gen", err)
	}
	if string(got) != want {
		t.Errorf("docs/rules.md is out of date with the rules' metadata: run go generate ./engine/ruledoc/gen and commit the result")
	}
}

// TestEveryRuleTeaches holds each rule's doc to what its page promises:
// a summary, what and why in prose, a bad and a good example, and a source.
// The page is the text `mcplint explain` prints, so it appears verbatim.
func TestEveryRuleTeaches(t *testing.T) {
	page := render(metas())
	for _, m := range metas() {
		var missing []string
		if strings.TrimSpace(m.Summary) == "" {
			missing = append(missing, "a summary")
		}
		if m.Category == "" {
			missing = append(missing, "a category")
		}
		if strings.TrimSpace(m.Source) == "" {
			missing = append(missing, "a source")
		}
		if !strings.Contains(m.Doc, "**Bad**") || !strings.Contains(m.Doc, "**Good**") {
			missing = append(missing, "**Bad** and **Good** examples")
		}
		if strings.Count(m.Doc, "```") < 4 {
			missing = append(missing, "fenced examples")
		}
		if len(missing) > 0 {
			t.Errorf("rule %s's doc lacks %s", m.Name, strings.Join(missing, ", "))
		}
		if !strings.Contains(page, "\n"+ruledoc.Markdown(m)) {
			t.Errorf("rule %s's section differs from what mcplint explain prints", m.Name)
		}
		if !strings.Contains(page, "\n## "+m.Name+"\n") {
			t.Errorf("rule %s has no heading, so the #%s link from reports goes nowhere", m.Name, m.Name)
		}
	}
}

func TestRenderOrdersCategories(t *testing.T) {
	page := render(metas())
	last := -1
	for _, c := range categories {
		i := strings.Index(page, "\n**"+c+"**\n")
		if i < 0 {
			continue
		}
		if i < last {
			t.Errorf("category %s is listed out of order", c)
		}
		last = i
	}
}
