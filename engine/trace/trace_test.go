package trace

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/mcplint/mcplint/sdk"
)

const header = `{"mcplint_trace":1,"command":["node","server.js"],"started":"2026-11-29T23:10:34.123456789Z"}` + "\n"

func TestRoundTrip(t *testing.T) {
	code := 1
	in := &sdk.Transcript{
		Command: []string{"node", "server.js", "--flag=<x>&y"},
		Started: time.Date(2026, 11, 29, 23, 10, 34, 123456789, time.UTC),
		Records: []sdk.Record{
			{TMs: 0, Dir: sdk.DirClientToServer, Msg: json.RawMessage(`{"jsonrpc":"2.0","id":1,"method":"initialize"}`)},
			{TMs: 1.25, Dir: sdk.DirServerToClient, Msg: json.RawMessage(`{"jsonrpc" : "2.0", "id":1,"result":{"x":"<b>\u00e9"}}`)},
			{TMs: 2, Dir: sdk.DirServerToClient, Raw: "Server listening"},
			{TMs: 2, Dir: sdk.DirServerToClient, Raw: `{"jsonrpc":"2.0"}` + "\r"},
			{TMs: 2, Dir: sdk.DirServerToClient, Raw: ""},
			{TMs: 3, Dir: sdk.DirStderr, Raw: `{"level":"info"}`},
			{TMs: 3.5, Dir: sdk.DirServerToClient, Raw: "caf\xe9 \xff\xfe"},
			{TMs: 4, Dir: sdk.DirStderr, Raw: "tag \U000E0041 bidi \u202e"},
			{TMs: 5, Dir: sdk.DirServerToClient, Msg: json.RawMessage(`null`)},
			{TMs: 6, Dir: sdk.DirEvent, Event: &sdk.Event{Kind: sdk.EventTimeout, ID: json.RawMessage(`"a"`)}},
			{TMs: 7, Dir: sdk.DirServerToClient, Msg: json.RawMessage(`{"partial":true}`), NoNewline: true},
			{TMs: 8, Dir: sdk.DirServerToClient, Msg: json.RawMessage(`{"jsonrpc":"2.0","method":"notifications/progress"}`),
				Stream: &sdk.MessageStream{N: 2, Request: json.RawMessage(`4`), Method: "tools/call"}},
			{TMs: 8.5, Dir: sdk.DirServerToClient, Raw: "not json", Stream: &sdk.MessageStream{N: 3, Request: json.RawMessage(`"a"`), Method: "subscriptions/listen"}},
			{TMs: 9, Dir: sdk.DirServerToClient, Msg: json.RawMessage(`{"jsonrpc":"2.0","method":"notifications/message"}`), Stream: &sdk.MessageStream{N: 4}},
			{TMs: 1e9, Dir: sdk.DirEvent, Event: &sdk.Event{Kind: sdk.EventExit, Code: &code, Detail: "exit status 1"}},
		},
	}
	var buf bytes.Buffer
	if err := Write(&buf, in); err != nil {
		t.Fatal(err)
	}
	if !Sniff(buf.Bytes()) {
		t.Errorf("Sniff does not recognize a written trace:\n%s", buf.Bytes())
	}
	if !bytes.HasPrefix(buf.Bytes(), []byte(`{"mcplint_trace":3,`)) {
		t.Errorf("a trace whose records name streams is not version 3:\n%s", buf.Bytes())
	}
	if !bytes.Contains(buf.Bytes(), []byte(`"raw_b64":"Y2Fm6SD//g=="`)) {
		t.Errorf("invalid UTF-8 is not stored as raw_b64:\n%s", buf.Bytes())
	}
	if !bytes.Contains(buf.Bytes(), []byte(`"msg":{"jsonrpc" : "2.0", "id":1,"result":{"x":"<b>\u00e9"}}`)) {
		t.Errorf("msg is not written byte for byte:\n%s", buf.Bytes())
	}
	out, err := Read(&buf)
	if err != nil {
		t.Fatal(err)
	}
	assertSame(t, in, out)
}

func assertSame(t *testing.T, want, got *sdk.Transcript) {
	t.Helper()
	if !want.Started.Equal(got.Started) {
		t.Errorf("started = %v, want %v", got.Started, want.Started)
	}
	if !reflect.DeepEqual(want.Command, got.Command) {
		t.Errorf("command = %q, want %q", got.Command, want.Command)
	}
	if len(want.Records) != len(got.Records) {
		t.Fatalf("%d records, want %d", len(got.Records), len(want.Records))
	}
	for i := range want.Records {
		if !reflect.DeepEqual(want.Records[i], got.Records[i]) {
			t.Errorf("record %d = %+v, want %+v", i, got.Records[i], want.Records[i])
		}
	}
}

func TestLineRecord(t *testing.T) {
	tests := []struct {
		line    string
		dir     string
		wantMsg bool
	}{
		{`{"jsonrpc":"2.0","id":1}`, sdk.DirServerToClient, true},
		{`[{"jsonrpc":"2.0"}]`, sdk.DirServerToClient, true},
		{`42`, sdk.DirServerToClient, true},
		{` {"a":1}`, sdk.DirServerToClient, false},
		{`{"a":1}` + "\r", sdk.DirServerToClient, false},
		{`{"a":`, sdk.DirServerToClient, false},
		{"{\"a\":\"\xff\"}", sdk.DirServerToClient, false},
		{``, sdk.DirClientToServer, false},
		{`{"a":1}`, sdk.DirStderr, false},
	}
	for _, tt := range tests {
		r := LineRecord(1, tt.dir, []byte(tt.line), false)
		if (r.Msg != nil) != tt.wantMsg {
			t.Errorf("LineRecord(%q, %s): msg=%v, want msg=%v", tt.line, tt.dir, r.Msg != nil, tt.wantMsg)
		}
		if got := string(Line(r)); got != tt.line {
			t.Errorf("Line(LineRecord(%q)) = %q", tt.line, got)
		}
	}
}

func TestReadErrors(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"empty", "", "t.jsonl:1: not an mcplint trace: the file is empty"},
		{"static tool list", `{"tools":[]}`, `t.jsonl:1: not an mcplint trace: the first line must be a header like {"mcplint_trace":1,"command":[...],"started":"..."}; record one with mcplint record -o FILE -- COMMAND`},
		{"newer version", `{"mcplint_trace":4,"started":"2026-01-02T15:04:05Z"}`, "t.jsonl:1: trace format version 4 is newer than this mcplint reads (it knows versions 1 to 3); upgrade mcplint"},
		{"bad version", `{"mcplint_trace":"1","started":"2026-01-02T15:04:05Z"}`, `t.jsonl:1: mcplint_trace is "1"; this mcplint reads trace format versions 1 to 3`},
		{"no started", `{"mcplint_trace":1}`, `t.jsonl:1: the header has no "started" time; want an RFC 3339 time such as "2026-01-02T15:04:05.123Z"`},
		{"bad started", `{"mcplint_trace":1,"started":"yesterday"}`, `t.jsonl:1: "started" is "yesterday"; want an RFC 3339 time such as "2026-01-02T15:04:05.123Z"`},
		{"not json", header + "\n" + `{"t_ms":1,"dir":"c2s","msg":{}` + "\n", "t.jsonl:3: the line is not JSON: it ends in the middle of a value"},
		{"unknown field", header + `{"t_ms":1,"dir":"c2s","mesg":{}}`, `t.jsonl:2: the record is malformed: unknown field "mesg"`},
		{"no t_ms", header + `{"dir":"c2s","msg":{}}`, `t.jsonl:2: the record has no "t_ms"`},
		{"negative t_ms", header + `{"t_ms":-1,"dir":"c2s","msg":{}}`, `t.jsonl:2: "t_ms" is -1; want 0 or more milliseconds since "started"`},
		{"bad dir", header + `{"t_ms":1,"dir":"in","msg":{}}`, `t.jsonl:2: "dir" is "in"; want "c2s", "s2c", "stderr" or "event"`},
		{"no dir", header + `{"t_ms":1,"msg":{}}`, `t.jsonl:2: the record has no "dir"; want "c2s", "s2c", "stderr" or "event"`},
		{"two payloads", header + `{"t_ms":1,"dir":"s2c","msg":{},"raw":"x"}`, `t.jsonl:2: a s2c record needs exactly one of "msg", "raw" and "raw_b64"; it has 2`},
		{"no payload", header + `{"t_ms":1,"dir":"s2c"}`, `t.jsonl:2: a s2c record needs exactly one of "msg", "raw" and "raw_b64"; it has 0`},
		{"stderr msg", header + `{"t_ms":1,"dir":"stderr","msg":{}}`, `t.jsonl:2: a stderr record is text: use "raw", not "msg"`},
		{"bad base64", header + `{"t_ms":1,"dir":"s2c","raw_b64":"%%"}`, `t.jsonl:2: "raw_b64" is not standard base64: illegal base64 data at input byte 0`},
		{"event without event", header + `{"t_ms":1,"dir":"event"}`, `t.jsonl:2: an event record has no "event"`},
		{"event without kind", header + `{"t_ms":1,"dir":"event","event":{"code":1}}`, `t.jsonl:2: the event has no "kind"`},
		{"event with line", header + `{"t_ms":1,"dir":"event","event":{"kind":"exit"},"raw":"x"}`, `t.jsonl:2: an event record carries "msg", "raw", "raw_b64", "no_newline" or "stream"`},
		{"event with stream", header + `{"t_ms":1,"dir":"event","event":{"kind":"exit"},"stream":{"n":1}}`, `t.jsonl:2: an event record carries "msg", "raw", "raw_b64", "no_newline" or "stream"`},
		{"c2s with stream", header + `{"t_ms":1,"dir":"c2s","msg":{},"stream":{"n":1}}`, `t.jsonl:2: a c2s record carries a "stream"; only the server's messages ("s2c") come on one`},
		{"stream without number", header + `{"t_ms":1,"dir":"s2c","msg":{},"stream":{"request":1}}`, `t.jsonl:2: the stream's "n" is 0; want the stream's number, 1 or more`},
		{"stream of null", header + `{"t_ms":1,"dir":"s2c","msg":{},"stream":{"n":1,"request":null}}`, `t.jsonl:2: the stream's "request" is "null"; want the id of the request the stream answers`},
		{"stream unknown field", header + `{"t_ms":1,"dir":"s2c","msg":{},"stream":{"n":1,"get":true}}`, `t.jsonl:2: the record is malformed: unknown field "get"`},
		{"line with event", header + `{"t_ms":1,"dir":"c2s","raw":"x","event":{"kind":"exit"}}`, `t.jsonl:2: a c2s record carries an "event"`},
		{"two values", header + `{"t_ms":1,"dir":"c2s","raw":"x"} {}`, `t.jsonl:2: the line holds more than one JSON value`},
		{"stream in version 2", header2 + `{"t_ms":1,"dir":"s2c","msg":{},"stream":{"n":1}}`, `t.jsonl:2: the record names an SSE stream, but the header says trace format version 2, which has none; a trace with streams says "mcplint_trace":3`},
		{"probe in version 1", header + `{"mcplint_probe":0,"started":"2026-01-02T15:04:05Z"}`, `t.jsonl:2: a probe session starts here, but the header says trace format version 1, which has none; a trace with probe sessions says "mcplint_trace":2`},
		{"probe out of order", header2 + `{"mcplint_probe":1,"started":"2026-01-02T15:04:05Z"}`, `t.jsonl:2: probe session 1 comes where probe session 0 was due; probe sessions are numbered from 0 in order`},
		{"probe not started", header2 + `{"mcplint_probe":0}`, `t.jsonl:2: the header has no "started" time; want an RFC 3339 time such as "2026-01-02T15:04:05.123Z"`},
		{"probe malformed", header2 + `{"mcplint_probe":"a","started":"2026-01-02T15:04:05Z"}`, `t.jsonl:2: a probe session's first line must be like {"mcplint_probe":0,"command":[...],"started":"..."}`},
		{"invalid utf8", header + "{\"t_ms\":1,\"dir\":\"s2c\",\"raw\":\"\xff\"}", `t.jsonl:2: the line is not valid UTF-8 (a trace stores such stream lines as raw_b64)`},
	}
	dir := t.TempDir()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(dir, "t.jsonl")
			if err := os.WriteFile(path, []byte(tt.in), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := ReadFile(path, 0)
			if err == nil {
				t.Fatalf("no error, want %q", tt.want)
			}
			if got := strings.TrimPrefix(err.Error(), dir+string(filepath.Separator)); got != tt.want {
				t.Errorf("error\n got %s\nwant %s", got, tt.want)
			}
			if _, ok := errors.AsType[*ParseError](err); !ok {
				t.Errorf("error is %T, want *ParseError", err)
			}
		})
	}
}

// header2 starts a trace that may hold probe sessions.
const header2 = `{"mcplint_trace":2,"command":["srv"],"started":"2026-01-02T15:04:05Z"}` + "\n"

// TestProbeSessionsRoundTrip: a live lint's transcript, probes included,
// is written as version 2 and read back as it was, each probe's records
// on the lines after its own first line; one without probes stays
// version 1.
func TestProbeSessionsRoundTrip(t *testing.T) {
	at := time.Date(2026, 1, 2, 15, 4, 5, 0, time.UTC)
	probe := func(i int) *sdk.Transcript {
		return &sdk.Transcript{Command: []string{"srv"}, Started: at.Add(time.Duration(i) * time.Second), Records: []sdk.Record{
			{Dir: sdk.DirEvent, Event: &sdk.Event{Kind: sdk.EventProbe, Detail: "p"}},
			{TMs: 1.5, Dir: sdk.DirClientToServer, Msg: json.RawMessage(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`)},
		}}
	}
	in := &sdk.Transcript{Command: []string{"srv", "-x"}, Started: at, Records: []sdk.Record{
		{TMs: 0.25, Dir: sdk.DirServerToClient, Raw: "hello"},
	}, Probes: []*sdk.Transcript{probe(0), probe(1)}}
	var buf bytes.Buffer
	if err := Write(&buf, in); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(buf.String(), "\n")
	if !strings.HasPrefix(lines[0], `{"mcplint_trace":2,`) || !strings.HasPrefix(lines[2], `{"mcplint_probe":0,`) || !strings.HasPrefix(lines[5], `{"mcplint_probe":1,`) {
		t.Fatalf("trace:\n%s", buf.String())
	}
	got, err := Read(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, in) {
		t.Errorf("read back\n got %+v\nwant %+v", got, in)
	}
	buf.Reset()
	if err := Write(&buf, &sdk.Transcript{Started: at, Records: []sdk.Record{}}); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(buf.String(), `{"mcplint_trace":1,`) {
		t.Errorf("a trace without probes is %q, want version 1", buf.String())
	}
	nested := probe(0)
	nested.Probes = []*sdk.Transcript{probe(1)}
	if err := Write(&bytes.Buffer{}, &sdk.Transcript{Started: at, Probes: []*sdk.Transcript{nested}}); err == nil {
		t.Error("a probe session with probes of its own was written")
	}
}

func TestReadSkipsBlankLinesAndBOM(t *testing.T) {
	in := "\xef\xbb\xbf" + header + "\n\n" + `{"t_ms":1.5,"dir":"c2s","msg":{"a":1}}` + "\r\n"
	got, err := Read(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Records) != 1 || string(got.Records[0].Msg) != `{"a":1}` {
		t.Errorf("records = %+v", got.Records)
	}
}

func TestReadNewerVersionIsNotTrace(t *testing.T) {
	_, err := Read(strings.NewReader(`{"tools":[]}`))
	if !errors.Is(err, ErrNotTrace) {
		t.Errorf("error %v does not wrap ErrNotTrace", err)
	}
}

func TestWriteRefuses(t *testing.T) {
	tests := []struct {
		name string
		r    sdk.Record
		want string
	}{
		{"bad dir", sdk.Record{Dir: "in", Raw: "x"}, `trace record 1: dir is "in"; want c2s, s2c, stderr or event`},
		{"msg with newline", sdk.Record{Dir: sdk.DirClientToServer, Msg: json.RawMessage("{\"a\":\n1}")}, `trace record 1: msg is not one line of JSON in UTF-8: "{\"a\":\n1}"`},
		{"msg and raw", sdk.Record{Dir: sdk.DirClientToServer, Msg: json.RawMessage("{}"), Raw: "x"}, `trace record 1: the record has both msg and raw`},
		{"event without event", sdk.Record{Dir: sdk.DirEvent}, `trace record 1: an event record has no event`},
		{"line with event", sdk.Record{Dir: sdk.DirStderr, Event: &sdk.Event{Kind: "exit"}}, `trace record 1: a stderr record carries an event`},
		{"negative time", sdk.Record{TMs: -1, Dir: sdk.DirStderr}, `trace record 1: t_ms is -1; want a finite number of milliseconds, 0 or more`},
		{"client message on a stream", sdk.Record{Dir: sdk.DirClientToServer, Msg: json.RawMessage("{}"), Stream: &sdk.MessageStream{N: 1}}, `trace record 1: a c2s record carries a stream; only the server's messages come on one`},
		{"stream without number", sdk.Record{Dir: sdk.DirServerToClient, Msg: json.RawMessage("{}"), Stream: &sdk.MessageStream{}}, `trace record 1: the stream's "n" is 0; want the stream's number, 1 or more`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Write(&bytes.Buffer{}, &sdk.Transcript{Records: []sdk.Record{tt.r}})
			if err == nil || err.Error() != tt.want {
				t.Errorf("error\n got %v\nwant %s", err, tt.want)
			}
		})
	}
}

// A recording started without streams (a stdio session's, version 1)
// refuses a record that names one: the header would not hold it.
func TestWriterRefusesAStreamItsVersionLacks(t *testing.T) {
	for _, streams := range []bool{false, true} {
		var buf bytes.Buffer
		tw, err := NewWriter(&buf, Header{}, streams)
		if err != nil {
			t.Fatal(err)
		}
		err = tw.Record(sdk.Record{Dir: sdk.DirServerToClient, Msg: json.RawMessage("{}"), Stream: &sdk.MessageStream{N: 1}})
		if streams != (err == nil) {
			t.Errorf("streams %v: error %v", streams, err)
		}
		tw.Flush()
		if _, err := Read(&buf); streams && err != nil {
			t.Errorf("streams: the trace does not read back: %v", err)
		}
	}
}

func TestSniff(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{header, true},
		{`{"mcplint_trace":1,"command":["a"],"started":"2026`, true},
		{"\xef\xbb\xbf" + `  {"mcplint_trace":1}`, true},
		{`{"command":[],"mcplint_trace":1}`, false},
		{`{"tools":[{"name":"mcplint_trace"}]}`, false},
		{`["mcplint_trace"]`, false},
		{`{"mcpServers":{}}`, false},
		{"", false},
		{"\n" + header, false},
	}
	for _, tt := range tests {
		if got := Sniff([]byte(tt.in)); got != tt.want {
			t.Errorf("Sniff(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func FuzzRead(f *testing.F) {
	f.Add([]byte(header + `{"t_ms":1,"dir":"c2s","msg":{"a" : 1}}` + "\n" + `{"t_ms":2,"dir":"s2c","raw_b64":"/w==","no_newline":true}`))
	f.Add([]byte(header + `{"t_ms":3,"dir":"event","event":{"kind":"timeout","id": [1, 2]}}`))
	f.Add([]byte(header + `{"t_ms":1e3,"dir":"stderr","raw":"\u0000\ud800"}`))
	f.Add([]byte(`{"mcplint_trace":1,"command":null,"started":"2026-01-02T15:04:05+02:00"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		first, err := Read(bytes.NewReader(data))
		if err != nil {
			return
		}
		var buf bytes.Buffer
		if err := Write(&buf, first); err != nil {
			t.Fatalf("Write of a trace Read accepted: %v\ninput: %q", err, data)
		}
		written := bytes.Clone(buf.Bytes())
		second, err := Read(&buf)
		if err != nil {
			t.Fatalf("Read of Write's output: %v\n%s", err, written)
		}
		assertSame(t, first, second)
		buf.Reset()
		if err := Write(&buf, second); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(buf.Bytes(), written) {
			t.Errorf("Write is not stable:\n%s\n%s", written, buf.Bytes())
		}
	})
}

// zeros is an io.Reader of n NUL bytes, made as they are read.
type zeros struct{ n int64 }

func (z *zeros) Read(p []byte) (int, error) {
	if z.n == 0 {
		return 0, io.EOF
	}
	k := min(int64(len(p)), z.n)
	clear(p[:k])
	z.n -= k
	return int(k), nil
}

// TestReadHugeLine reads a trace with a 1 GB line: it becomes an
// oversize-line event in the line's place, and the reader never holds more
// of the line than the cap (what it allocates stays well under the line).
func TestReadHugeLine(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 1 GB")
	}
	for _, tc := range []struct {
		name     string
		read     func(io.Reader) (*sdk.Transcript, error)
		maxAlloc uint64
	}{
		{"Read", Read, 512 << 20},
		{"1MiB cap", func(r io.Reader) (*sdk.Transcript, error) { tr, _, err := read(r, 1<<20); return tr, err }, 16 << 20},
	} {
		t.Run(tc.name, func(t *testing.T) { testHugeLine(t, tc.read, tc.maxAlloc) })
	}
}

func testHugeLine(t *testing.T, read func(io.Reader) (*sdk.Transcript, error), maxAlloc uint64) {
	header := `{"mcplint_trace":1,"command":["srv"],"started":"2026-01-02T15:04:05Z"}` + "\n"
	after := "\n" + `{"t_ms":2,"dir":"s2c","msg":{"jsonrpc":"2.0","id":1,"result":{}}}` + "\n"
	r := io.MultiReader(strings.NewReader(header), &zeros{n: 1 << 30}, strings.NewReader(after))
	var before, end runtime.MemStats
	runtime.ReadMemStats(&before)
	tr, err := read(r)
	runtime.ReadMemStats(&end)
	if err != nil {
		t.Fatal(err)
	}
	if got := end.TotalAlloc - before.TotalAlloc; got > maxAlloc {
		t.Errorf("reading the trace allocated %d MiB; a line over the cap must not be held", got>>20)
	}
	if len(tr.Records) != 2 {
		t.Fatalf("got %d records, want the oversize event and the record after it: %+v", len(tr.Records), tr.Records)
	}
	ev := tr.Records[0].Event
	if ev == nil || ev.Kind != sdk.EventOversizeLine || ev.Bytes != 1<<30 || !strings.Contains(ev.Detail, "line 2 of the trace") {
		t.Errorf("record 0 = %+v, want an oversize-line event of 1 GiB naming line 2", tr.Records[0])
	}
	if tr.Records[1].Dir != sdk.DirServerToClient {
		t.Errorf("record 1 = %+v, want the s2c record after the long line", tr.Records[1])
	}
}

// TestReadCountsFloods reads a trace in which the server repeats one
// notification and one stderr line thousands of times: the first of each
// are kept in place, the rest counted in one event each, so memory does
// not grow with the flood.
func TestReadCountsFloods(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"mcplint_trace":1,"command":["srv"],"started":"2026-01-02T15:04:05Z"}` + "\n")
	b.WriteString(`{"t_ms":1,"dir":"c2s","msg":{"jsonrpc":"2.0","id":1,"method":"ping"}}` + "\n")
	for i := range 3000 {
		fmt.Fprintf(&b, `{"t_ms":%d,"dir":"s2c","msg":{"jsonrpc":"2.0","method":"notifications/message","params":{}}}`+"\n", 2+i)
		fmt.Fprintf(&b, `{"t_ms":%d,"dir":"stderr","raw":"x"}`+"\n", 2+i)
	}
	b.WriteString(`{"t_ms":9000,"dir":"s2c","msg":{"jsonrpc":"2.0","id":1,"result":{}}}` + "\n")
	tr, err := Read(strings.NewReader(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	// The request, 1000 of each flood, the answer, and two counts.
	if got, want := len(tr.Records), 1+2*keepEach+1+2; got != want {
		t.Fatalf("%d records kept, want %d", got, want)
	}
	if r := tr.Records[1+2*keepEach]; r.Dir != sdk.DirServerToClient || !strings.Contains(string(r.Msg), `"result"`) {
		t.Errorf("the answer after the flood was not kept in place: %+v", r)
	}
	var details []string
	for _, r := range tr.Records[len(tr.Records)-2:] {
		if r.Event == nil || r.Event.Kind != sdk.EventRecordsCounted {
			t.Fatalf("want a %s event at the end, got %+v", sdk.EventRecordsCounted, r)
		}
		details = append(details, r.Event.Detail)
	}
	want := []string{
		`3000 "notifications/message" notifications from the server in all; the first 1000 were kept, the other 2000 counted`,
		`3000 stderr lines in all; the first 1000 were kept, the other 2000 counted`,
	}
	if strings.Join(details, "\n") != strings.Join(want, "\n") {
		t.Errorf("counts:\n%s\nwant:\n%s", strings.Join(details, "\n"), strings.Join(want, "\n"))
	}
}

// TestReadMeasuresTheRate reads traces in which the server sends
// notifications and requests, fewer than a kind's cap: past floodRate in
// one second they make a flood event, as a live session's would; the
// same number over several seconds does not.
func TestReadMeasuresTheRate(t *testing.T) {
	for _, tc := range []struct {
		name      string
		perSecond int
		want      string
	}{
		{"1,500 a second", 1500, "the server sent more than 1000 notifications and requests a second; from 0.7 s into the session, 500 of them came past that rate"},
		{"500 a second", 500, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b strings.Builder
			b.WriteString(`{"mcplint_trace":1,"command":["srv"],"started":"2026-01-02T15:04:05Z"}` + "\n")
			for i := range 1500 {
				ms := float64(i) * 1000 / float64(tc.perSecond)
				if i%2 == 0 {
					fmt.Fprintf(&b, `{"t_ms":%g,"dir":"s2c","msg":{"jsonrpc":"2.0","method":"notifications/progress","params":{}}}`+"\n", ms)
				} else {
					fmt.Fprintf(&b, `{"t_ms":%g,"dir":"s2c","msg":{"jsonrpc":"2.0","id":%d,"method":"ping"}}`+"\n", ms, i)
				}
			}
			tr, err := Read(strings.NewReader(b.String()))
			if err != nil {
				t.Fatal(err)
			}
			got := ""
			for _, r := range tr.Records {
				if r.Event != nil && r.Event.Kind == sdk.EventFlood {
					got = r.Event.Detail
				}
			}
			if got != tc.want {
				t.Errorf("flood event %q, want %q", got, tc.want)
			}
		})
	}
}
