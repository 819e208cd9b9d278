// Package ruledocs reads rules' documentation from Markdown files embedded
// next to their code (docs/NAME.md), where fenced JSON examples read
// naturally, unlike in a Go string.
package ruledocs

import (
	"embed"
	"strings"
)

// Loader returns a function that gives the documentation of a rule by name
// from fsys's docs folder. A missing page is a programming error, caught by
// any test that builds the rule's Meta, so it panics naming the package.
func Loader(fsys embed.FS, pkg string) func(name string) string {
	return func(name string) string {
		b, err := fsys.ReadFile("docs/" + name + ".md")
		if err != nil {
			panic(pkg + ": no documentation for rule " + name)
		}
		return strings.TrimSpace(string(b))
	}
}
