package conformance

import (
	"bytes"
	"encoding/json"

	"github.com/mcplint/mcplint/rules/internal/wire"
	"github.com/mcplint/mcplint/sdk"
)

// The progress rules read the notifications/progress the server sent
// against the requests that asked for progress: a request asks by carrying
// _meta.progressToken, which mcplint's tool calls under --exercise do
// (2025-11-25/basic/utilities/progress.mdx, 2026-07-28/basic/patterns/progress.mdx).

// progressNote is one notifications/progress of the server, read against
// the requests that carried its token.
type progressNote struct {
	msg *wire.Msg
	// token is the progressToken as sent, key its identity (as ids are
	// compared: 1 and "1" differ).
	token json.RawMessage
	key   string
	// req is the last request sent before the notification that carried
	// the token; nil when none did.
	req *wire.Msg
	// answered is true when req had been answered before the
	// notification, and not with a task whose progress goes on.
	answered bool
	// progress is the progress value; ok false when it is not a number
	// (wire-schema's to report).
	progress float64
	ok       bool
}

// progressNotes lists the session's progress notifications in order.
func progressNotes(ss *wire.Session) []progressNote {
	var out []progressNote
	asked := map[string]*wire.Msg{}
	for _, m := range ss.Msgs {
		switch {
		case m.Dir == sdk.DirClientToServer && m.Kind == wire.Request:
			var p struct {
				Meta struct {
					Token json.RawMessage `json:"progressToken"`
				} `json:"_meta"`
			}
			if m.Params(&p) && len(p.Meta.Token) > 0 {
				asked[tokenKey(p.Meta.Token)] = m
			}
		case m.Dir == sdk.DirServerToClient && m.Kind == wire.Notification && m.Method == "notifications/progress":
			var p struct {
				Token    json.RawMessage `json:"progressToken"`
				Progress json.RawMessage `json:"progress"`
			}
			if !m.Params(&p) || len(p.Token) == 0 {
				continue // wire-schema reports a notification without a token
			}
			n := progressNote{msg: m, token: p.Token, key: tokenKey(p.Token)}
			n.req = asked[n.key]
			n.answered = n.req != nil && n.req.Pair != nil && n.req.Pair.Index < m.Index && !createsTask(n.req.Pair)
			n.ok = json.Unmarshal(p.Progress, &n.progress) == nil && len(p.Progress) > 0
			out = append(out, n)
		}
	}
	return out
}

// createsTask reports a CreateTaskResult: the answer to a task-augmented
// request, after which progress goes on with the same token until the
// task ends (2025-11-25/basic/utilities/progress.mdx#behavior-requirements).
func createsTask(resp *wire.Msg) bool {
	var r struct {
		Task json.RawMessage `json:"task"`
	}
	return resp.Result(&r) && len(r.Task) > 0 && r.Task[0] == '{'
}

// tokenKey identifies a progress token by value and JSON type.
func tokenKey(tok json.RawMessage) string {
	var b bytes.Buffer
	if json.Compact(&b, tok) != nil {
		return string(tok)
	}
	return b.String()
}
