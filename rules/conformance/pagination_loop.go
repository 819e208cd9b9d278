package conformance

import (
	"context"
	"fmt"

	"github.com/mcplint/mcplint/sdk"
)

// paginationLoop reports a list answer whose nextCursor the client has
// already followed for that method (or that is the cursor of the very
// request it answers): a client that trusts it never finishes.
type paginationLoop struct{}

func (paginationLoop) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "pagination-loop", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "A list's nextCursor always moves forward",
		Doc:     doc("pagination-loop"),
		Source:  "2025-11-25/server/utilities/pagination.mdx",
	}
}

var listMethods = map[string]bool{"tools/list": true, "prompts/list": true, "resources/list": true, "resources/templates/list": true}

func (paginationLoop) Check(_ context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(s)
	if ss == nil {
		return nil
	}
	seen := map[string]map[string]bool{} // method -> cursors already sent
	for _, m := range ss.Msgs {
		if m.Dir != sdk.DirClientToServer || !listMethods[m.Method] {
			continue
		}
		var p struct {
			Cursor *string `json:"cursor"`
		}
		m.Params(&p)
		if seen[m.Method] == nil {
			seen[m.Method] = map[string]bool{}
		}
		if p.Cursor != nil {
			seen[m.Method][*p.Cursor] = true
		}
		if m.Pair == nil {
			continue
		}
		var r struct {
			NextCursor *string `json:"nextCursor"`
		}
		if !m.Pair.Result(&r) || r.NextCursor == nil || !seen[m.Method][*r.NextCursor] {
			continue
		}
		at(report, m.Pair.Index, fmt.Sprintf("%s answered nextCursor %q, a cursor the client already followed: paging would never end", m.Method, *r.NextCursor),
			"return a new cursor for each next page, and omit nextCursor on the last page")
		return nil // one loop is enough: the client stops following it
	}
	return nil
}
