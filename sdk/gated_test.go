package sdk

import (
	"encoding/json"
	"errors"
	"reflect"
	"strconv"
	"testing"
)

// TestDecodeGatedTools reads the capability-gated tools a dump records in
// its result's _meta: well-formed groups become ProbeDumped listings, a
// _meta that is not mcplint's is passed over, and every malformed value of
// mcplint's key is refused where it lies.
func TestDecodeGatedTools(t *testing.T) {
	const key = `"mcplint/capability-gated-tools-v1"`
	tests := []struct {
		name string
		meta string // the result's "_meta" member, or "" for none
		// want is, for each listing, its capabilities and tool names;
		// pointer is the ShapeError's pointer when the value is refused.
		want    [][2][]string
		pointer string
	}{
		{name: "no _meta"},
		{name: "another tool's keys", meta: `{"io.example/x":1,"mcplint/capability-gated-tools-v2":"later"}`},
		{name: "a _meta that is not an object", meta: `[1]`},
		{name: "null", meta: `{` + key + `:null}`},
		{name: "no groups", meta: `{` + key + `:[]}`},
		{name: "one group", meta: `{` + key + `:[{"capabilities":["roots"],"tools":[{"name":"get-roots-list","inputSchema":{"type":"object"}}]}]}`,
			want: [][2][]string{{{"roots"}, {"get-roots-list"}}}},
		{name: "two groups, unknown keys passed over", meta: `{` + key + `:[{"capabilities":["roots"],"tools":[{"name":"a"}],"note":1},{"capabilities":["sampling","roots"],"tools":[{"name":"b"},{"name":"c","description":7}]}]}`,
			want: [][2][]string{{{"roots"}, {"a"}}, {{"sampling", "roots"}, {"b", "c"}}}},
		{name: "not an array", meta: `{` + key + `:{"roots":["a"]}}`, pointer: "/_meta/mcplint~1capability-gated-tools-v1"},
		{name: "a group not an object", meta: `{` + key + `:[{"capabilities":["roots"],"tools":[]},"roots"]}`, pointer: "/_meta/mcplint~1capability-gated-tools-v1/1"},
		{name: "capabilities missing", meta: `{` + key + `:[{"tools":[]}]}`, pointer: "/_meta/mcplint~1capability-gated-tools-v1/0"},
		{name: "capabilities empty", meta: `{` + key + `:[{"capabilities":[],"tools":[]}]}`, pointer: "/_meta/mcplint~1capability-gated-tools-v1/0/capabilities"},
		{name: "capabilities not an array", meta: `{` + key + `:[{"capabilities":"roots","tools":[]}]}`, pointer: "/_meta/mcplint~1capability-gated-tools-v1/0/capabilities"},
		{name: "a capability not a string", meta: `{` + key + `:[{"capabilities":["roots",{}],"tools":[]}]}`, pointer: "/_meta/mcplint~1capability-gated-tools-v1/0/capabilities/1"},
		{name: "an empty capability", meta: `{` + key + `:[{"capabilities":[""],"tools":[]}]}`, pointer: "/_meta/mcplint~1capability-gated-tools-v1/0/capabilities/0"},
		{name: "tools missing", meta: `{` + key + `:[{"capabilities":["roots"]}]}`, pointer: "/_meta/mcplint~1capability-gated-tools-v1/0"},
		{name: "tools not an array", meta: `{` + key + `:[{"capabilities":["roots"],"tools":{"name":"a"}}]}`, pointer: "/_meta/mcplint~1capability-gated-tools-v1/0/tools"},
		{name: "a tool not an object", meta: `{` + key + `:[{"capabilities":["roots"],"tools":[{"name":"a"},"b"]}]}`, pointer: "/_meta/mcplint~1capability-gated-tools-v1/0/tools/1"},
		{name: "a tool without a name", meta: `{` + key + `:[{"capabilities":["roots"],"tools":[{"name":3}]}]}`, pointer: "/_meta/mcplint~1capability-gated-tools-v1/0/tools/0"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			data := `{"tools":[{"name":"echo"}]`
			if tc.meta != "" {
				data += `,"_meta":` + tc.meta
			}
			data += "}"
			for _, wrap := range []struct{ pre, post, prefix string }{{"", "", ""}, {`{"jsonrpc":"2.0","id":1,"result":`, "}", "/result"}} {
				s, _, err := DecodeSnapshot([]byte(wrap.pre + data + wrap.post))
				if tc.pointer != "" {
					var se *ShapeError
					if !errors.As(err, &se) || !errors.Is(err, ErrNotToolList) {
						t.Fatalf("got %v, want a *ShapeError", err)
					}
					if se.Pointer != wrap.prefix+tc.pointer {
						t.Errorf("pointer %q, want %q (%s)", se.Pointer, wrap.prefix+tc.pointer, se.Problem)
					}
					continue
				}
				if err != nil {
					t.Fatal(err)
				}
				var got [][2][]string
				for i, l := range s.Relisted {
					var names []string
					for _, tool := range l.Tools {
						names = append(names, tool.Name)
					}
					got = append(got, [2][]string{l.Capabilities, names})
					if want := "/_meta/mcplint~1capability-gated-tools-v1/" + strconv.Itoa(i); l.Probe != ProbeDumped || l.Pointer != want || l.Client != "" {
						t.Errorf("listing %d: probe %q, pointer %q, client %q; want %q, %q, none", i, l.Probe, l.Pointer, l.Client, ProbeDumped, want)
					}
				}
				if !reflect.DeepEqual(got, tc.want) {
					t.Errorf("listings %q, want %q", got, tc.want)
				}
				if len(s.Tools) != 1 || s.Tools[0].Name != "echo" {
					t.Errorf("tools %+v, want echo alone", s.Tools)
				}
			}
		})
	}
}

// TestDecodeGatedToolsBareArray: a bare array of tools has no result to
// hold a _meta, so nothing is read as gated, whatever its tools say.
func TestDecodeGatedToolsBareArray(t *testing.T) {
	s, _, err := DecodeSnapshot([]byte(`[{"name":"a","_meta":{"mcplint/capability-gated-tools-v1":[{"capabilities":["roots"],"tools":[{"name":"b"}]}]}}]`))
	if err != nil {
		t.Fatal(err)
	}
	if s.Relisted != nil {
		t.Errorf("relisted %+v from a tool's own _meta", s.Relisted)
	}
}

// TestGated: what a dump keeps of the other sessions is the tools a
// session declaring capabilities saw beyond the main list, once each,
// grouped by those capabilities; a client-identity or a capability-less
// listing is a variation, not a gate, and is left out.
func TestGated(t *testing.T) {
	tool := func(name string) Tool { return Tool{Name: name, Def: map[string]any{"name": name}} }
	listed := []Tool{tool("a")}
	tests := []struct {
		name     string
		relisted []Listing
		want     string // what Gated gives, as JSON ("null" for nothing)
	}{
		{name: "no other session", want: "null"},
		{name: "the same tools", relisted: []Listing{{Probe: "second-session", Capabilities: []string{"roots"}, Tools: listed}}, want: "null"},
		{name: "a tool for roots", relisted: []Listing{
			{Probe: "second-session", Capabilities: []string{"roots"}, Tools: []Tool{tool("a"), tool("g")}},
			{Probe: "client-identity", Capabilities: []string{"roots"}, Tools: []Tool{tool("a"), tool("g"), tool("v")}},
		}, want: `[{"capabilities":["roots"],"tools":[{"name":"g"}]}]`},
		{name: "declaring nothing is no gate", relisted: []Listing{{Probe: "second-session", Tools: []Tool{tool("a"), tool("v")}}}, want: "null"},
		{name: "read back from a dump", relisted: []Listing{
			{Probe: ProbeDumped, Capabilities: []string{"roots"}, Tools: []Tool{tool("g")}},
			{Probe: ProbeDumped, Capabilities: []string{"sampling"}, Tools: []Tool{tool("s"), tool("a")}},
			{Probe: ProbeDumped, Capabilities: []string{"roots"}, Tools: []Tool{tool("h"), tool("g")}},
		}, want: `[{"capabilities":["roots"],"tools":[{"name":"g"},{"name":"h"}]},{"capabilities":["sampling"],"tools":[{"name":"s"}]}]`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := json.Marshal(Gated(&Snapshot{Tools: listed, Relisted: tc.relisted}))
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}
