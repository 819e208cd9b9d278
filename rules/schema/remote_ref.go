package schema

import (
	"context"
	"fmt"

	"github.com/mcplint/mcplint/internal/jsonref"
	"github.com/mcplint/mcplint/sdk"
)

type remoteRef struct{}

func (remoteRef) Meta() sdk.Meta {
	return sdk.Meta{
		Name:     "remote-ref",
		Category: sdk.CategorySchema,
		Severity: sdk.Warning,
		Summary:  "A $ref points at another document, which clients do not fetch",
		Source:   "2026-07-28/basic/index.mdx#ref-resolution",
		Default:  true,
		Doc:      ruleDoc("remote-ref"),
		Uses:     []string{schemaIndex.Name},
	}
}

func (remoteRef) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	return forDocs(ctx, s, func(d *doc) {
		eachRef(d, func(i int, kw, ref string, res jsonref.Result) {
			if res.Kind != jsonref.Remote || isMetaschemaURI(res.Doc) {
				return
			}
			target := ""
			if res.Doc != ref {
				target = fmt.Sprintf(" (to %s)", quoteShort(res.Doc))
			}
			report(sdk.Issue{
				Tool:    d.owner,
				Pointer: d.pointer(i, kw),
				Message: fmt.Sprintf("%s %s at %s points outside the tool's schema%s; MCP clients do not fetch it, so that part of the schema is unknown to them", kw, quoteShort(ref), d.location(i), target),
				Fix:     "copy the referenced schema under \"$defs\" and point at it with \"#/$defs/…\"",
			})
		})
	})
}
