package exercise

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
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

// TestReadInconclusive holds the judge to the cases: failures of
// the machine and arguments the tool refuses although its schema accepts
// them leave the happy-path tally; an error dressed as a success counts
// as a failure, unless the arguments asked for an error.
func TestReadInconclusive(t *testing.T) {
	text := func(id int, isError bool, s string) string {
		b, _ := json.Marshal(s)
		flag := ""
		if isError {
			flag = `"isError":true,`
		}
		return `{"jsonrpc":"2.0","id":` + string(rune('0'+id)) + `,"result":{` + flag + `"content":[{"type":"text","text":` + string(b) + `}]}}`
	}
	tr := &sdk.Transcript{Records: []sdk.Record{
		probe("exercise chart happy-1"),
		c2s(0, call(1, "chart", `{}`)),
		s2c(1, `{"jsonrpc":"2.0","id":1,"error":{"code":-32603,"message":"Failed to generate chart: getaddrinfo EAI_AGAIN antv-studio.alipay.com"}}`),
		probe("exercise docs happy-1"),
		c2s(2, call(2, "docs", `{"q":"x"}`)),
		s2c(3, text(2, false, "Error searching libraries: TypeError: fetch failed")),
		probe("exercise read happy-1"),
		c2s(4, call(3, "read", `{"head":5,"tail":5}`)),
		s2c(5, text(3, true, "Cannot specify both head and tail parameters simultaneously")),
		probe("exercise calc happy-1"),
		c2s(6, call(4, "calc", `{}`)),
		s2c(7, text(4, false, "Error: division by zero")),
		probe("exercise msg happy-1"),
		c2s(8, call(5, "msg", `{"messageType":"error"}`)),
		s2c(9, text(5, false, "Error: Operation failed")),
		probe("exercise read happy-2 best-effort"),
		c2s(10, call(6, "read", `{"head":5,"tail":5}`)),
		s2c(11, text(6, true, "Cannot specify both head and tail parameters simultaneously")),
	}}
	res := Read(tr)
	type row struct {
		tool         string
		passed, hide bool
		inconclusive bool
	}
	var got []row
	for _, r := range res.Scenarios {
		got = append(got, row{r.Tool, r.Passed, r.HiddenError, r.Inconclusive != ""})
	}
	want := []row{
		{"chart", false, false, true},
		{"docs", false, true, true},
		{"read", false, false, true},
		{"calc", false, true, false},
		{"msg", true, false, false},
		{"read", false, false, false}, // best-effort arguments: mcplint's guess, not the schema's promise
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got\n%+v\nwant\n%+v", got, want)
	}
	if res.Happy != (Tally{Passed: 1, Total: 3, Inconclusive: 3}) {
		t.Errorf("happy %+v", res.Happy)
	}
	if r := res.Scenarios[0].Inconclusive; r != `the machine lacks network ("getaddrinfo")` {
		t.Errorf("inconclusive reason %q", r)
	}
}

// TestReadOldTextUnread: an edit whose old text mcplint could not read
// from the file first is not held against the server when it is refused;
// the same refusal of text mcplint did read is; the flag is read after
// best-effort too, and from a detail whose tool name has spaces.
func TestReadOldTextUnread(t *testing.T) {
	refused := func(id int) string {
		return `{"jsonrpc":"2.0","id":` + string(rune('0'+id)) + `,"result":{"isError":true,"content":[{"type":"text","text":"Could not find exact match for edit"}]}}`
	}
	tr := &sdk.Transcript{Records: []sdk.Record{
		probe("exercise edit_file happy-1 old-text-unread"),
		c2s(0, call(1, "edit_file", `{"path":"/x","edits":[{"oldText":"a","newText":"b"}]}`)),
		s2c(1, refused(1)),
		probe("exercise edit_file happy-2"),
		c2s(2, call(2, "edit_file", `{"path":"/x","edits":[{"oldText":"a","newText":"a"}]}`)),
		s2c(3, refused(2)),
		probe("exercise edit file happy-3 best-effort old-text-unread"),
		c2s(4, call(3, "edit file", `{"path":"/x","old_string":"a"}`)),
		s2c(5, refused(3)),
	}}
	res := Read(tr)
	var got []string
	for _, r := range res.Scenarios {
		got = append(got, fmt.Sprintf("%s %s best=%v unread=%v inconclusive=%v passed=%v", r.Tool, r.Scenario, r.BestEffort, r.OldTextUnread, r.Inconclusive != "", r.Passed))
	}
	want := []string{
		"edit_file happy-1 best=false unread=true inconclusive=true passed=false",
		"edit_file happy-2 best=false unread=false inconclusive=false passed=false",
		"edit file happy-3 best=true unread=true inconclusive=true passed=false",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestFillOldTextHelpers: the slots, the reader and the line an edit's old
// text is taken from.
func TestFillOldTextHelpers(t *testing.T) {
	args := map[string]any{"path": "/x", "edits": []any{map[string]any{"oldText": "a", "newText": "b"}, map[string]any{"oldText": "c", "newText": "d"}}, "dryRun": false}
	if n := len(oldTextSlots(args)); n != 2 {
		t.Errorf("edit_file: %d slots, want 2", n)
	}
	if n := len(oldTextSlots(map[string]any{"file_path": "/x", "old_string": "a", "new_string": "b"})); n != 1 {
		t.Errorf("old_string: %d slots, want 1", n)
	}
	if n := len(oldTextSlots(map[string]any{"path": "/x", "content": "a"})); n != 0 {
		t.Errorf("write: %d slots, want 0", n)
	}
	yes := true
	ro := &sdk.ToolAnnotations{ReadOnlyHint: &yes}
	pathSchema := map[string]any{"type": "object", "properties": map[string]any{"path": map[string]any{"type": "string"}}, "required": []any{"path"}}
	tools := []sdk.Tool{
		{Name: "read_media_file", Annotations: ro, InputSchema: pathSchema},
		{Name: "read_file", Annotations: ro, InputSchema: pathSchema},
		{Name: "read_text_file", Annotations: ro, InputSchema: pathSchema},
		{Name: "edit_file", InputSchema: pathSchema},
	}
	if name, prop, ok := fileReader(tools, "edit_file"); !ok || name != "read_text_file" || prop != "path" {
		t.Errorf("reader %q %q %v, want read_text_file path", name, prop, ok)
	}
	if _, _, ok := fileReader(tools[3:], "edit_file"); ok {
		t.Error("an editor alone found a reader")
	}
	if got := firstLine("\n  \r\nhello world\r\nnext"); got != "hello world" {
		t.Errorf("firstLine = %q", got)
	}
}
