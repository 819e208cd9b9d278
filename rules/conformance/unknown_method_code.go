package conformance

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/mcplint/mcplint/rules/internal/wire"
	"github.com/mcplint/mcplint/sdk"
)

// unknownMethodCode reports a request for a method the protocol does not
// define that the server refused with an error other than -32601 (method
// not found). A server that serves such a method implements it, and that is
// its business.
type unknownMethodCode struct{}

func (unknownMethodCode) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "unknown-method-code", Category: sdk.CategoryConformance, Severity: sdk.Warning, Default: true,
		Summary: "A method the server does not implement is refused with -32601",
		Doc:     doc("unknown-method-code"),
		Source:  "2025-11-25/basic/index.mdx#error-responses",
		Uses:    []string{parsedSession.Name},
	}
}

// protocolMethods are the client-to-server request methods of every
// published protocol version, and of the 2026-07-28 tasks extension
// (tasks/update), which a server that declares it refuses with -32021
// to a client that does not.
var protocolMethods = map[string]bool{
	"initialize": true, "ping": true, "server/discover": true,
	"tools/list": true, "tools/call": true,
	"prompts/list": true, "prompts/get": true,
	"resources/list": true, "resources/read": true, "resources/templates/list": true,
	"resources/subscribe": true, "resources/unsubscribe": true,
	"completion/complete": true, "logging/setLevel": true,
	"tasks/get": true, "tasks/list": true, "tasks/cancel": true, "tasks/result": true, "tasks/update": true,
	"subscriptions/listen": true,
}

func (unknownMethodCode) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(ctx, s)
	if ss == nil {
		return nil
	}
	for _, m := range ss.Msgs {
		if m.Dir != sdk.DirClientToServer || m.Kind != wire.Request || protocolMethods[m.Method] || m.Pair == nil || !m.Pair.HasError() {
			continue
		}
		var e struct {
			Code json.Number `json:"code"`
		}
		if json.Unmarshal(m.Pair.Obj["error"], &e) != nil || e.Code == "-32601" {
			continue
		}
		at(report, m.Pair.Index, fmt.Sprintf("unknown method %q was refused with code %s instead of -32601 (method not found)", m.Method, e.Code),
			"answer requests for methods you do not implement with error code -32601, so clients can tell a missing feature from a failure")
	}
	return nil
}
