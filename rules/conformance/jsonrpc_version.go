package conformance

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/mcplint/mcplint/rules/internal/wire"
	"github.com/mcplint/mcplint/sdk"
)

// jsonrpcVersion reports server messages whose "jsonrpc" member is not the
// string "2.0".
type jsonrpcVersion struct{}

func (jsonrpcVersion) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "jsonrpc-version", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: `Every server message says "jsonrpc": "2.0"`,
		Doc:     doc("jsonrpc-version"),
		Source:  "2025-11-25/basic/index.mdx#messages",
		Uses:    []string{parsedSession.Name},
	}
}

func (jsonrpcVersion) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(ctx, s)
	if ss == nil {
		return nil
	}
	for _, m := range fromServer(ss) {
		switch m.Kind {
		case wire.Request, wire.Notification, wire.Response:
		default:
			continue
		}
		raw, ok := m.Obj["jsonrpc"]
		var v string
		if ok && json.Unmarshal(raw, &v) == nil && v == "2.0" {
			continue
		}
		got := "no \"jsonrpc\" member"
		if ok {
			got = fmt.Sprintf("\"jsonrpc\": %s", raw)
		}
		at(report, m.Index, fmt.Sprintf("server %s has %s: %s", m.Kind, got, wire.Quote(m.Bytes, 120)),
			`add "jsonrpc": "2.0" to every message the server writes (an MCP SDK does this for you)`)
	}
	return nil
}
