package session

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/sdk"
)

// transcript reads a test session: "> " lines are client to server, "< "
// lines server to client; the rest of the line is kept as sent.
func transcript(lines ...string) *sdk.Transcript {
	tr := &sdk.Transcript{}
	for _, l := range lines {
		dir := sdk.DirClientToServer
		if strings.HasPrefix(l, "< ") {
			dir = sdk.DirServerToClient
		}
		body := l[2:]
		rec := sdk.Record{Dir: dir}
		if json.Valid([]byte(body)) {
			rec.Msg = json.RawMessage(body)
		} else {
			rec.Raw = body
		}
		tr.Records = append(tr.Records, rec)
	}
	return tr
}

const (
	probe       = `> {"jsonrpc":"2.0","id":1,"method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}`
	notFound    = `< {"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found"}}`
	initialize  = `> {"jsonrpc":"2.0","id":2,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"mcplint","version":"0"}}}`
	initialized = `< {"jsonrpc":"2.0","id":2,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{},"prompts":{}},"serverInfo":{"name":"files","version":"2.1.0"},"instructions":""}}`
	modernMeta  = `"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}`
)

type want struct {
	era, version, server string
	tools                []string
	prompts              int
	instructions         *string
	capabilities         []string
}

func check(t *testing.T, tr *sdk.Transcript, w want) {
	t.Helper()
	s, err := Build(tr)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range s.Tools {
		names = append(names, tool.Name)
	}
	server := ""
	if s.Server != nil {
		server = s.Server.Name + "@" + s.Server.Version
	}
	if s.Era != w.era || s.ProtocolVersion != w.version || server != w.server {
		t.Errorf("era %q version %q server %q; want %q %q %q", s.Era, s.ProtocolVersion, server, w.era, w.version, w.server)
	}
	if !slices.Equal(names, w.tools) {
		t.Errorf("tools %q, want %q", names, w.tools)
	}
	if len(s.Prompts) != w.prompts {
		t.Errorf("%d prompts, want %d", len(s.Prompts), w.prompts)
	}
	if w.instructions != nil && (!s.HasInstructions || s.Instructions != *w.instructions) {
		t.Errorf("instructions %q (present %v), want %q", s.Instructions, s.HasInstructions, *w.instructions)
	}
	if w.instructions == nil && s.HasInstructions {
		t.Errorf("instructions %q, want none", s.Instructions)
	}
	var caps []string
	for k := range s.Capabilities {
		caps = append(caps, k)
	}
	slices.Sort(caps)
	if !slices.Equal(caps, w.capabilities) {
		t.Errorf("capabilities %q, want %q", caps, w.capabilities)
	}
	if s.Tools == nil {
		t.Error("Tools must be an empty list, not null, when nothing was listed")
	}
	if s.Transcript != tr {
		t.Error("the Snapshot must carry the transcript it was built from")
	}
}

func ptr(s string) *string { return &s }

func TestBuild(t *testing.T) {
	tests := []struct {
		name  string
		lines []string
		want  want
	}{
		{
			name: "legacy after a refused probe, paginated tools and prompts",
			lines: []string{probe, notFound, initialize, initialized,
				`> {"jsonrpc":"2.0","method":"notifications/initialized"}`,
				`> {"jsonrpc":"2.0","id":3,"method":"tools/list"}`,
				`< {"jsonrpc":"2.0","id":3,"result":{"tools":[{"name":"read"},{"name":"write"}],"nextCursor":"p2"}}`,
				`> {"jsonrpc":"2.0","id":4,"method":"tools/list","params":{"cursor":"p2"}}`,
				`< {"jsonrpc":"2.0","id":4,"result":{"tools":[{"name":"delete"}]}}`,
				`> {"jsonrpc":"2.0","id":5,"method":"prompts/list"}`,
				`< {"jsonrpc":"2.0","id":5,"result":{"prompts":[{"name":"review","arguments":[{"name":"path","required":true}]}]}}`,
			},
			want: want{era: sdk.EraLegacy, version: "2025-06-18", server: "files@2.1.0", tools: []string{"read", "write", "delete"},
				prompts: 1, instructions: ptr(""), capabilities: []string{"prompts", "tools"}},
		},
		{
			name: "modern",
			lines: []string{probe,
				`< {"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","supportedVersions":["2026-07-28"],"capabilities":{"tools":{}},"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"wx","version":"3"}},"instructions":"Use forecast."}}`,
				`> {"jsonrpc":"2.0","id":2,"method":"tools/list","params":{` + modernMeta + `}}`,
				`< {"jsonrpc":"2.0","id":2,"result":{"resultType":"complete","tools":[{"name":"forecast"}]}}`,
			},
			want: want{era: sdk.EraModern, version: "2026-07-28", server: "wx@3", tools: []string{"forecast"},
				instructions: ptr("Use forecast."), capabilities: []string{"tools"}},
		},
		{
			name: "unsupported version listing legacy ones, then initialize",
			lines: []string{probe,
				`< {"jsonrpc":"2.0","id":1,"error":{"code":-32022,"message":"unsupported","data":{"supported":["2025-06-18"],"requested":"2026-07-28"}}}`,
				initialize, initialized},
			want: want{era: sdk.EraLegacy, version: "2025-06-18", server: "files@2.1.0", instructions: ptr(""), capabilities: []string{"prompts", "tools"}},
		},
		{
			name: "late discover result after initialize was refused",
			lines: []string{probe, initialize,
				`< {"jsonrpc":"2.0","id":2,"error":{"code":-32601,"message":"initialize is not a method in 2026-07-28"}}`,
				`< {"jsonrpc":"2.0","id":1,"result":{"supportedVersions":["2026-07-28"],"capabilities":{}}}`,
				`> {"jsonrpc":"2.0","id":3,"method":"tools/list","params":{` + modernMeta + `}}`,
				`< {"jsonrpc":"2.0","id":3,"result":{"tools":[{"name":"a"}],"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"late","version":"1"}}}}`,
			},
			want: want{era: sdk.EraModern, version: "2026-07-28", server: "late@1", tools: []string{"a"}, capabilities: []string{}},
		},
		{
			name: "initialize answered before a late discover result stays legacy",
			lines: []string{probe, initialize, initialized,
				`< {"jsonrpc":"2.0","id":1,"result":{"supportedVersions":["2026-07-28","2025-11-25"],"capabilities":{}}}`},
			want: want{era: sdk.EraLegacy, version: "2025-06-18", server: "files@2.1.0", instructions: ptr(""), capabilities: []string{"prompts", "tools"}},
		},
		{
			name: "broken server: banner, missing ids, string id, wrong shapes, a batch",
			lines: []string{probe, `< Weather server starting...`, notFound, initialize,
				`< {"jsonrpc":"2.0","result":{"protocolVersion":"2025-11-25"}}`,
				`< {"jsonrpc":"2.0","id":"2","result":{"protocolVersion":"2025-11-25"}}`,
				`< [{"jsonrpc":"2.0","id":2,"result":{"protocolVersion":"2025-11-25","capabilities":"all","serverInfo":"me","instructions":7}}]`,
				`> {"jsonrpc":"2.0","id":3,"method":"tools/list"}`,
				`< {"jsonrpc":"2.0","id":3,"result":{"tools":[{"name":"ok"},"not a tool",{"name":42,"description":"wrong name type"}]}}`,
				`> {"jsonrpc":"2.0","id":4,"method":"prompts/list"}`,
				`< {"jsonrpc":"2.0","id":4,"result":{"prompts":{"name":"not a list"}}}`,
			},
			want: want{era: sdk.EraLegacy, version: "2025-11-25", tools: []string{"ok", ""}},
		},
		{
			name: "a second listing replaces the first",
			lines: []string{initialize, initialized,
				`> {"jsonrpc":"2.0","id":3,"method":"tools/list"}`,
				`< {"jsonrpc":"2.0","id":3,"result":{"tools":[{"name":"old"}],"nextCursor":"c"}}`,
				`> {"jsonrpc":"2.0","id":4,"method":"tools/list","params":{"cursor":"c"}}`,
				`< {"jsonrpc":"2.0","id":4,"result":{"tools":[{"name":"older"}]}}`,
				`> {"jsonrpc":"2.0","id":5,"method":"tools/list"}`,
				`< {"jsonrpc":"2.0","id":5,"result":{"tools":[{"name":"new"}]}}`,
				`> {"jsonrpc":"2.0","id":6,"method":"tools/list"}`,
				`< {"jsonrpc":"2.0","id":6,"error":{"code":-32603,"message":"database down"}}`,
			},
			want: want{era: sdk.EraLegacy, version: "2025-06-18", server: "files@2.1.0", tools: []string{"new"}, instructions: ptr(""), capabilities: []string{"prompts", "tools"}},
		},
		{
			name: "a reused id pairs in order",
			lines: []string{initialize, initialized,
				`> {"jsonrpc":"2.0","id":7,"method":"tools/list"}`,
				`> {"jsonrpc":"2.0","id":7,"method":"ping"}`,
				`< {"jsonrpc":"2.0","id":7,"result":{"tools":[{"name":"first"}]}}`,
				`< {"jsonrpc":"2.0","id":7,"result":{}}`,
			},
			want: want{era: sdk.EraLegacy, version: "2025-06-18", server: "files@2.1.0", tools: []string{"first"}, instructions: ptr(""), capabilities: []string{"prompts", "tools"}},
		},
		{
			name:  "modern requests without a probe",
			lines: []string{`> {"jsonrpc":"2.0","id":1,"method":"tools/list","params":{` + modernMeta + `}}`, `< {"jsonrpc":"2.0","id":1,"result":{"tools":[]}}`},
			want:  want{era: sdk.EraModern, version: "2026-07-28"},
		},
		{
			name:  "a server that answered nothing",
			lines: []string{probe, initialize},
			want:  want{era: sdk.EraLegacy},
		},
		{
			name: "no handshake at all",
			lines: []string{`> {"jsonrpc":"2.0","id":1,"method":"tools/list"}`,
				`< {"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"t"}]}}`},
			want: want{tools: []string{"t"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.want.capabilities == nil {
				tt.want.capabilities = []string{}
			}
			check(t, transcript(tt.lines...), tt.want)
		})
	}
}

func TestBuildNeedsATranscript(t *testing.T) {
	if _, err := Build(nil); err == nil {
		t.Error("want an error for a nil transcript")
	}
}

// A number past float64's range is valid JSON that encoding/json refuses:
// the item holding it is listed with the number as written, as the static
// source reads it, and its other numbers as float64s.
func TestBuildKeepsAnItemWithANumberPastFloat64(t *testing.T) {
	s, err := Build(transcript(initialize, initialized,
		`> {"jsonrpc":"2.0","id":3,"method":"tools/list"}`,
		`< {"jsonrpc":"2.0","id":3,"result":{"tools":[{"name":"big","inputSchema":{"type":"object","properties":{"n":{"type":"number","minimum":-1e309,"maximum":1e309,"multipleOf":0.5}}}},{"name":"small"}]}}`,
	))
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Tools) != 2 || s.Tools[0].Name != "big" || s.Tools[1].Name != "small" {
		t.Fatalf("tools %+v, want big and small", s.Tools)
	}
	schema, _ := s.Tools[0].InputSchema.(map[string]any)
	props, _ := schema["properties"].(map[string]any)
	n, _ := props["n"].(map[string]any)
	if n["maximum"] != json.Number("1e309") || n["minimum"] != json.Number("-1e309") || n["multipleOf"] != 0.5 {
		t.Errorf("property n %#v, want maximum and minimum as written and multipleOf 0.5", n)
	}
}
