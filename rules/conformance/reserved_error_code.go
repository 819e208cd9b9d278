package conformance

import (
	"context"
	"fmt"
	"strconv"

	"github.com/mcplint/mcplint/rules/internal/wire"
	"github.com/mcplint/mcplint/sdk"
)

// reservedErrorCode reports, in a 2026-07-28 session, error codes the
// specification reserves used as it forbids: a code of -32020 to -32099
// it does not define, -32002 (resource not found before 2026-07-28,
// judged on resources/read by resource-not-found-code), and
// HeaderMismatch (-32020) where there are no headers, on stdio.
type reservedErrorCode struct{}

func (reservedErrorCode) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "reserved-error-code", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "Error codes -32020 to -32099 are the specification's: only defined ones, with their meaning, and never -32002",
		Doc:     doc("reserved-error-code"),
		Source:  "2026-07-28/basic/index.mdx#error-codes",
		Era:     sdk.EraModern,
		Uses:    []string{parsedSession.Name},
	}
}

// definedCodes are the codes 2026-07-28 defines in its reserved sub-range.
var definedCodes = map[int]string{-32020: "HeaderMismatch", -32021: "MissingRequiredClientCapability", -32022: "UnsupportedProtocolVersion"}

func (reservedErrorCode) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(ctx, s)
	if ss == nil {
		return nil
	}
	overHTTP := len(httpEvents(ss)) > 0
	g := newGrouped()
	for _, m := range fromServer(ss) {
		if m.Kind != wire.Response || !m.HasError() {
			continue
		}
		code, err := strconv.Atoi(errorCode(m))
		if err != nil {
			continue
		}
		method := "a request"
		if m.Pair != nil {
			method = m.Pair.Method
		}
		var problem string
		switch {
		case code == -32002 && method == "resources/read":
			continue
		case code == -32002:
			problem = "-32002, a code 2026-07-28 forbids (resource not found in earlier revisions, now -32602)"
		case code == -32020 && !overHTTP:
			problem = "-32020 (HeaderMismatch) on stdio, where a request has no headers to mismatch"
		case code <= -32020 && code >= -32099 && definedCodes[code] == "":
			problem = fmt.Sprintf("%d, a code of the sub-range -32020 to -32099 that the specification reserves and does not define", code)
		default:
			continue
		}
		g.add(problem, m.Index, fmt.Sprintf("%s was refused with %s: %s", method, problem, wire.Quote(m.Bytes, 160)))
	}
	g.report(report, "use -32602 (Invalid params) for a bad request of your own making, -32603 for an internal error, a code of -32000 to -32099 only as the specification defines it, and an application code outside -32768 to -32000 for anything else")
	return nil
}
