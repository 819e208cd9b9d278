package conformance

import (
	"context"
	"encoding/json"

	"github.com/mcplint/mcplint/rules/internal/wire"
	"github.com/mcplint/mcplint/sdk"
)

// resultTypeMissing reports results of a modern session without a
// "resultType": clients of 2026-07-28 tell a final result from a request
// for more input by it.
type resultTypeMissing struct{}

func (resultTypeMissing) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "result-type-missing", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: `Every result of a 2026-07-28 server says its "resultType"`,
		Doc:     doc("result-type-missing"),
		Source:  "2026-07-28/basic/index.mdx#result-responses",
		Era:     sdk.EraModern,
		Uses:    []string{parsedSession.Name},
	}
}

func (resultTypeMissing) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(ctx, s)
	if ss == nil || s.Era != sdk.EraModern {
		return nil
	}
	g := newGrouped()
	for _, m := range fromServer(ss) {
		if m.Kind != wire.Response || !m.HasResult() || m.HasError() {
			continue
		}
		var res map[string]json.RawMessage
		if !m.Result(&res) || res == nil {
			continue // wire-schema reports a result that is not an object
		}
		if _, ok := res["resultType"]; ok {
			continue
		}
		what := "a result"
		if m.Pair != nil {
			what = "the " + m.Pair.Method + " result"
		}
		g.add(what, m.Index, what+` has no "resultType", which servers implementing 2026-07-28 must include`)
	}
	g.report(report, `add "resultType": "complete" to every final result (and "input_required" to an InputRequiredResult); an SDK that speaks 2026-07-28 does this for you`)
	return nil
}
