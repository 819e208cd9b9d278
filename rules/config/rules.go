// Package config holds the rules about mcplint's own suppressions: the
// inline ones of package internal/suppress and the [[ignore]] entries of
// .mcplint.toml.
package config

import (
	"embed"

	"github.com/mcplint/mcplint/rules/internal/ruledocs"
	"github.com/mcplint/mcplint/sdk"
)

//go:embed docs/*.md
var docs embed.FS

// doc is a rule's documentation, kept as Markdown next to the code.
var doc = ruledocs.Loader(docs, "config")

// Rules returns the config category's rules in name order.
func Rules() []sdk.Rule {
	return []sdk.Rule{suppressionReasonMissing{}, unusedSuppression{}}
}
