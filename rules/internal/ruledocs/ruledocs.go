// Package ruledocs reads rules' documentation from Markdown files embedded
// next to their code (docs/NAME.md), where fenced JSON examples read
// naturally, unlike in a Go string.
package ruledocs

import (
	"embed"
	"strings"
	"sync"
)

// Loader returns a function that gives the documentation of a rule by name
// from fsys's docs folder. A missing page is a programming error, caught by
// any test that builds the rule's Meta, so it panics naming the package.
//
// Each page is read once: a rule's Meta holds its page, and Meta is called
// at every turn (each comparison of a sort by name calls it twice), while
// reading an embedded file copies it.
func Loader(fsys embed.FS, pkg string) func(name string) string {
	var pages sync.Map // name → page
	return func(name string) string {
		if page, ok := pages.Load(name); ok {
			return page.(string)
		}
		b, err := fsys.ReadFile("docs/" + name + ".md")
		if err != nil {
			panic(pkg + ": no documentation for rule " + name)
		}
		page, _ := pages.LoadOrStore(name, strings.TrimSpace(string(b)))
		return page.(string)
	}
}
