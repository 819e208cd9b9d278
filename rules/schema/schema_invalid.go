package schema

import (
	"context"
	"fmt"

	"github.com/mcplint/mcplint/sdk"
)

type schemaInvalid struct{}

func (schemaInvalid) Meta() sdk.Meta {
	return sdk.Meta{
		Name:     "schema-invalid",
		Category: sdk.CategorySchema,
		Severity: sdk.Error,
		Summary:  "A tool schema is not valid JSON Schema in its declared or default dialect",
		Source:   "2025-11-25/basic/index.mdx#schema-validation",
		Default:  true,
		Doc:      ruleDoc("schema-invalid"),
		Uses:     []string{schemaIndex.Name},
	}
}

func (schemaInvalid) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	return forDocs(ctx, s, func(d *doc) {
		if d.dialect == nil {
			_, declared, _ := dialectOf(d.root)
			msg := fmt.Sprintf("%s/$schema is %s, which names no JSON Schema dialect mcplint knows (%s); MCP clients must support only 2020-12",
				d.field, describe(declared), knownDialects)
			report(sdk.Issue{
				Tool: d.owner, Pointer: sdk.Pointer(d.base, "$schema"), Message: msg,
				Fix: "remove \"$schema\" to use JSON Schema 2020-12, or declare \"https://json-schema.org/draft/2020-12/schema\" or \"http://json-schema.org/draft-07/schema#\"",
			})
			return
		}
		if len(d.violations) == 0 {
			return
		}
		dialect := dialectLabel(d)
		for _, v := range d.violations {
			report(sdk.Issue{
				Tool:    d.owner,
				Pointer: d.pointer(v.node, v.path...),
				Message: fmt.Sprintf("%s: %s (%s)", d.location(v.node, v.path...), v.msg, dialect),
				Fix:     v.fix,
			})
		}
	})
}
