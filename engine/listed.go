package engine

import (
	"bytes"
	"encoding/json"

	"github.com/mcplint/mcplint/sdk"
)

// listedTools reports whether a session's transcript shows a tools/list
// request answered with a result: without one, the server's tools are
// unknown, and an empty tool list must not read as a clean one.
func listedTools(tr *sdk.Transcript) bool {
	pending := map[string]bool{}
	for _, rec := range tr.Records {
		if rec.Msg == nil {
			continue
		}
		var m struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
			Result json.RawMessage `json:"result"`
		}
		if json.Unmarshal(rec.Msg, &m) != nil || m.ID == nil {
			continue
		}
		var id bytes.Buffer
		if json.Compact(&id, m.ID) != nil {
			continue
		}
		switch {
		case rec.Dir == sdk.DirClientToServer && m.Method == "tools/list":
			pending[id.String()] = true
		case rec.Dir == sdk.DirServerToClient && m.Result != nil && pending[id.String()]:
			return true
		}
	}
	return false
}
