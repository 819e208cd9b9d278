// Package quality holds the rules about how well a server's tools serve a
// model: descriptions, annotations, and what the tool list costs in context.
package quality

import (
	"embed"

	"github.com/mcplint/mcplint/rules/internal/ruledocs"
	"github.com/mcplint/mcplint/sdk"
)

//go:embed docs/*.md
var docs embed.FS

// doc is a rule's documentation, kept as Markdown next to the code.
var doc = ruledocs.Loader(docs, "quality")

// Rules returns the quality rules in name order.
func Rules() []sdk.Rule {
	return []sdk.Rule{
		annotationsContradiction{},
		annotationsMissing{},
		descriptionMissing{},
		&descriptionTooShort{},
		parameterDescriptionMissing{},
		&serverTokenBudget{},
		&tooManyTools{},
		&toolTokenBudget{},
	}
}
