package schema

import (
	"context"
	"fmt"

	"github.com/mcplint/mcplint/internal/jsonref"
	"github.com/mcplint/mcplint/internal/jsonvalid"
	"github.com/mcplint/mcplint/internal/schemawalk"
	"github.com/mcplint/mcplint/sdk"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// maxNodes is schemawalk.MaxNodes as messages write it.
var maxNodes = message.NewPrinter(language.English).Sprintf("%d", schemawalk.MaxNodes)

// schemaTooLarge reports a schema past the bounds every walker of
// mcplint keeps to (schemawalk.MaxDepth, schemawalk.MaxNodes, and the
// reference fan-out the validator follows): the part past them is not
// checked, and saying so keeps a server from hiding there.
type schemaTooLarge struct{}

func (schemaTooLarge) Meta() sdk.Meta {
	return sdk.Meta{
		Name:     "schema-too-large",
		Category: sdk.CategorySchema,
		Severity: sdk.Error,
		Summary:  "A tool's schema nests, fans out or expands past what a walker can check",
		Source:   "2025-11-25/server/tools.mdx#tool",
		Default:  true,
		Doc:      ruleDoc("schema-too-large"),
		Uses:     []string{schemaIndex.Name},
	}
}

func (schemaTooLarge) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	return forDocs(ctx, s, func(d *doc) {
		if len(d.nodes) >= schemawalk.MaxNodes {
			report(sdk.Issue{
				Tool:    d.owner,
				Pointer: d.base,
				Message: fmt.Sprintf("%s holds %s subschemas or more; mcplint checks the first %s and nothing after them, and a model is sent every one on each request", d.field, maxNodes, maxNodes),
				Fix:     "split the tool, or replace long lists of alternatives (anyOf branches, tuple items) by an enum or one schema that covers them",
			})
		}
		for i := range d.nodes {
			if int(d.nodes[i].Depth) == schemawalk.MaxDepth && schemawalk.HasSubschemas(d.nodes[i].Object()) {
				report(sdk.Issue{
					Tool:    d.owner,
					Pointer: d.pointer(i),
					Message: fmt.Sprintf("%s nests subschemas more than %d levels deep; mcplint checks nothing below level %d, and a client that walks schemas recursively may fail on it", d.field, schemawalk.MaxDepth, schemawalk.MaxDepth),
					Fix:     "flatten the schema: name a shape that repeats under \"$defs\" and point at it with \"$ref\"; a few levels of nesting are enough for any tool",
				})
				break
			}
		}
		if d.refs == nil || len(d.nodes) >= schemawalk.MaxNodes {
			return
		}
		expands, deep := jsonvalid.Reach(d.root, d.nodes)
		if expands {
			report(sdk.Issue{
				Tool:    d.owner,
				Pointer: d.base,
				Message: fmt.Sprintf("following the references of %s reaches %s subschemas or more (a definition names the next several times, and that one the next …); mcplint does not validate values against it, and a client that validates may stall on it", d.field, maxNodes),
				Fix:     "let each definition refer to another at most once, or merge the definitions, so that expanding every \"$ref\" stays small",
			})
		}
		if deep {
			report(sdk.Issue{
				Tool:    d.owner,
				Pointer: d.base,
				Message: fmt.Sprintf("%s holds a chain of more than %d references, each leading to the next; mcplint follows %d and checks nothing past them", d.field, jsonref.MaxHops, jsonref.MaxHops),
				Fix:     "point each \"$ref\" at the definition it means, not through definitions that only refer on",
			})
		}
	})
}
