package engine

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/engine/trace"
	"github.com/mcplint/mcplint/internal/snip"
	"github.com/mcplint/mcplint/sdk"
)

// quoteLength is how many characters of a record the text report quotes
// under a finding: enough to recognize the message, never a flood.
const quoteLength = 160

// quoteRecords gives each issue of t that points into the transcript the
// start of the record it names, for the text report to quote: a finding
// such as /transcript/probes/0/records/3 is then read beside what the
// server said, live or from a trace.
func quoteRecords(t *result.Target, tr *sdk.Transcript) {
	if tr == nil {
		return
	}
	for _, is := range t.Issues {
		if _, done := t.Records[is.Pointer]; done {
			continue
		}
		rec, ok := recordAt(tr, is.Pointer)
		if !ok {
			continue
		}
		if t.Records == nil {
			t.Records = map[string]result.Quote{}
		}
		t.Records[is.Pointer] = quote(rec)
	}
}

// recordAt is the record a pointer into the transcript names, with or
// without a path into it: /transcript/records/I... or
// /transcript/probes/K/records/I...
func recordAt(tr *sdk.Transcript, ptr string) (sdk.Record, bool) {
	rest, ok := strings.CutPrefix(ptr, "/transcript/")
	if !ok {
		return sdk.Record{}, false
	}
	parts := strings.SplitN(rest, "/", 4)
	if parts[0] == "probes" && len(parts) >= 3 {
		k, err := strconv.Atoi(parts[1])
		if err != nil || k < 0 || k >= len(tr.Probes) || tr.Probes[k] == nil {
			return sdk.Record{}, false
		}
		tr = tr.Probes[k]
		parts = strings.SplitN(parts[2]+"/"+strings.Join(parts[3:], "/"), "/", 3)
	}
	if len(parts) < 2 || parts[0] != "records" {
		return sdk.Record{}, false
	}
	i, err := strconv.Atoi(parts[1])
	if err != nil || i < 0 || i >= len(tr.Records) {
		return sdk.Record{}, false
	}
	return tr.Records[i], true
}

// quote is the start of a record: the line as it crossed the wire, or an
// event as the trace writes it.
func quote(r sdk.Record) result.Quote {
	text := string(trace.Line(r))
	if r.Event != nil {
		b, _ := json.Marshal(r.Event)
		text = string(b)
	}
	return result.Quote{Dir: r.Dir, Text: snip.Runes(text, quoteLength)}
}
