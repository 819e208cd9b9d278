// Package schema holds the rules that read tools' input and output
// schemas: that they exist and are object schemas, that they are valid JSON
// Schema in their dialect, and that what they say is coherent (types,
// required names, references, defaults).
//
// Every rule reads the same flattened view of the schemas (see index.go),
// built once per Snapshot, so a large tool list is walked once, not once a
// rule.
package schema

import (
	"context"
	"embed"

	"github.com/mcplint/mcplint/internal/schemawalk"
	"github.com/mcplint/mcplint/rules/internal/ruledocs"
	"github.com/mcplint/mcplint/sdk"
)

//go:embed docs/*.md
var docs embed.FS

// ruleDoc is a rule's documentation, kept as Markdown next to the code
// (doc is taken: it names the index's view of one tool schema).
var ruleDoc = ruledocs.Loader(docs, "schema")

// Rules returns the schema rules in name order.
func Rules() []sdk.Rule {
	return []sdk.Rule{
		&clientCompatibility{},
		defaultInvalid{},
		deprecatedKeyword{},
		inputSchemaMissing{},
		inputSchemaNotObject{},
		outputSchemaNotObject{},
		propertyMissingType{},
		remoteRef{},
		requiredListMissing{},
		requiredNotInProperties{},
		schemaInvalid{},
		schemaTooLarge{},
		uncallableParameter{},
		unresolvedRef{},
	}
}

// forDocs calls fn for every flattened tool schema, stopping when the
// context is done.
func forDocs(ctx context.Context, s *sdk.Snapshot, fn func(d *doc)) error {
	idx := schemaIndex.Of(ctx, s)
	for i := range idx.docs {
		if err := ctx.Err(); err != nil {
			return err
		}
		fn(&idx.docs[i])
	}
	return nil
}

// hasField reports whether a tool's definition carries a member at all
// (null included), which the typed fields cannot tell: t is the tool, ts
// its schemawalk.Tools entry, key the member, typed its typed field.
func hasField(t *sdk.Tool, ts *schemawalk.ToolSchemas, key schemawalk.DefKeys, typed any) bool {
	if t.Def != nil {
		return ts.Def.Has&key != 0
	}
	return typed != nil
}

// inPlace lists the keywords whose subschemas apply to the same instance as
// the schema holding them, so that what they say about an object's
// properties counts for that object.
func inPlace(keyword string) bool {
	switch keyword {
	case "allOf", "anyOf", "oneOf", "not", "if", "then", "else", "dependentSchemas":
		return true
	}
	return false
}
