// Package naming holds the rules about tool names: their format, style,
// uniqueness and portability across clients.
package naming

import (
	"embed"

	"github.com/mcplint/mcplint/rules/internal/ruledocs"
	"github.com/mcplint/mcplint/sdk"
)

//go:embed docs/*.md
var docs embed.FS

// doc is a rule's documentation, kept as Markdown next to the code.
var doc = ruledocs.Loader(docs, "naming")

// Rules returns the naming rules in name order.
func Rules() []sdk.Rule {
	return []sdk.Rule{
		confusableName{},
		toolNameDuplicate{},
		toolNameFormat{},
		toolNamePortable{},
		&toolNameStyle{},
	}
}
