package conformance

import (
	"encoding/json"
	"strconv"

	"github.com/mcplint/mcplint/rules/internal/snapmemo"
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
// Snapshot; nil when there is no transcript. Rules that judge something any
// exchange can show, wherever it happened, read them all.
func parts(s *sdk.Snapshot) []part {
	if s.Transcript == nil {
		return nil
	}
	return probeParts.Get(s, stampOf(s.Transcript), func() []part {
		out := []part{{session(s), "/transcript"}}
		for i, tr := range s.Transcript.Probes {
			if tr != nil {
				out = append(out, part{wire.Parse(tr), "/transcript/probes/" + strconv.Itoa(i)})
			}
		}
		return out
	})
}

var probeParts snapmemo.Cache[stamp, []part]

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
