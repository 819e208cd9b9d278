package conformance

import (
	"context"
	"fmt"
	"strings"

	"github.com/mcplint/mcplint/sdk"
)

// paginationLoop reports a list answer whose nextCursor the client has
// already followed in the same listing of that method (or that is the
// cursor of the very request it answers): a client that trusts it never finishes. A list
// whose every page sends a new cursor is endless too: the client's page
// cap (an sdk.EventPagination that says it "stopped after" so many pages)
// is what ended it, and that is reported as well, as is a list the
// client stopped reading at its cap on items or bytes across pages.
type paginationLoop struct{}

func (paginationLoop) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "pagination-loop", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "A list's nextCursor always moves forward",
		Doc:     doc("pagination-loop"),
		Source:  "2025-11-25/server/utilities/pagination.mdx",
		Uses:    []string{parsedSession.Name},
	}
}

var listMethods = map[string]bool{"tools/list": true, "prompts/list": true, "resources/list": true, "resources/templates/list": true}

func (paginationLoop) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(ctx, s)
	if ss == nil {
		return nil
	}
	for _, e := range ss.Events {
		if e.Kind != sdk.EventPagination || !strings.Contains(e.Detail, "stopped after") {
			continue
		}
		method, _, _ := strings.Cut(e.Detail, ":")
		if strings.Contains(e.Detail, "reads of one list") {
			// The client's cap on items or bytes across pages ended it:
			// the list may end, but later than any client reads.
			at(report, e.Index, fmt.Sprintf("%s was not read to its end: the client stopped at its cap on one list (%s)", method, e.Detail),
				"serve a list a client can hold: fewer or smaller items, and no nextCursor on the last page")
			break
		}
		at(report, e.Index, fmt.Sprintf("%s did not end: every page sent a new nextCursor, and the client stopped at its page cap (%s)", method, e.Detail),
			"omit nextCursor on the last page; a list that never ends cannot be read whole by any client")
		break
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
		// A request without a cursor starts a new listing (a client
		// lists again after list_changed, or to confirm a list): the
		// cursors of the one before are not this listing's.
		if seen[m.Method] == nil || p.Cursor == nil {
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
