package schema

import (
	"context"
	"fmt"

	"github.com/mcplint/mcplint/internal/jsonref"
	"github.com/mcplint/mcplint/sdk"
)

type unresolvedRef struct{}

func (unresolvedRef) Meta() sdk.Meta {
	return sdk.Meta{
		Name:     "unresolved-ref",
		Category: sdk.CategorySchema,
		Severity: sdk.Error,
		Summary:  "A local $ref points at nothing in the tool's schema",
		Source:   "2026-07-28/basic/index.mdx#ref-resolution",
		Default:  true,
		Doc:      ruleDoc("unresolved-ref"),
		Uses:     []string{schemaIndex.Name},
	}
}

func (unresolvedRef) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	return forDocs(ctx, s, func(d *doc) {
		eachRef(d, func(i int, kw, ref string, res jsonref.Result) {
			if res.Kind != jsonref.Unresolved {
				return
			}
			is := sdk.Issue{
				Tool:    d.owner,
				Pointer: d.pointer(i, kw),
				Message: fmt.Sprintf("%s %s at %s resolves to nothing in this schema: %s", kw, quoteShort(ref), d.location(i), missWhy(res.Miss)),
				Fix:     fmt.Sprintf("point %s at a schema that exists, or add the missing definition under \"$defs\"", kw),
			}
			if res.Hint != "" {
				is.Message += fmt.Sprintf(" (did you mean %s?)", quoteShort(res.Hint))
				is.Fix = fmt.Sprintf("correct the reference to use %s, or add the missing definition", quoteShort(res.Hint))
			}
			report(is)
		})
	})
}
