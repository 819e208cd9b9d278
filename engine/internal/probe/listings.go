package probe

import (
	"encoding/json"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/mcplint/mcplint/engine/internal/mcp"
	"github.com/mcplint/mcplint/engine/internal/session"
	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/sdk"
)

// Listings reads the tool lists the fresh-process probes saw from their
// transcripts (main's Probes, in order): one Listing
// for each second-session or client-identity probe whose tools/list
// succeeded and settled (secondList), with the tools of its last listing.
// legacy says whether those sessions declared
// mcp.RootsCapabilities (the modern era declares nothing).
// None when the main session's own list kept changing (SettleTools): it
// is then no base to compare other sessions' lists with.
func Listings(main *sdk.Transcript, legacy bool) []sdk.Listing {
	if inconclusiveFor(main, Relisting) {
		return nil
	}
	var out []sdk.Listing
	for i, tr := range main.Probes {
		if tr == nil {
			continue
		}
		for at, r := range tr.Records {
			if r.Event == nil || r.Event.Kind != sdk.EventProbe || (r.Event.Detail != SecondSession && r.Event.Detail != ClientIdentity) {
				continue
			}
			if inconclusiveFor(tr, r.Event.Detail) {
				break
			}
			rest := &sdk.Transcript{Records: tr.Records[at+1:]}
			// The pointer names the answer that began the last listing,
			// the one the tools come from (session.Build).
			first := -1
			for _, x := range session.Exchanges(rest) {
				if x.Method == mcp.MethodToolsList && x.Succeeded() && !hasCursor(x.Params) {
					first = at + 1 + x.Response
				}
			}
			if first < 0 {
				break
			}
			s, err := session.Build(rest)
			if err != nil {
				break
			}
			l := sdk.Listing{Probe: r.Event.Detail, Client: mcp.ClientName, Tools: s.Tools,
				Pointer: "/transcript/probes/" + strconv.Itoa(i) + "/records/" + strconv.Itoa(first)}
			if l.Probe == ClientIdentity {
				l.Client = OtherClientName
			}
			if legacy {
				l.Capabilities = slices.Sorted(maps.Keys(mcp.RootsCapabilities()))
			}
			out = append(out, l)
			break
		}
	}
	return out
}

// Inconclusive reads the probes of tr (its own records and its probe
// transcripts) that recorded an sdk.EventInconclusive: each with the rules
// it feeds (Judges) and why.
func Inconclusive(tr *sdk.Transcript) []result.Inconclusive {
	if tr == nil {
		return nil
	}
	var out []result.Inconclusive
	for _, t := range append([]*sdk.Transcript{tr}, tr.Probes...) {
		if t == nil {
			continue
		}
		for _, r := range t.Records {
			if r.Event == nil || r.Event.Kind != sdk.EventInconclusive {
				continue
			}
			name, why, _ := strings.Cut(r.Event.Detail, ": ")
			out = append(out, result.Inconclusive{Probe: name, Rules: append([]string{}, Judges[name]...), Reason: why})
		}
	}
	return out
}

// hasCursor reports whether list request params carry a cursor, which
// continues a listing rather than starting one.
func hasCursor(params json.RawMessage) bool {
	var p struct {
		Cursor any `json:"cursor"`
	}
	return json.Unmarshal(params, &p) == nil && p.Cursor != nil
}
