package exercise

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/mcplint/mcplint/sdk"
)

func probe(detail string) sdk.Record {
	return sdk.Record{Dir: sdk.DirEvent, Event: &sdk.Event{Kind: sdk.EventProbe, Detail: detail}}
}

func c2s(t float64, msg string) sdk.Record {
	return sdk.Record{TMs: t, Dir: sdk.DirClientToServer, Msg: json.RawMessage(msg)}
}

func s2c(t float64, msg string) sdk.Record {
	return sdk.Record{TMs: t, Dir: sdk.DirServerToClient, Msg: json.RawMessage(msg)}
}

func call(id int, tool, args string) string {
	return `{"jsonrpc":"2.0","id":` + string(rune('0'+id)) + `,"method":"tools/call","params":{"name":"` + tool + `","arguments":` + args + `}}`
}

func TestRead(t *testing.T) {
	code := 2
	tr := &sdk.Transcript{Records: []sdk.Record{
		c2s(0, `{"jsonrpc":"2.0","id":0,"method":"tools/list"}`),
		s2c(1, `{"jsonrpc":"2.0","id":0,"result":{"tools":[]}}`),
		// An ordinary call before any scenario is not one.
		c2s(2, call(9, "a", `{}`)),
		probe("exercise a happy-1"),
		c2s(10, call(1, "a", `{"x": 1}`)),
		s2c(25.5, `{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"fine"}]}}`),
		probe("exercise a edge-wrong-type"),
		c2s(30, call(2, "a", `{"x":"s"}`)),
		s2c(31, `{"jsonrpc":"2.0","id":2,"error":{"code":-32602,"message":"x must be a number"}}`),
		probe("exercise two words happy-1 best-effort"),
		c2s(40, call(3, "two words", `{}`)),
		s2c(41, `{"jsonrpc":"2.0","id":3,"result":{"isError":true,"content":[{"type":"text","text":"no"}]}}`),
		probe("exercise b happy-1"),
		c2s(50, call(4, "b", `{}`)),
		{Dir: sdk.DirEvent, Event: &sdk.Event{Kind: sdk.EventTimeout, ID: json.RawMessage("4"), Detail: "tools/call got no answer in 1s"}},
		probe("exercise b edge-empty"),
		c2s(1100, call(5, "b", `{"q":""}`)),
		{Dir: sdk.DirEvent, Event: &sdk.Event{Kind: sdk.EventExit, Code: &code, Detail: "exit status 2"}},
		probe("exercise b edge-zero"),
	}}
	res := Read(tr)
	if res == nil {
		t.Fatal("no results")
	}
	type row struct {
		tool, scenario, kind, outcome string
		passed, best                  bool
		latency                       float64
	}
	var got []row
	for _, r := range res.Scenarios {
		got = append(got, row{r.Tool, r.Scenario, r.Kind, r.Outcome, r.Passed, r.BestEffort, r.LatencyMs})
	}
	want := []row{
		{"a", "happy-1", Happy, OutcomeOK, true, false, 15.5},
		{"a", "edge-wrong-type", Edge, OutcomeProtocolError, true, false, 1},
		{"two words", "happy-1", Happy, OutcomeToolError, false, true, 1},
		{"b", "happy-1", Happy, OutcomeTimeout, false, false, 0},
		{"b", "edge-empty", Edge, OutcomeExited, false, false, 0},
		{"b", "edge-zero", Edge, OutcomeNoAnswer, false, false, 0},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got\n%+v\nwant\n%+v", got, want)
	}
	if res.Scenarios[1].Error != "JSON-RPC error -32602: x must be a number" || res.Scenarios[4].Error != "the server exited: exit status 2" {
		t.Errorf("errors %q %q", res.Scenarios[1].Error, res.Scenarios[4].Error)
	}
	if string(res.Scenarios[0].Arguments) != `{"x":1}` || res.Scenarios[0].Excerpt != "fine" || res.Scenarios[0].Record != 4 {
		t.Errorf("first %+v", res.Scenarios[0])
	}
	if res.Happy != (Tally{Passed: 1, Total: 3}) || res.Edge != (Tally{Passed: 1, Total: 3}) {
		t.Errorf("happy %+v edge %+v", res.Happy, res.Edge)
	}
	wantTools := []ToolSummary{{Tool: "a", Passed: 2, Total: 2, AvgLatencyMs: 8.25}, {Tool: "two words", Total: 1, AvgLatencyMs: 1}, {Tool: "b", Total: 3}}
	if !reflect.DeepEqual(res.Tools, wantTools) {
		t.Errorf("tools %+v", res.Tools)
	}
}

func TestReadWithoutScenarios(t *testing.T) {
	if Read(nil) != nil || Read(&sdk.Transcript{Records: []sdk.Record{c2s(0, call(1, "a", `{}`))}}) != nil {
		t.Error("results from a transcript without scenarios")
	}
}

func TestExcerpt(t *testing.T) {
	var content []map[string]any
	json.Unmarshal([]byte(`[{"type":"text","text":"hi"},{"type":"resource","resource":{"uri":"file:///a.bin","blob":"AA==","mimeType":"application/octet-stream"}},{"type":"thing"}]`), &content)
	if got := excerpt(content, nil); got != "hi\n[resource file:///a.bin] [blob application/octet-stream]\n[thing]" {
		t.Errorf("excerpt %q", got)
	}
	long := make([]byte, 400)
	for i := range long {
		long[i] = 'x'
	}
	if got := excerpt([]map[string]any{{"type": "text", "text": string(long)}}, nil); len([]rune(got)) != excerptRunes+1 {
		t.Errorf("excerpt of %d runes", len([]rune(got)))
	}
}
