// Package reference holds the rules that check what a server's texts refer
// to: tools named in descriptions and instructions must exist.
package reference

import (
	"embed"

	"github.com/mcplint/mcplint/rules/internal/ruledocs"
	"github.com/mcplint/mcplint/sdk"
)

//go:embed docs/*.md
var docs embed.FS

// doc is a rule's documentation, kept as Markdown next to the code.
var doc = ruledocs.Loader(docs, "reference")

// Rules returns the reference rules in name order.
func Rules() []sdk.Rule {
	return []sdk.Rule{
		danglingToolReference{},
		uiToolMeta{},
	}
}
