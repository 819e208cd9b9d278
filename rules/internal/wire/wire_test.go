package wire

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/mcplint/mcplint/sdk"
)

func rec(dir, msg string) sdk.Record {
	if msg == "" || !json.Valid([]byte(msg)) {
		return sdk.Record{Dir: dir, Raw: msg}
	}
	return sdk.Record{Dir: dir, Msg: json.RawMessage(msg)}
}

func TestClassify(t *testing.T) {
	for _, tc := range []struct {
		line, kind, method, id string
	}{
		{`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`, Request, "tools/list", "1"},
		{`{"jsonrpc":"2.0","id":"a","method":"ping","params":{}}`, Request, "ping", `"a"`},
		{`{"jsonrpc":"2.0","id":null,"method":"ping"}`, Request, "ping", "null"},
		{`{"jsonrpc":"2.0","method":"notifications/initialized"}`, Notification, "notifications/initialized", ""},
		{`{"jsonrpc":"2.0","id":1,"result":{}}`, Response, "", "1"},
		{`{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"x"}}`, Response, "", "1"},
		{`{"jsonrpc":"2.0","id":1,"result":null}`, Response, "", "1"},
		{`  [{"jsonrpc":"2.0","id":1,"method":"ping"}]`, Batch, "", ""},
		{`{"jsonrpc":"2.0","id":1}`, NotRPC, "", "1"},
		{`{"jsonrpc":"2.0","id":1,"method":7}`, NotRPC, "", "1"},
		{`"just a string"`, NotRPC, "", ""},
		{`null`, NotRPC, "", ""},
		{`42`, NotRPC, "", ""},
		{`Server listening on stdio`, NotJSON, "", ""},
		{``, NotJSON, "", ""},
	} {
		m := classify(3, rec(sdk.DirServerToClient, tc.line))
		if m.Kind != tc.kind || m.Method != tc.method || string(m.ID) != tc.id || m.Index != 3 {
			t.Errorf("%s: kind %q method %q id %q, want %q %q %q", tc.line, m.Kind, m.Method, m.ID, tc.kind, tc.method, tc.id)
		}
		if string(m.Bytes) != tc.line {
			t.Errorf("%s: bytes %q, want the line as it crossed the wire", tc.line, m.Bytes)
		}
	}
}

func TestParsePairsAndFinds(t *testing.T) {
	tr := &sdk.Transcript{Records: []sdk.Record{
		rec(sdk.DirClientToServer, `{"jsonrpc":"2.0","id":0,"method":"server/discover"}`),
		rec(sdk.DirServerToClient, `{"jsonrpc":"2.0","id":0,"error":{"code":-32601,"message":"Method not found"}}`),
		rec(sdk.DirClientToServer, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25"}}`),
		{Dir: sdk.DirEvent, TMs: 4, Event: &sdk.Event{Kind: sdk.EventProbe, Detail: "probe x"}},
		rec(sdk.DirServerToClient, `{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25"}}`),
		rec(sdk.DirClientToServer, `{"jsonrpc":"2.0","id":1,"method":"initialize"}`), // a second initialize: not the handshake
		rec(sdk.DirClientToServer, `{"jsonrpc":"2.0","id":"1","method":"tools/list"}`),
		rec(sdk.DirServerToClient, `{"jsonrpc":"2.0","id":"1","result":{"tools":[]}}`),  // answers "1", not 1
		rec(sdk.DirServerToClient, `{"jsonrpc":"2.0","id":1.0,"result":{}}`),            // 1.0 is not 1 as written
		rec(sdk.DirServerToClient, `{"jsonrpc":"2.0","id":9,"result":{}}`),              // answers nothing
		rec(sdk.DirServerToClient, `{"jsonrpc":"2.0","id":"s1","method":"roots/list"}`), // the server asks
		rec(sdk.DirClientToServer, `{"jsonrpc":"2.0","id":"s1","result":{"roots":[]}}`), // the client's answer is not paired
		{Dir: sdk.DirEvent}, // an event record without its event is skipped
		{Dir: "stderr", Raw: "log line"},
	}}
	s := Parse(tr)
	if len(s.Msgs) != 11 || len(s.Events) != 1 || s.Events[0].Index != 3 || s.Events[0].Kind != sdk.EventProbe {
		t.Fatalf("%d messages, events %+v: want the 11 stdin/stdout lines and the one event at record 3", len(s.Msgs), s.Events)
	}
	at := func(record int) *Msg {
		for _, m := range s.Msgs {
			if m.Index == record {
				return m
			}
		}
		t.Fatalf("no message of record %d", record)
		return nil
	}
	if s.Discover != at(0) || s.Initialize != at(2) {
		t.Errorf("discover %v, initialize %v: want records 0 and 2 (the first of each)", s.Discover, s.Initialize)
	}
	for _, p := range [][2]int{{0, 1}, {2, 4}, {6, 7}} {
		if at(p[0]).Pair != at(p[1]) || at(p[1]).Pair != at(p[0]) {
			t.Errorf("records %d and %d must be each other's pair", p[0], p[1])
		}
	}
	for _, unpaired := range []int{5, 8, 9, 10, 11} {
		if at(unpaired).Pair != nil {
			t.Errorf("record %d paired with record %d", unpaired, at(unpaired).Pair.Index)
		}
	}
	var res struct {
		ProtocolVersion string `json:"protocolVersion"`
	}
	if !at(4).Result(&res) || res.ProtocolVersion != "2025-11-25" || at(1).Result(&res) || !at(1).HasError() || at(4).HasError() {
		t.Errorf("Result/HasError on records 4 and 1")
	}
	if !at(2).Params(&res) || at(6).Params(&res) {
		t.Errorf("Params: record 2 has params, record 6 has none")
	}
	if at(7).Pointer() != "/transcript/records/7" {
		t.Errorf("pointer %q", at(7).Pointer())
	}
}

func TestSameID(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		same bool
	}{
		{`1`, `1`, true}, {`1`, ` 1 `, true}, {`"a"`, `"a"`, true}, {`{"x": 1}`, `{"x":1}`, true},
		{`1`, `"1"`, false}, {`1`, `1.0`, false}, {`null`, `"null"`, false}, {`"a"`, `"A"`, false},
	} {
		if got := SameID(json.RawMessage(tc.a), json.RawMessage(tc.b)); got != tc.same {
			t.Errorf("SameID(%s, %s) = %v", tc.a, tc.b, got)
		}
	}
}

func TestQuote(t *testing.T) {
	for _, tc := range []struct {
		in   string
		n    int
		want string
	}{
		{`{ "a" : [1, 2] }`, 100, `{"a":[1,2]}`},
		{`{"a":"bcdefgh"}`, 8, `{"a":"bc…`},
		{`not json`, 100, `"not json"`},
		{"caf\xc3\xa9 au lait", 4, `"café…"`}, // n counts characters, not bytes
		{"caf\xc3\xa9 au lait", 3, `"caf…"`},
		{"caf\xc3\xa9", 5, `"café"`},
		{"a\x1bb", 10, `"a\x1bb"`},
	} {
		got := Quote([]byte(tc.in), tc.n)
		if got != tc.want {
			t.Errorf("Quote(%q, %d) = %s, want %s", tc.in, tc.n, got, tc.want)
		}
		if !utf8.ValidString(strings.TrimSuffix(got, "…")) {
			t.Errorf("Quote(%q, %d) cut a character: %q", tc.in, tc.n, got)
		}
	}
}
