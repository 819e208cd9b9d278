// Package security holds the rules that find what is hidden from the user
// in what a model reads: invisible characters, terminal escapes, directives
// that hide, override or exfiltrate, undisclosed data flows, secrets,
// destructive payloads, harvesting of personal data and of the model's
// context, tool hijacking, shadowing across servers, and definitions that
// changed after they were pinned.
package security

import (
	"embed"

	"github.com/mcplint/mcplint/rules/internal/ruledocs"
	"github.com/mcplint/mcplint/sdk"
)

//go:embed docs/*.md
var docs embed.FS

// doc is a rule's documentation, kept as Markdown next to the code.
var doc = ruledocs.Loader(docs, "security")

// Rules returns the security rules in name order.
func Rules() []sdk.Rule {
	return []sdk.Rule{
		ansiEscape{},
		bidiControl{},
		concealmentDirective{},
		contextHarvestingParameter{},
		crossServerCollision{},
		definitionChanged{},
		destructivePayload{},
		directiveBlock{},
		hiddenUnicodeTag{},
		instructionOverride{},
		invisibleCharacter{},
		piiHarvesting{},
		secretInText{},
		sensitiveFileReference{},
		toolHijacking{},
		&toxicFlow{},
		undisclosedDataFlow{},
	}
}
