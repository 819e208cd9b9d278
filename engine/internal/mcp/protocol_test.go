package mcp

import (
	"encoding/json"
	"testing"
)

func TestIDKey(t *testing.T) {
	same := [][2]string{{`1`, `1.0`}, {`1`, ` 1e0 `}, {`"a"`, `"\u0061"`}, {`-3`, `-3.00`}}
	for _, p := range same {
		if IDKey(json.RawMessage(p[0])) != IDKey(json.RawMessage(p[1])) {
			t.Errorf("%s and %s should pair", p[0], p[1])
		}
	}
	different := [][2]string{{`1`, `"1"`}, {`1`, `2`}, {`"a"`, `"A"`}, {`null`, `"null"`}}
	for _, p := range different {
		if IDKey(json.RawMessage(p[0])) == IDKey(json.RawMessage(p[1])) {
			t.Errorf("%s and %s must not pair", p[0], p[1])
		}
	}
}

func TestParseMessages(t *testing.T) {
	tests := []struct {
		line                           string
		n                              int
		request, notification, respond bool
	}{
		{`{"jsonrpc":"2.0","id":1,"method":"ping"}`, 1, true, false, false},
		{`{"jsonrpc":"2.0","method":"notifications/message"}`, 1, false, true, false},
		{`{"jsonrpc":"2.0","id":null,"method":"x"}`, 1, false, true, false},
		{`{"jsonrpc":"2.0","id":1,"result":null}`, 1, false, false, true},
		{`{"jsonrpc":"2.0","id":1,"error":"oops"}`, 1, false, false, true},
		{`[{"id":1,"result":{}},{"id":2,"result":{}},3]`, 2, false, false, true},
		{`Server starting...`, 0, false, false, false},
		{`"a string"`, 0, false, false, false},
	}
	for _, tt := range tests {
		ms := ParseMessages([]byte(tt.line))
		if len(ms) != tt.n {
			t.Errorf("%s: %d messages, want %d", tt.line, len(ms), tt.n)
			continue
		}
		if tt.n == 0 {
			continue
		}
		m := ms[0]
		if m.IsRequest() != tt.request || m.IsNotification() != tt.notification || m.IsResponse() != tt.respond {
			t.Errorf("%s: request=%v notification=%v response=%v", tt.line, m.IsRequest(), m.IsNotification(), m.IsResponse())
		}
	}
}

func TestReadProbe(t *testing.T) {
	tests := []struct {
		name    string
		answer  string
		verdict Verdict
		version string
	}{
		{"discover result", `{"id":1,"result":{"supportedVersions":["2026-07-28","2025-11-25"],"capabilities":{"tools":{}}}}`, Modern, ModernVersion},
		{"method not found", `{"id":1,"error":{"code":-32601,"message":"Method not found"}}`, Legacy, ""},
		{"invalid params", `{"id":1,"error":{"code":-32602,"message":"Invalid params"}}`, Legacy, ""},
		{"not initialized", `{"id":1,"error":{"code":-32002,"message":"Server not initialized"}}`, Legacy, ""},
		{"unsupported version listing legacy ones", `{"id":1,"error":{"code":-32022,"message":"x","data":{"supported":["2025-06-18"],"requested":"2026-07-28"}}}`, ModernLegacyVersions, ""},
		{"unsupported version without data is not recognized", `{"id":1,"error":{"code":-32022,"message":"x"}}`, Legacy, ""},
		{"unsupported version sharing nothing", `{"id":1,"error":{"code":-32022,"message":"x","data":{"supported":["2099-01-01"],"requested":"2026-07-28"}}}`, NoCommonVersion, ""},
		{"missing client capability", `{"id":1,"error":{"code":-32021,"message":"x","data":{"requiredCapabilities":{"sampling":{}}}}}`, Modern, ModernVersion},
		{"header mismatch is HTTP's", `{"id":1,"error":{"code":-32020,"message":"x"}}`, Legacy, ""},
		{"empty result from a catch-all handler", `{"id":1,"result":{}}`, NotDiscoverResult, ""},
		{"discover result with legacy versions only", `{"id":1,"result":{"supportedVersions":["2025-11-25"]}}`, ModernLegacyVersions, ""},
		{"discover result sharing nothing", `{"id":1,"result":{"supportedVersions":["2099-01-01"]}}`, NoCommonVersion, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, ok := ParseMessage([]byte(tt.answer))
			if !ok {
				t.Fatal("bad test input")
			}
			v, hello, _ := ReadProbe(m)
			if v != tt.verdict {
				t.Fatalf("verdict %d, want %d", v, tt.verdict)
			}
			if tt.version != "" && (hello == nil || hello.ProtocolVersion != tt.version) {
				t.Errorf("hello %+v, want version %s", hello, tt.version)
			}
		})
	}
}

// TestMetaFieldsAreMergedIntoACopy checks that the _meta fields mcplint
// adds to a request (the modern era's, a progress token) join those the
// caller put there, and that the caller's params and _meta stay as they
// were: an exercise call reuses its arguments.
func TestMetaFieldsAreMergedIntoACopy(t *testing.T) {
	callerMeta := map[string]any{"trace": "t1", MetaProtocolVersion: "old"}
	params := map[string]any{"name": "echo", "_meta": callerMeta}
	got := ModernParams("2026-07-28", params)
	meta, _ := got["_meta"].(map[string]any)
	if got["name"] != "echo" || meta["trace"] != "t1" || meta[MetaProtocolVersion] != "2026-07-28" || meta[MetaClientInfo] == nil || meta[MetaClientCapabilities] == nil {
		t.Errorf("ModernParams = %v", got)
	}
	if len(params) != 2 || len(callerMeta) != 2 || callerMeta[MetaProtocolVersion] != "old" {
		t.Errorf("the caller's params changed: %v", params)
	}
	if got := ModernParams("2026-07-28", nil); got["_meta"] == nil {
		t.Errorf("ModernParams(nil) = %v, want a _meta", got)
	}
	tokened := withMeta(params, map[string]any{"progressToken": "p1"})
	if meta, _ := tokened["_meta"].(map[string]any); meta["progressToken"] != "p1" || meta["trace"] != "t1" || callerMeta["progressToken"] != nil {
		t.Errorf("withMeta = %v, caller's _meta %v", tokened, callerMeta)
	}
}
