package mcpschema

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// Every embedded version loads, and its types are found by method the way
// the published schema names them.
func TestTypesByMethod(t *testing.T) {
	for _, v := range Versions {
		s := For(v)
		if s == nil {
			t.Fatalf("no schema for %s", v)
		}
		for method, want := range map[string]string{
			"tools/list":             "ListToolsResult",
			"resources/read":         "ReadResourceResult",
			"tools/call":             "CallToolResult",
			"sampling/createMessage": "CreateMessageResult",
		} {
			if got := s.ResultType(method); got != want {
				t.Errorf("%s: result of %s is %q, want %q", v, method, got, want)
			}
		}
		if got := s.MethodType("notifications/progress"); got != "ProgressNotification" {
			t.Errorf("%s: notifications/progress is %q", v, got)
		}
		if s.ResultType("mcplint/no-such-method") != "" {
			t.Errorf("%s: a result type for a method it does not define", v)
		}
	}
	if For("1999-01-01") != nil {
		t.Error("a schema for a version that was never published")
	}
	if got := For("2025-11-25").ResultType("ping"); got != "EmptyResult" {
		t.Errorf("ping answers %q, want EmptyResult", got)
	}
	if got := For("2026-07-28").ResultType("server/discover"); got != "DiscoverResult" {
		t.Errorf("server/discover answers %q", got)
	}
	if got := For("2024-11-05").FirstOf("JSONRPCErrorResponse", "JSONRPCError"); got != "JSONRPCError" {
		t.Errorf("2024-11-05 error envelope %q", got)
	}
}

func TestValidate(t *testing.T) {
	tests := []struct {
		version, typ, msg string
		want              []Complaint
	}{
		{"2025-11-25", "ListToolsResult", `{"tools":[{"name":"a","inputSchema":{"type":"object"}}]}`, nil},
		{"2025-11-25", "ListToolsResult", `{"tools":[{"name":"a","inputSchema":{"type":"object"},"annotations":{"readOnlyHint":"yes"}}]}`,
			[]Complaint{{At: "/tools/0/annotations/readOnlyHint", Why: "got string, want boolean", Keyword: "ToolAnnotations/properties/readOnlyHint", Fix: "make %s a boolean"}}},
		// In a choice of content types, the branch the value names is the
		// one that speaks; a value that names none gets the list.
		{"2026-07-28", "CallToolResult", `{"resultType":"complete","content":[{"type":"text","text":5},{"type":"picture"}]}`,
			[]Complaint{
				{At: "/content/0/text", Why: "got number, want string", Keyword: "TextContent/properties/text", Fix: "make %s a string"},
				{At: "/content/1", Why: "matches none of TextContent, ImageContent, AudioContent, ResourceLink, EmbeddedResource", Keyword: "ContentBlock"},
			}},
		{"2026-07-28", "ListToolsResult", `{"tools":[]}`,
			[]Complaint{{Why: "missing properties 'cacheScope', 'resultType', 'ttlMs'", Keyword: "ListToolsResult", Missing: []string{"cacheScope", "resultType", "ttlMs"}, Fix: "add 'cacheScope', 'resultType', 'ttlMs' to %s"}}},
		// draft-07 asserts formats: a resource's uri must be a URI. Of the
		// two kinds of contents, the text one fails least.
		{"2025-06-18", "ReadResourceResult", `{"contents":[{"uri":"not a uri","text":"x"}]}`,
			[]Complaint{{At: "/contents/0/uri", Why: "'not a uri' is not valid uri: relative url", Keyword: "TextResourceContents/properties/uri"}}},
		// A uriTemplate is an RFC 6570 template, not a URL: a variable may
		// stand for the host. An unclosed expression is still wrong.
		{"2025-06-18", "ListResourceTemplatesResult", `{"resourceTemplates":[{"name":"d","uriTemplate":"download://{name}"},{"name":"i","uriTemplate":"repo://{owner}/{repo}/issues{?state}"}]}`, nil},
		{"2025-06-18", "ListResourceTemplatesResult", `{"resourceTemplates":[{"name":"d","uriTemplate":"download://{name"}]}`,
			[]Complaint{{At: "/resourceTemplates/0/uriTemplate", Why: "'download://{name' is not valid uri-template: the expression at offset 11 has no closing '}'", Keyword: "ResourceTemplate/properties/uriTemplate"}}},
	}
	for _, tt := range tests {
		v, err := Decode([]byte(tt.msg))
		if err != nil {
			t.Fatal(err)
		}
		got, err := For(tt.version).Validate(tt.typ, v)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.EqualFunc(got, tt.want, func(a, b Complaint) bool {
			return a.At == b.At && a.Why == b.Why && a.Keyword == b.Keyword && slices.Equal(a.Missing, b.Missing) && a.Fix == b.Fix
		}) {
			t.Errorf("%s %s %s:\n got %+v\nwant %+v", tt.version, tt.typ, tt.msg, got, tt.want)
		}
	}
}

// The lists that published servers sent (testdata/realservers) validate
// against the schema of the version each negotiated (2025-11-25 for the
// two files that do not say): a validator that rejects what real servers
// send correctly would report noise.
func TestRealServerListsValidate(t *testing.T) {
	files, err := filepath.Glob("../../../testdata/realservers/*.json")
	if err != nil || len(files) < 10 {
		t.Fatalf("the real servers' lists are missing: %v %q", err, files)
	}
	types := map[string]string{"tools": "ListToolsResult", "prompts": "ListPromptsResult", "resources": "ListResourcesResult", "resourceTemplates": "ListResourceTemplatesResult"}
	lists := 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var d map[string]json.RawMessage
		if err := json.Unmarshal(b, &d); err != nil {
			t.Fatal(err)
		}
		version := "2025-11-25"
		json.Unmarshal(d["protocolVersion"], &version)
		s := For(version)
		if s == nil {
			t.Fatalf("%s negotiated %s, which has no schema", f, version)
		}
		for key, typ := range types {
			raw, ok := d[key]
			if !ok {
				continue
			}
			v, err := Decode([]byte(`{"` + key + `":` + string(raw) + `}`))
			if err != nil {
				t.Fatal(err)
			}
			got, err := s.Validate(typ, v)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range got {
				t.Errorf("%s (%s) %s at /%s%s: %s", filepath.Base(f), version, typ, key, c.At, c.Why)
			}
			lists++
		}
	}
	if lists < 30 {
		t.Errorf("only %d lists validated", lists)
	}
}
