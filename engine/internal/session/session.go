// Package session turns a transcript into a Snapshot.
//
// Build is the only place that reads what a server said: the live source
// calls it on the transcript of the session it just ran, and the trace
// source calls it on a recorded one, so the same session yields the same
// Snapshot whichever way it reached mcplint.
package session

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"

	"github.com/mcplint/mcplint/engine/internal/mcp"
	"github.com/mcplint/mcplint/sdk"
)

// Exchange is one client request and, when one came, its response.
type Exchange struct {
	// Index is the position of the request's record in the transcript.
	Index  int
	ID     json.RawMessage
	Method string
	Params json.RawMessage
	// Answered is true when a response with the request's id came back.
	Answered bool
	// Response is the response's record index when Answered.
	Response int
	Result   json.RawMessage
	Error    *mcp.RPCError
}

// Exchanges pairs every client-to-server request with the server's response
// of the same id (the first unanswered request of that id, so a reused id
// still pairs in order). Requests are returned in the order they were sent;
// responses that match no request are left out, as are messages that are
// not JSON-RPC at all.
func Exchanges(tr *sdk.Transcript) []Exchange {
	var out []Exchange
	open := map[string][]int{} // id key -> indexes into out, oldest first
	for i, rec := range tr.Records {
		if rec.Msg == nil {
			continue
		}
		switch rec.Dir {
		case sdk.DirClientToServer:
			for _, m := range mcp.ParseMessages(rec.Msg) {
				if !m.IsRequest() {
					continue
				}
				key := mcp.IDKey(m.ID)
				open[key] = append(open[key], len(out))
				out = append(out, Exchange{Index: i, ID: m.ID, Method: m.Method, Params: m.Params})
			}
		case sdk.DirServerToClient:
			for _, m := range mcp.ParseMessages(rec.Msg) {
				if !m.IsResponse() || !mcp.HasID(m.ID) {
					continue
				}
				key := mcp.IDKey(m.ID)
				waiting := open[key]
				if len(waiting) == 0 {
					continue
				}
				x := &out[waiting[0]]
				open[key] = waiting[1:]
				x.Answered, x.Response = true, i
				x.Result, x.Error = m.Result, m.Error
				if m.HasError && x.Error == nil {
					x.Error = &mcp.RPCError{}
				}
			}
		}
	}
	return out
}

// Succeeded reports an exchange answered with a result and no error.
func (x *Exchange) Succeeded() bool { return x.Answered && x.Error == nil && x.Result != nil }

// Build reads the Snapshot a transcript shows: the era and protocol
// version, the server's identity, capabilities and instructions, and the
// last complete listing of its tools, prompts, resources and resource
// templates. It tolerates broken servers: a response without an id, a
// result of the wrong shape or an item that is not an object is skipped,
// and whatever can be read is; an item encoding/json refuses only for a
// number past float64's range is read (see decodeItem). Name, Source and Input are left to the
// caller; Transcript is tr itself.
func Build(tr *sdk.Transcript) (*sdk.Snapshot, error) { return build(tr, true) }

// BuildUnsettled is Build for a live session whose handshake settled no
// era: what the transcript suggests (an initialize that was tried reads
// as legacy) is not what the client found, so the Snapshot has no Era.
func BuildUnsettled(tr *sdk.Transcript) (*sdk.Snapshot, error) { return build(tr, false) }

func build(tr *sdk.Transcript, settled bool) (*sdk.Snapshot, error) {
	if tr == nil {
		return nil, errors.New("build snapshot: no transcript")
	}
	xs := Exchanges(tr)
	s := &sdk.Snapshot{Transcript: tr, Tools: []sdk.Tool{}}
	readEra(s, xs)
	if !settled {
		s.Era = ""
	}

	for _, def := range lastListing(xs, mcp.MethodToolsList, "tools") {
		s.Tools = append(s.Tools, sdk.ToolFromDef(def))
	}
	for _, def := range lastListing(xs, mcp.MethodPromptsList, "prompts") {
		s.Prompts = append(s.Prompts, sdk.PromptFromDef(def))
	}
	for _, def := range lastListing(xs, mcp.MethodResourcesList, "resources") {
		s.Resources = append(s.Resources, sdk.ResourceFromDef(def))
	}
	for _, def := range lastListing(xs, mcp.MethodResourceTemplates, "resourceTemplates") {
		s.ResourceTemplates = append(s.ResourceTemplates, sdk.ResourceTemplateFromDef(def))
	}
	return s, nil
}

// serverFacts is what an initialize or discover result says about the
// server.
type serverFacts struct {
	ProtocolVersion any            `json:"protocolVersion"`
	ServerInfo      any            `json:"serverInfo"`
	Capabilities    any            `json:"capabilities"`
	Instructions    any            `json:"instructions"`
	Supported       any            `json:"supportedVersions"`
	Meta            map[string]any `json:"_meta"`
}

func facts(result json.RawMessage) (serverFacts, bool) {
	var f serverFacts
	var probe map[string]json.RawMessage
	if json.Unmarshal(result, &probe) != nil || probe == nil {
		return f, false
	}
	json.Unmarshal(result, &f)
	return f, true
}

// readEra decides the era the way the live client does
// (mcp.Client.Handshake): a DiscoverResult or a recognized modern error to
// server/discover that came before any successful initialize is modern; a
// successful initialize is legacy; requests carrying the modern _meta
// without a probe are modern; an initialize that failed is still legacy.
func readEra(s *sdk.Snapshot, xs []Exchange) {
	var initialize, discover *Exchange
	tried := false
	for i := range xs {
		x := &xs[i]
		switch x.Method {
		case mcp.MethodInitialize:
			tried = true
			if f, ok := facts(x.Result); ok && x.Succeeded() && f.ProtocolVersion != nil && initialize == nil {
				initialize = x
			}
		case mcp.MethodDiscover:
			if x.Answered && discover == nil {
				v, _, _ := mcp.ReadProbe(x.message())
				if v == mcp.Modern || v == mcp.NoCommonVersion {
					discover = x
				}
			}
		}
	}
	if discover != nil && initialize != nil && initialize.Response < discover.Response {
		discover = nil
	}
	// A result to discover that is not a DiscoverResult, with initialize
	// refused, is a modern server with a malformed DiscoverResult, as the
	// live client reads it.
	if discover == nil && initialize == nil && tried {
		for i := range xs {
			if x := &xs[i]; x.Method == mcp.MethodDiscover && x.Succeeded() {
				if v, _, _ := mcp.ReadProbe(x.message()); v == mcp.NotDiscoverResult {
					s.Era = sdk.EraModern
					s.ProtocolVersion = modernVersion(xs, x.Index)
					s.Server = modernServerInfo(xs)
					return
				}
			}
		}
	}
	switch {
	case discover != nil:
		s.Era = sdk.EraModern
		_, hello, _ := mcp.ReadProbe(discover.message())
		if f, ok := facts(discover.Result); ok && discover.Error == nil {
			s.Server = implementation(f.Meta[mcp.MetaServerInfo])
			fill(s, f)
		}
		s.ProtocolVersion = modernVersion(xs, discover.Index)
		if s.ProtocolVersion == "" {
			s.ProtocolVersion = hello.ProtocolVersion
		}
		if s.Server == nil {
			s.Server = modernServerInfo(xs)
		}
	case initialize != nil:
		s.Era = sdk.EraLegacy
		f, _ := facts(initialize.Result)
		s.ProtocolVersion, _ = f.ProtocolVersion.(string)
		s.Server = implementation(f.ServerInfo)
		fill(s, f)
	case modernVersion(xs, -1) != "" && !tried:
		s.Era = sdk.EraModern
		s.ProtocolVersion = modernVersion(xs, -1)
		s.Server = modernServerInfo(xs)
	case tried:
		s.Era = sdk.EraLegacy
	}
}

// message is the response of x as the client read it.
func (x *Exchange) message() mcp.Message {
	return mcp.Message{ID: x.ID, Result: x.Result, Error: x.Error, HasResult: x.Result != nil, HasError: x.Error != nil}
}

func fill(s *sdk.Snapshot, f serverFacts) {
	s.Capabilities, _ = f.Capabilities.(map[string]any)
	if text, ok := f.Instructions.(string); ok {
		s.Instructions, s.HasInstructions = text, true
	}
}

// modernVersion is the protocol version the client's requests from record
// index from on carried in _meta (the last one), or "" when none did. The
// server/discover probe is left out: every dual-era client sends it, to
// legacy servers too.
func modernVersion(xs []Exchange, from int) string {
	version := ""
	for _, x := range xs {
		if x.Index < from || x.Method == mcp.MethodDiscover {
			continue
		}
		var p struct {
			Meta map[string]any `json:"_meta"`
		}
		if json.Unmarshal(x.Params, &p) != nil {
			continue
		}
		if v, ok := p.Meta[mcp.MetaProtocolVersion].(string); ok && v != "" {
			version = v
		}
	}
	return version
}

// modernServerInfo reads the serverInfo a modern server puts in the _meta
// of its results, when there was no discover to read it from.
func modernServerInfo(xs []Exchange) *sdk.Implementation {
	for _, x := range xs {
		if f, ok := facts(x.Result); ok && x.Succeeded() {
			if impl := implementation(f.Meta[mcp.MetaServerInfo]); impl != nil {
				return impl
			}
		}
	}
	return nil
}

func implementation(v any) *sdk.Implementation {
	m, ok := v.(map[string]any)
	if !ok {
		return nil
	}
	impl := &sdk.Implementation{}
	impl.Name, _ = m["name"].(string)
	impl.Title, _ = m["title"].(string)
	impl.Version, _ = m["version"].(string)
	return impl
}

// lastListing returns the item objects of the last listing of method that
// got at least one page. A request without a cursor starts a listing and
// requests with one continue it, so a client that listed twice (after a
// list_changed notification, say) yields its latest view, not both.
func lastListing(xs []Exchange, method, key string) []map[string]any {
	var last, current []map[string]any
	started, got := false, false
	// The cursors this listing sent, and the items it holds (as JSON): a
	// page whose nextCursor is one already sent is a loop (pagination-loop
	// reports it), and what it repeats of the listing is left out rather
	// than listed twice (tool-name-duplicate would report each).
	var sent, listed map[string]bool
	for _, x := range xs {
		if x.Method != method {
			continue
		}
		cursor, ok := cursorOf(x.Params)
		if !ok {
			if got {
				last = current
			}
			current, started, got = nil, true, false
			sent, listed = map[string]bool{}, map[string]bool{}
		}
		if !started {
			continue
		}
		if ok {
			sent[cursor] = true
		}
		if !x.Succeeded() {
			continue
		}
		var page map[string]json.RawMessage
		if json.Unmarshal(x.Result, &page) != nil {
			continue
		}
		var items []json.RawMessage
		if json.Unmarshal(page[key], &items) != nil || page[key] == nil {
			continue
		}
		var next string
		json.Unmarshal(page["nextCursor"], &next)
		repeated := next != "" && sent[next]
		got = true
		for _, raw := range items {
			def := decodeItem(raw)
			if def == nil {
				continue // not an object: tools-list-shape reports it
			}
			canon, _ := json.Marshal(def)
			if repeated && listed[string(canon)] {
				continue
			}
			listed[string(canon)] = true
			current = append(current, def)
		}
	}
	if got {
		return current
	}
	return last
}

// decodeItem reads one item of a listing as the static source reads a
// file: numbers are float64s, except one past float64's range (1e309),
// which encoding/json refuses, failing the whole item; it is kept as the
// json.Number of its text, so the item is linted rather than dropped. It
// is nil when the item is not an object.
func decodeItem(raw json.RawMessage) map[string]any {
	var def map[string]any
	if json.Unmarshal(raw, &def) == nil {
		return def
	}
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	var v any
	if d.Decode(&v) != nil {
		return nil
	}
	def, _ = floats(v).(map[string]any)
	return def
}

// floats turns the json.Numbers of v that fit a float64 into float64s, in
// place, leaving the others as written.
func floats(v any) any {
	switch v := v.(type) {
	case map[string]any:
		for k, e := range v {
			v[k] = floats(e)
		}
	case []any:
		for i, e := range v {
			v[i] = floats(e)
		}
	case json.Number:
		if f, err := strconv.ParseFloat(string(v), 64); err == nil {
			return f
		}
	}
	return v
}

// cursorOf is the cursor a list request sent; ok is false when it sent
// none, which starts a listing.
func cursorOf(params json.RawMessage) (cursor string, ok bool) {
	var p struct {
		Cursor any `json:"cursor"`
	}
	if json.Unmarshal(params, &p) != nil {
		return "", false
	}
	cursor, ok = p.Cursor.(string)
	return cursor, ok
}
