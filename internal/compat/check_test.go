package compat

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/sdk"
)

func tools(t *testing.T, src string) []sdk.Tool {
	t.Helper()
	var list struct {
		Tools []map[string]any `json:"tools"`
	}
	if err := json.Unmarshal([]byte(src), &list); err != nil {
		t.Fatal(err)
	}
	out := make([]sdk.Tool, len(list.Tools))
	for i, d := range list.Tools {
		out[i] = sdk.ToolFromDef(d)
	}
	return out
}

func selectOrFail(t *testing.T, names ...string) []*Profile {
	t.Helper()
	p, err := Select(names, nil)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestCheck(t *testing.T) {
	manyOptional := `{"tools":[{"name":"a","inputSchema":{"type":"object","additionalProperties":false,"properties":{` +
		func() string {
			var p []string
			for i := range 10 {
				p = append(p, fmt.Sprintf(`"p%d":{"type":"string"}`, i))
			}
			return strings.Join(p, ",")
		}() + `}}}]}`
	for _, tc := range []struct {
		name, tools, server string
		clients             []string
		// want are substrings, one a finding, in order: "POINTER MESSAGE-PART => FIX-PART".
		want []string
	}{
		// Every client but strict mode, which wants every object closed.
		{name: "portable", clients: []string{"claude", "claude-code", "cursor", "gemini", "openai", "vscode"}, server: "weather",
			tools: `{"tools":[{"name":"get_weather","description":"Weather.","inputSchema":{"type":"object","properties":{"city":{"type":"string"}},"required":["city"]}}]}`},
		{name: "ref for gemini only", clients: []string{"gemini", "claude", "openai"},
			tools: `{"tools":[{"name":"a","inputSchema":{"type":"object","properties":{"s":{"$ref":"#/$defs/S"}},"$defs":{"S":{"type":"string"}}}}]}`,
			want:  []string{`/tools/0/inputSchema/$defs gemini: "$defs"`, `/tools/0/inputSchema/properties/s/$ref gemini: "$ref" => replace each "$ref"`}},
		{name: "type array fix depends on the selection", clients: []string{"gemini"},
			tools: `{"tools":[{"name":"a","inputSchema":{"type":"object","properties":{"s":{"type":["string","null"]}}}}]}`,
			want:  []string{`/tools/0/inputSchema/properties/s/type gemini: "type" written as an array => "nullable": true`}},
		{name: "no one change for gemini and strict", clients: []string{"gemini", "openai-strict"},
			tools: `{"tools":[{"name":"a","inputSchema":{"type":"object","properties":{"s":{"type":"string"}},"required":["s"],"additionalProperties":false}}]}`,
			want:  []string{`/tools/0/inputSchema/additionalProperties gemini: "additionalProperties" => no one change works in every selected client: remove "additionalProperties" (openai-strict rejects an object schema without "additionalProperties": false)`}},
		{name: "strict alone closes the object", clients: []string{"openai-strict"},
			tools: `{"tools":[{"name":"a","inputSchema":{"type":"object","properties":{"s":{"type":"string"}},"required":["s"]}}]}`,
			want:  []string{`/tools/0/inputSchema openai-strict: the object schema at /tools/0/inputSchema does not set "additionalProperties": false => add "additionalProperties": false`}},
		{name: "repeats in one tool are one finding", clients: []string{"openai-strict"}, tools: manyOptional,
			want: []string{`/tools/0/inputSchema/properties/p0 openai-strict: the property "p0" at /tools/0/inputSchema/properties/p0 is not listed in "required" (and at 9 more places in this tool) => list it in "required" and let it be null`}},
		{name: "strict with gemini cannot use a type array for null", clients: []string{"openai-strict", "gemini"},
			tools: `{"tools":[{"name":"a","inputSchema":{"type":"object","properties":{"s":{"type":"string"}},"additionalProperties":false}}]}`,
			want: []string{
				`/tools/0/inputSchema/properties/s openai-strict: the property "s" => list it in "required" and give it an "anyOf"`,
				`/tools/0/inputSchema/additionalProperties gemini: "additionalProperties"`,
			}},
		{name: "root union for claude", clients: []string{"claude"},
			tools: `{"tools":[{"name":"a","inputSchema":{"type":"object","oneOf":[{"required":["x"]}],"properties":{"x":{"oneOf":[{"type":"string"}]}}}}]}`,
			want:  []string{`/tools/0/inputSchema/oneOf claude: "oneOf" => make the root one object schema`}},
		{name: "name with server for claude-code", clients: []string{"claude-code", "gemini"}, server: "enterprise-database-management",
			tools: `{"tools":[{"name":"synchronize_customer_data_everywhere","inputSchema":{"type":"object"}}]}`,
			want:  []string{`/tools/0/name claude-code: the name the client builds, "mcp__enterprise-database-management__synchronize_customer_data_everywhere", is 73 characters long, over 64 => rename the tool to "synchronize_customer_data_e" (at most 27 characters with this server name)`}},
		{name: "gemini name must start with a letter", clients: []string{"gemini", "openai"},
			tools: `{"tools":[{"name":"3d.render","inputSchema":{"type":"object"}}]}`,
			want: []string{
				`/tools/0/name gemini: tool name "3d.render" does not match => rename it to "t3d_render"`,
				`/tools/0/name openai: tool name "3d.render" does not match => rename it to "t3d_render"`,
			}},
		{name: "tool count takes the smallest limit", clients: []string{"vscode", "cursor"},
			tools: `{"tools":[` + strings.Repeat(`{"name":"a","inputSchema":{"type":"object"}},`, 40) + `{"name":"b","inputSchema":{"type":"object"}}]}`,
			want:  []string{`/tools cursor: the server lists 41 tools, over the 40 => expose at most 40 tools`}},
		{name: "numeric enum for gemini", clients: []string{"gemini"},
			tools: `{"tools":[{"name":"a","inputSchema":{"type":"object","properties":{"l":{"type":"integer","enum":[1,2]}}}}]}`,
			want:  []string{`/tools/0/inputSchema/properties/l/enum gemini: the "enum" at`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Check(selectOrFail(t, tc.clients...), Target{Server: tc.server, Tools: tools(t, tc.tools)})
			if len(got) != len(tc.want) {
				for _, f := range got {
					t.Logf("%s %s => %s", f.Pointer, f.Message, f.Fix)
				}
				t.Fatalf("%d findings, want %d", len(got), len(tc.want))
			}
			for i, w := range tc.want {
				f := got[i]
				line := f.Pointer + " " + f.Message + " => " + f.Fix
				head, fix, _ := strings.Cut(w, " => ")
				ptr, msg, _ := strings.Cut(head, " ")
				if f.Pointer != ptr || !strings.Contains(f.Message, msg) || !strings.Contains(f.Fix, fix) {
					t.Errorf("finding %d:\n got %s\nwant %s", i, line, w)
				}
				if !strings.HasPrefix(f.Message, f.Client+": ") || !strings.Contains(f.Message, "(source: ") {
					t.Errorf("finding %d does not start with its client or cite its source: %s", i, f.Message)
				}
			}
		})
	}
}

func TestOwnProfiles(t *testing.T) {
	own := map[string]map[string]any{
		"inhouse": {"extends": "openai", "tool-count": map[string]any{"max": 1, "source": "agent.go, 2026"}},
	}
	p, err := Select([]string{"inhouse"}, own)
	if err != nil {
		t.Fatal(err)
	}
	if p[0].ToolName == nil || p[0].ToolCount.Max != 1 || p[0].Title != "inhouse" {
		t.Errorf("inhouse did not extend openai: %+v", p[0])
	}
	for _, tc := range []struct {
		own  map[string]map[string]any
		want string
	}{
		{map[string]map[string]any{"x": {"extends": "y"}, "y": {"extends": "x"}}, "extends itself"},
		{map[string]map[string]any{"x": {"extends": "nope"}}, `extends "nope", which is no profile`},
		{map[string]map[string]any{"x": {"tool-name": map[string]any{"patern": "a"}}}, `unknown field "patern"`},
		{map[string]map[string]any{"x": {"tool-count": map[string]any{"max": 3}}}, "tool-count.source is missing"},
		{map[string]map[string]any{"x": {"shape": []any{map[string]any{"kind": "round", "source": "s"}}}}, `shape[0].kind "round" is not one of`},
		{map[string]map[string]any{"x": {"tool-name": map[string]any{"pattern": "(", "source": "s"}}}, "tool-name.pattern"},
	} {
		if _, err := Own(tc.own); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Own(%v) = %v, want an error with %q", tc.own, err, tc.want)
		}
	}
	if _, err := Select([]string{"gemni"}, nil); err == nil || !strings.Contains(err.Error(), `did you mean "gemini"`) {
		t.Errorf("unknown client: %v", err)
	}
}

// TestTrackerIncompatibilities: each incompatibility a tracker thread
// documents is reported for its client, citing that thread.
func TestTrackerIncompatibilities(t *testing.T) {
	many := func(n int) string {
		return `{"tools":[` + strings.TrimSuffix(strings.Repeat(`{"name":"t","inputSchema":{"type":"object"}},`, n), ",") + `]}`
	}
	one := func(schema string) string {
		return `{"tools":[{"name":"t","inputSchema":` + schema + `}]}`
	}
	for _, tc := range []struct {
		thread, client, server, tools string
	}{
		{"zed-industries/zed#45552", "gemini", "", one(`{"type":"object","properties":{"k":{"const":"a"}}}`)},
		{"zed-industries/zed#45552", "gemini", "", one(`{"type":"object","properties":{"o":{"type":"object","additionalProperties":false}}}`)},
		{"google-gemini/gemini-cli#13326", "gemini", "", one(`{"type":"object","properties":{"s":{"$ref":"#/$defs/S"}},"$defs":{"S":{"type":"string"}}}`)},
		{"zed-industries/zed#44875", "gemini", "", one(`{"type":"object","properties":{"s":{"type":["string","null"]}}}`)},
		{"router-for-me/CLIProxyAPI#97", "gemini", "", one(`{"$schema":"http://json-schema.org/draft-07/schema#","type":"object"}`)},
		{"danny-avila/LibreChat#13845", "gemini", "", one(`{"type":"object","properties":{"n":{"type":"number","exclusiveMinimum":0}}}`)},
		{"microsoft/azure-devops-mcp#139", "gemini", "", one(`{"type":"object","properties":{"n":{"type":"integer","enum":[1,2,4]}}}`)},
		{"wonderwhy-er/DesktopCommanderMCP#79", "gemini", "", `{"tools":[{"name":"1password:get","inputSchema":{"type":"object"}}]}`},
		{"anthropics/claude-code#710", "claude", "", one(`{"type":"object","oneOf":[{"required":["a"]},{"required":["b"]}]}`)},
		{"anthropics/claude-code#955", "claude", "", `{"tools":[{"name":"` + strings.Repeat("x", 65) + `","inputSchema":{"type":"object"}}]}`},
		{"anthropics/claude-code#22276", "claude-code", "052a33b2-1912-47e2-9073-077a1de5d1d0", `{"tools":[{"name":"slack_search_public_and_private","inputSchema":{"type":"object"}}]}`},
		{"community.openai.com/t/932422", "openai-strict", "", one(`{"type":"object","properties":{"a":{"oneOf":[{"type":"string"}]}},"required":["a"],"additionalProperties":false}`)},
		{"ai-dynamo/dynamo#15153", "openai-strict", "", one(`{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]}`)},
		{"microsoft/vscode-copilot-release#11653", "vscode", "", many(129)},
		{"easymanage.com", "cursor", "", many(41)},
		{"easymanage.com", "cursor", "enterprise-data", `{"tools":[{"name":"synchronize_all_customer_data_and_contacts_now","inputSchema":{"type":"object"}}]}`},
		{"reference.aspose.com", "openai", "", many(129)},
	} {
		found := Check(selectOrFail(t, tc.client), Target{Server: tc.server, Tools: tools(t, tc.tools)})
		cited := false
		for _, f := range found {
			cited = cited || strings.Contains(f.Message, tc.thread)
		}
		if !cited {
			t.Errorf("%s: no %s finding cites it; got %d findings", tc.thread, tc.client, len(found))
			for _, f := range found {
				t.Logf("  %s", f.Message)
			}
		}
	}
}
