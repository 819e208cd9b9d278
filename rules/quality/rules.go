// Package quality holds the rules about how well a server's tools serve a
// model: descriptions, annotations, and what the tool list costs in context.
package quality

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
		panic("quality: no documentation for rule " + name)
	}
	return strings.TrimSpace(string(b))
}

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
