package conformance

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/mcplint/mcplint/rules/internal/wire"
	"github.com/mcplint/mcplint/sdk"
)

// cacheHintInvalid reports complete results of the cacheable methods
// without valid caching hints: a ttlMs that is absent, not an integer or
// negative, a cacheScope that is absent or neither "public" nor "private",
// or that differs between the pages of one list.
type cacheHintInvalid struct{}

func (cacheHintInvalid) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "cache-hint-invalid", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: `Cacheable results carry a ttlMs >= 0 and a cacheScope of "public" or "private"`,
		Doc:     doc("cache-hint-invalid"),
		Source:  "2026-07-28/server/utilities/caching.mdx#cacheable-results",
		Era:     sdk.EraModern,
		Uses:    []string{parsedSession.Name},
	}
}

// cacheableMethods are the requests whose complete results carry caching
// hints (2026-07-28/server/utilities/caching.mdx#cacheable-results).
var cacheableMethods = map[string]bool{
	"server/discover":          true,
	"tools/list":               true,
	"prompts/list":             true,
	"resources/list":           true,
	"resources/templates/list": true,
	"resources/read":           true,
}

func (cacheHintInvalid) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(ctx, s)
	if ss == nil || s.Era != sdk.EraModern {
		return nil
	}
	g := newGrouped()
	// A paginated list's pages share the first page's cacheScope: each
	// nextCursor (with its method) maps to the scope of the list it
	// continues.
	firstScope := map[string]string{}
	for _, m := range ss.Msgs {
		if m.Dir != sdk.DirClientToServer || m.Kind != wire.Request || !cacheableMethods[m.Method] || m.Pair == nil || m.Pair.HasError() {
			continue
		}
		var res map[string]json.RawMessage
		if !m.Pair.Result(&res) || res == nil {
			continue // wire-schema reports a result that is not an object
		}
		if rt, ok := res["resultType"]; ok && string(rt) != `"complete"` {
			continue // interim results carry no caching hints
		}
		for _, p := range cacheProblems(res) {
			g.add(m.Method+"\x00"+p, m.Pair.Index, fmt.Sprintf("the %s result %s", m.Method, p))
		}
		var scope, next string
		json.Unmarshal(res["cacheScope"], &scope)
		json.Unmarshal(res["nextCursor"], &next)
		var p struct {
			Cursor string `json:"cursor"`
		}
		m.Params(&p)
		first, continues := firstScope[m.Method+"\x00"+p.Cursor]
		if p.Cursor == "" || !continues {
			first = scope
		} else if validScope(scope) && validScope(first) && scope != first {
			g.add(m.Method+"\x00pages", m.Pair.Index, fmt.Sprintf("a later page of the %s result has cacheScope %q, where the list's first page had %q", m.Method, scope, first))
		}
		if next != "" {
			firstScope[m.Method+"\x00"+next] = first
		}
	}
	g.report(report, `put "ttlMs" (an integer of milliseconds, 0 for "do not reuse") and "cacheScope" ("public" when the answer is the same for every user, "private" otherwise) on every complete result of server/discover, the list methods and resources/read, the same cacheScope on every page of a list`)
	return nil
}

// cacheProblems says what is wrong with a result's caching hints.
func cacheProblems(res map[string]json.RawMessage) []string {
	var out []string
	switch raw, ok := res["ttlMs"]; {
	case !ok:
		out = append(out, "has no ttlMs")
	default:
		var n json.Number
		if json.Unmarshal(raw, &n) != nil {
			out = append(out, "has a ttlMs that is not a number: "+wire.Quote(raw, 40))
		} else if i, err := n.Int64(); err != nil {
			out = append(out, "has a ttlMs that is not an integer: "+n.String())
		} else if i < 0 {
			out = append(out, fmt.Sprintf("has a negative ttlMs (%d), where servers must provide a ttlMs value that is >= 0", i))
		}
	}
	switch raw, ok := res["cacheScope"]; {
	case !ok:
		out = append(out, "has no cacheScope")
	case !isScope(raw):
		out = append(out, `has a cacheScope that is neither "public" nor "private": `+wire.Quote(raw, 40))
	}
	return out
}

// validScope reports the two cache scopes the spec defines.
func validScope(s string) bool { return s == "public" || s == "private" }

// isScope reports a JSON string that is one of the two cache scopes.
func isScope(raw json.RawMessage) bool {
	var s string
	return json.Unmarshal(raw, &s) == nil && validScope(s)
}
