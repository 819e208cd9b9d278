package conformance

import (
	"context"
	"encoding/json"
	"strconv"

	"github.com/mcplint/mcplint/internal/analysis"
	"github.com/mcplint/mcplint/rules/internal/wire"
	"github.com/mcplint/mcplint/sdk"
)

// part is one session of a Snapshot: the main transcript, or a session a
// probe held with a fresh process of the server (Transcript.Probes).
type part struct {
	*wire.Session
	// base is the transcript's pointer: "/transcript" or
	// "/transcript/probes/0".
	base string
}

// parts reads the main transcript and every probe transcript, once per
// Snapshot (the analysis probedSessions); nil when there is no
// transcript. Rules that judge something any exchange can show, wherever
// it happened, read them all.
func parts(ctx context.Context, s *sdk.Snapshot) []part {
	return probedSessions.Of(ctx, s)
}

var probedSessions = analysis.New(analysis.Analysis[[]part]{
	Name: "wire-sessions",
	Doc:  "the main transcript and every probe's, parsed as JSON-RPC messages",
	Uses: []string{parsedSession.Name},
	Run: func(ctx context.Context, s *sdk.Snapshot) []part {
		if s.Transcript == nil {
			return nil
		}
		out := []part{{session(ctx, s), "/transcript"}}
		for i, tr := range s.Transcript.Probes {
			if tr != nil {
				out = append(out, part{wire.Parse(tr), "/transcript/probes/" + strconv.Itoa(i)})
			}
		}
		return out
	},
})

// at reports an issue about record index of the part's transcript.
func (p part) at(report func(sdk.Issue), index int, msg, fix string) {
	report(sdk.Issue{Tool: sdk.OwnerServer, Pointer: p.base + "/records/" + strconv.Itoa(index), Message: msg, Fix: fix})
}

// modernVersionOf is the protocol version a request declares in its
// _meta, or "" when it declares none.
func modernVersionOf(m *wire.Msg) string {
	var p struct {
		Meta map[string]any `json:"_meta"`
	}
	m.Params(&p)
	v, _ := p.Meta["io.modelcontextprotocol/protocolVersion"].(string)
	return v
}

// errorCode is a response's error code as written ("-32601"), or "" when
// it has no error object with a numeric code.
func errorCode(m *wire.Msg) string {
	var e struct {
		Code json.Number `json:"code"`
	}
	if !m.HasError() || json.Unmarshal(m.Obj["error"], &e) != nil {
		return ""
	}
	return string(e.Code)
}
