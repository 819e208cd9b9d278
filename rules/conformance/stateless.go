package conformance

import (
	"encoding/json"
	"fmt"

	"github.com/mcplint/mcplint/rules/internal/wire"
	"github.com/mcplint/mcplint/sdk"
)

// What the 2026-07-28 stateless rules share: the per-request _meta of a
// client request, and the HTTP status that carried its answer.

// metaClientCapabilities is the per-request _meta key of the client's
// capabilities, required on every 2026-07-28 request (basic/index.mdx#_meta).
const metaClientCapabilities = "io.modelcontextprotocol/clientCapabilities"

// requestMeta is a request's params._meta; nil when it has none.
func requestMeta(m *wire.Msg) map[string]json.RawMessage {
	var p struct {
		Meta map[string]json.RawMessage `json:"_meta"`
	}
	m.Params(&p)
	return p.Meta
}

// lacksClientCapabilities reports whether a request declares a protocol
// version in its _meta but no client capabilities.
func lacksClientCapabilities(m *wire.Msg) bool {
	meta := requestMeta(m)
	_, caps := meta[metaClientCapabilities]
	return !caps && modernVersionOf(m) != ""
}

// answerStatus is the HTTP status of the POST that carried request req,
// ok false on stdio or when no answer came.
func answerStatus(ss *wire.Session, req *wire.Msg) (status int, ok bool) {
	for _, e := range ss.Events {
		if e.Kind == sdk.EventHTTP && e.HTTP != nil && e.HTTP.Purpose == "" && e.HTTP.Sent == "request" &&
			e.HTTP.Status != 0 && wire.SameID(e.ID, req.ID) {
			return e.HTTP.Status, true
		}
	}
	return 0, false
}

// refusal says how a request that must be refused with code (and, on
// HTTP, 400) was answered instead; "" when it was answered so.
func refusal(ss *wire.Session, req *wire.Msg, code string) string {
	switch got := errorCode(req.Pair); {
	case !req.Pair.HasError():
		return "was served"
	case got != code:
		return "was refused with code " + got + " instead of " + code
	}
	if st, ok := answerStatus(ss, req); ok && st != 400 {
		return fmt.Sprintf("was refused with %s but HTTP status %d instead of 400 Bad Request", code, st)
	}
	return ""
}
