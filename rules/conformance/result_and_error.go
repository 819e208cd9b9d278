package conformance

import (
	"context"

	"github.com/mcplint/mcplint/rules/internal/wire"
	"github.com/mcplint/mcplint/sdk"
)

// resultAndError reports responses with both "result" and "error", or an
// answer-shaped message (an id, no method) with neither.
type resultAndError struct{}

func (resultAndError) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "result-and-error", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: `A response has exactly one of "result" and "error"`,
		Doc:     doc("result-and-error"),
		Source:  "2025-11-25/basic/index.mdx#responses",
		Uses:    []string{parsedSession.Name},
	}
}

func (resultAndError) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(ctx, s)
	if ss == nil {
		return nil
	}
	for _, m := range fromServer(ss) {
		switch {
		case m.Kind == wire.Response && m.HasResult() && m.HasError():
			at(report, m.Index, "response has both \"result\" and \"error\": "+wire.Quote(m.Bytes, 120),
				"send \"result\" when the request succeeded and \"error\" when it failed, never both")
		case m.Kind == wire.NotRPC && isBareAnswer(m):
			at(report, m.Index, "response has neither \"result\" nor \"error\": "+wire.Quote(m.Bytes, 120),
				"a successful answer needs \"result\" (an empty object {} when there is nothing to return)")
		}
	}
	return nil
}

// isBareAnswer is an object with "jsonrpc" and "id" but no method, result
// or error: a response that forgot its payload.
func isBareAnswer(m *wire.Msg) bool {
	if m.Obj == nil {
		return false
	}
	_, id := m.Obj["id"]
	_, v := m.Obj["jsonrpc"]
	_, method := m.Obj["method"]
	return id && v && !method
}
