package sdk

import (
	"encoding/json"
	"errors"
	"testing"
)

func TestDecodeSnapshot(t *testing.T) {
	tests := []struct {
		name   string
		data   string
		tools  int
		layout Layout
		// pointer is the ShapeError's pointer when the data is refused.
		pointer string
		refused bool
	}{
		{name: "result", data: `{"tools":[{"name":"a"}],"instructions":"x"}`, tools: 1},
		{name: "bare array", data: ` [{"name":"a"},{"name":"b"}]`, tools: 2, layout: Layout{BareTools: true}},
		{name: "JSON-RPC", data: `{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}`, layout: Layout{Prefix: "/result"}},
		{name: "JSON-RPC bare array", data: `{"id":1,"result":[{}]}`, tools: 1, layout: Layout{Prefix: "/result", BareTools: true}},
		{name: "byte order mark", data: "\xef\xbb\xbf[]", layout: Layout{BareTools: true}},
		{name: "a result without jsonrpc or id is not unwrapped", data: `{"result":{"tools":[]}}`, refused: true},
		{name: "tools not an array", data: `{"tools":{}}`, refused: true, pointer: "/tools"},
		{name: "a tool not an object", data: `{"tools":[{},[]]}`, refused: true, pointer: "/tools/1"},
		{name: "a bare tool not an object", data: `{"jsonrpc":"2.0","result":[1]}`, refused: true, pointer: "/result/0"},
		{name: "instructions not a string", data: `{"tools":[],"instructions":1}`, refused: true, pointer: "/instructions"},
		{name: "a resource not an object", data: `{"tools":[],"resources":[{},"r"]}`, refused: true, pointer: "/resources/1"},
		{name: "serverInfo not an object", data: `{"tools":[],"serverInfo":"s"}`, refused: true, pointer: "/serverInfo"},
		{name: "JSON-RPC error", data: `{"jsonrpc":"2.0","id":1,"error":{"code":-1,"message":"no"}}`, refused: true, pointer: "/error"},
		{name: "a number", data: `12`, refused: true},
		{name: "empty", data: " \n", refused: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, layout, err := DecodeSnapshot([]byte(tc.data))
			if tc.refused {
				var se *ShapeError
				if !errors.As(err, &se) || !errors.Is(err, ErrNotToolList) {
					t.Fatalf("got %v, want a *ShapeError", err)
				}
				if se.Pointer != tc.pointer {
					t.Errorf("pointer %q, want %q", se.Pointer, tc.pointer)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(s.Tools) != tc.tools || layout != tc.layout || s.Source != SourceStatic {
				t.Errorf("%d tools, layout %+v, source %q; want %d, %+v, %q", len(s.Tools), layout, s.Source, tc.tools, tc.layout, SourceStatic)
			}
		})
	}
}

func TestDecodeSnapshotSyntaxError(t *testing.T) {
	_, _, err := DecodeSnapshot([]byte(`{"tools":[}`))
	var syn *json.SyntaxError
	if !errors.As(err, &syn) || syn.Offset != 11 {
		t.Fatalf("got %v, want a *json.SyntaxError after byte 11", err)
	}
}

func TestDecodeSnapshotFields(t *testing.T) {
	s, _, err := DecodeSnapshot([]byte(`{"tools":[{"name":"a","annotations":{"readOnlyHint":true}}],
		"serverInfo":{"name":"srv","version":"1"},"protocolVersion":"2025-11-25",
		"capabilities":{"tools":{}},"prompts":[{"name":"p"}],"resourceTemplates":[{"uriTemplate":"u/{x}"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if s.Tools[0].Name != "a" || !*s.Tools[0].Annotations.ReadOnlyHint || s.Server.Name != "srv" ||
		s.ProtocolVersion != "2025-11-25" || s.Capabilities["tools"] == nil || s.Prompts[0].Name != "p" ||
		s.ResourceTemplates[0].URITemplate != "u/{x}" || s.HasInstructions {
		t.Errorf("fields not read: %+v", s)
	}
}

func TestLayoutDocumentPointer(t *testing.T) {
	tests := []struct {
		layout Layout
		in     string
		want   string
	}{
		{Layout{}, "/tools/1/name", "/tools/1/name"},
		{Layout{BareTools: true}, "/tools/1/name", "/1/name"},
		{Layout{BareTools: true}, "/tools", ""},
		{Layout{BareTools: true}, "/toolsX", "/toolsX"},
		{Layout{Prefix: "/result", BareTools: true}, "/tools/0", "/result/0"},
		{Layout{Prefix: "/result"}, "/instructions", "/result/instructions"},
	}
	for _, tc := range tests {
		if got := tc.layout.DocumentPointer(tc.in); got != tc.want {
			t.Errorf("%+v.DocumentPointer(%q) = %q, want %q", tc.layout, tc.in, got, tc.want)
		}
	}
}
