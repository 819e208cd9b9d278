// Package naming holds the rules about tool names: their format, style,
// uniqueness and portability across clients.
package naming

import (
	"embed"
	"strings"

	"github.com/mcplint/mcplint/sdk"
)

//go:embed docs/*.md
var docs embed.FS

// doc is a rule's documentation, kept as Markdown next to the code so that
// its fenced JSON examples read naturally.
func doc(name string) string {
	b, err := docs.ReadFile("docs/" + name + ".md")
	if err != nil {
		panic("naming: no documentation for rule " + name)
	}
	return strings.TrimSpace(string(b))
}

// Rules returns the naming rules in name order.
func Rules() []sdk.Rule {
	return []sdk.Rule{
		toolNameDuplicate{},
		toolNameFormat{},
		toolNamePortable{},
		&toolNameStyle{},
	}
}
