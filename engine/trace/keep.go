package trace

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/mcplint/mcplint/sdk"
)

// A trace can hold millions of records a server sent unasked (a flood of
// notifications or stderr lines). Rules judge a flood by its first
// records and its size, never by its millionth copy, so Read keeps the
// first few of each kind in place and counts the rest: memory and the
// rules' time then depend on what the session did, not on how long the
// server kept repeating itself.
const (
	// keepEach is how many unasked records of one kind (notifications of
	// one method in one direction, stderr lines, stdout lines that are not
	// JSON) a trace keeps.
	keepEach = 1000
	// maxKinds is how many notification methods are told apart; past it,
	// every other method of a direction is one kind.
	maxKinds = 256
	// MaxRecords caps the records a trace keeps in all: the requests,
	// answers and events that rules read one by one. A trace over it is
	// refused; `mcplint record` of a real session stays far below it.
	MaxRecords = 500_000
)

// floodRate is how many notifications and requests a second a server
// may send before a trace says it flooded its client: the rate past which
// a live session counts them instead of recording them (mcp.FloodRate),
// so that message-flood judges a recording as it judges a live session.
const floodRate = 1000

// keeper decides which records Read keeps.
type keeper struct {
	kept    int
	counts  map[string]*dropped
	ordered []string
	rate    rate
}

// rate measures the server's notifications and requests in each second of
// a session (by t_ms): how many came past floodRate in their second.
type rate struct {
	second   int64
	inSecond int
	over     int
	bytes    int64
	firstT   float64
	lastT    float64
}

// add counts a server's notification or request at tMs.
func (r *rate) add(tMs float64, size int) {
	if sec := int64(tMs / 1000); sec != r.second || r.inSecond == 0 {
		r.second, r.inSecond = sec, 0
	}
	r.inSecond++
	if r.inSecond > floodRate {
		if r.over == 0 {
			r.firstT = tMs
		}
		r.over++
		r.bytes += int64(size)
		r.lastT = tMs
	}
}

// dropped is what was counted, not kept, of one kind.
type dropped struct {
	what  string
	seen  int
	bytes int64
	lastT float64
}

// keep reports whether r, read from a line of size bytes, is kept; a
// record past its kind's cap is counted instead. It returns an error when
// the trace keeps more than MaxRecords records.
func (k *keeper) keep(r *sdk.Record, size int) (bool, error) {
	kind, what := unasked(r)
	if r.Dir == sdk.DirServerToClient && (kind != "" && r.Msg != nil || isRequest(r)) {
		k.rate.add(r.TMs, size)
	}
	if kind != "" {
		if k.counts == nil {
			k.counts = map[string]*dropped{}
		}
		d := k.counts[kind]
		if d == nil {
			if len(k.counts) >= maxKinds {
				kind, what = r.Dir+" other", "notifications of other methods from the "+side(r.Dir)
				d = k.counts[kind]
			}
			if d == nil {
				d = &dropped{what: what}
				k.counts[kind] = d
				k.ordered = append(k.ordered, kind)
			}
		}
		d.seen++
		if d.seen > keepEach {
			d.bytes += int64(size)
			d.lastT = r.TMs
			return false, nil
		}
	}
	k.kept++
	if k.kept > MaxRecords {
		return false, fmt.Errorf("the trace holds more than %d requests, answers and events, the most mcplint keeps of one trace (notifications and stderr past %d of a kind are counted, not kept); lint a shorter recording", MaxRecords, keepEach)
	}
	return true, nil
}

// summary is one event per kind that was counted, in the order the kinds
// first came: what it was, how many were not kept, and their bytes.
func (k *keeper) summary() []sdk.Record {
	var out []sdk.Record
	for _, kind := range k.ordered {
		d := k.counts[kind]
		if d.seen <= keepEach {
			continue
		}
		out = append(out, sdk.Record{TMs: d.lastT, Dir: sdk.DirEvent, Event: &sdk.Event{
			Kind: sdk.EventRecordsCounted, Bytes: d.bytes,
			Detail: fmt.Sprintf("%d %s in all; the first %d were kept, the other %d counted", d.seen, d.what, keepEach, d.seen-keepEach),
		}})
	}
	if rt := k.rate; rt.over > 0 {
		out = append(out, sdk.Record{TMs: rt.lastT, Dir: sdk.DirEvent, Event: &sdk.Event{
			Kind: sdk.EventFlood, Bytes: rt.bytes,
			Detail: fmt.Sprintf("the server sent more than %d notifications and requests a second; from %.1f s into the session, %d of them came past that rate", floodRate, rt.firstT/1000, rt.over),
		}})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].TMs < out[j].TMs })
	return out
}

// isRequest reports whether r is a JSON-RPC request: a message with a
// method and an id.
func isRequest(r *sdk.Record) bool {
	if r.Msg == nil || !bytes.Contains(r.Msg, []byte(`"method"`)) {
		return false
	}
	var m struct {
		ID     json.RawMessage `json:"id"`
		Method *string         `json:"method"`
	}
	return json.Unmarshal(r.Msg, &m) == nil && m.Method != nil && len(m.ID) > 0 && string(m.ID) != "null"
}

// unasked returns the kind of a record nobody asked for (a notification,
// a stderr line, a stdout line that is not JSON) and how to name such
// records; "" for any other record.
func unasked(r *sdk.Record) (kind, what string) {
	switch {
	case r.Dir == sdk.DirStderr:
		return "stderr", "stderr lines"
	case r.Dir != sdk.DirClientToServer && r.Dir != sdk.DirServerToClient:
		return "", ""
	case r.Msg == nil:
		return r.Dir + " raw", "stdout lines that are not JSON from the " + side(r.Dir)
	}
	var m struct {
		ID     json.RawMessage `json:"id"`
		Method *string         `json:"method"`
	}
	if json.Unmarshal(r.Msg, &m) != nil || m.Method == nil || m.ID != nil {
		return "", ""
	}
	method := strings.ToValidUTF8(*m.Method, "?")
	if len(method) > 100 {
		method = method[:100] + "…"
	}
	return r.Dir + " " + method, fmt.Sprintf("%q notifications from the %s", method, side(r.Dir))
}

func side(dir string) string {
	if dir == sdk.DirClientToServer {
		return "client"
	}
	return "server"
}
