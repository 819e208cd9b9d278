package conformance

import (
	"encoding/json"

	"github.com/mcplint/mcplint/rules/internal/wire"
	"github.com/mcplint/mcplint/sdk"
)

// handshake is the answer that opened the session: the initialize result
// (legacy) or the server/discover result (modern).
type handshake struct {
	// Resp is the response message; nil when the server never answered.
	Resp *wire.Msg
	// Obj is its result object; nil when the result is not an object or the
	// response is an error.
	Obj map[string]json.RawMessage
	// Modern is true for server/discover.
	Modern bool
}

// openingAnswer finds the handshake answer for the Snapshot's era.
func openingAnswer(s *sdk.Snapshot, ss *wire.Session) *handshake {
	req := ss.Initialize
	modern := s.Era == sdk.EraModern
	if modern {
		req = ss.Discover
	}
	if req == nil || req.Pair == nil {
		return nil
	}
	h := &handshake{Resp: req.Pair, Modern: modern}
	if !req.Pair.HasError() {
		req.Pair.Result(&h.Obj)
	}
	return h
}

// metaServerInfo is where a modern server names itself.
const metaServerInfo = "io.modelcontextprotocol/serverInfo"
