package schema

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/mcplint/mcplint/sdk"
	"github.com/mcplint/mcplint/sdk/linttest"
)

// TestHostileSchemas runs every rule over schemas built to exhaust a naive
// walker: deep nesting, reference cycles and diamonds, huge lists. Each
// rule must finish quickly and not crash.
func TestHostileSchemas(t *testing.T) {
	nest := func(open, leaf, close string, n int) string {
		return strings.Repeat(open, n) + leaf + strings.Repeat(close, n)
	}
	var bigEnum, bigDefault strings.Builder
	for i := range 100000 {
		if i > 0 {
			bigEnum.WriteByte(',')
			bigDefault.WriteByte(',')
		}
		bigEnum.WriteString(`"v` + strings.Repeat("x", i%7) + `"`)
		bigDefault.WriteString(`{"a":[` + string(rune('0'+i%10)) + `]}`)
	}
	longName := strings.Repeat("n", 1<<20)
	schemas := map[string]string{
		"deep properties": nest(`{"type":"object","required":["x"],"properties":{"n":`, `{"type":"strng","default":1}`, `}}`, 3000),
		"deep allOf":      `{"type":"object","allOf":` + nest(`[{"allOf":`, `[]`, `}]`, 3000) + `}`,
		"deep not":        `{"type":"object","default":1,"not":` + nest(`{"not":`, `{}`, `}`, 4000) + `}`,
		"deep default":    `{"type":"object","properties":{"a":{"type":"array","items":{"type":"array"},"default":` + nest(`[`, `1`, `]`, 4000) + `}}}`,
		"self ref":        `{"type":"object","$ref":"#","default":{},"properties":{"a":{"$ref":"#"}},"required":["b"]}`,
		"ref diamond":     `{"type":"object","properties":{"p":{"$ref":"#/$defs/D","default":1}},"$defs":{"D":{"anyOf":[{"$ref":"#/$defs/D"},{"$ref":"#/$defs/D"}],"oneOf":[{"$ref":"#/$defs/D"},{"$ref":"#/$defs/D"}]}}}`,
		"ref cycle":       `{"type":"object","properties":{"a":{"$ref":"#/$defs/A","default":1}},"required":["q"],"allOf":[{"$ref":"#/$defs/A"}],"$defs":{"A":{"allOf":[{"$ref":"#/$defs/B"}]},"B":{"anyOf":[{"$ref":"#/$defs/A"},{"$ref":"#/$defs/B"}]}}}`,
		"dependencies":    `{"type":"object","dependencies":` + nest(`{"a":{"dependencies":`, `{}`, `}}`, 3000) + `}`,
		"huge enum":       `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"e":{"enum":[` + bigEnum.String() + `],"default":"nope"}}}`,
		"huge default":    `{"type":"object","properties":{"d":{"type":"array","uniqueItems":true,"default":[` + bigDefault.String() + `]}}}`,
		"long names":      `{"type":"object","properties":{"` + longName + `":{"description":"x"}},"required":["` + longName + `x"],"$ref":"#/$defs/` + longName + `"}`,
	}
	for name, src := range schemas {
		t.Run(name, func(t *testing.T) {
			var schema any
			if err := json.Unmarshal([]byte(src), &schema); err != nil {
				t.Fatalf("fixture is not JSON: %v", err)
			}
			snap := &sdk.Snapshot{Tools: []sdk.Tool{sdk.ToolFromDef(map[string]any{
				"name": "hostile", "inputSchema": schema, "outputSchema": schema,
			})}}
			for _, r := range Rules() {
				start := time.Now()
				if _, err := linttest.Check(r, snap); err != nil {
					t.Errorf("%s: %v", r.Meta().Name, err)
				}
				if d := time.Since(start); d > 10*time.Second {
					t.Errorf("%s took %v", r.Meta().Name, d)
				}
			}
		})
	}
}

// TestSchemaTooLargeAtTheWalkBound lints schemas that reach the bound on
// the nodes of a walk, which are too large for a fixture file: a wide
// anyOf and tuple "items" that fan out. Each is reported once, at the
// schema, and a schema one node under the bound is not.
func TestSchemaTooLargeAtTheWalkBound(t *testing.T) {
	fan := func(depth, width int) string {
		s := `{"type":"string"}`
		for range depth {
			s = `{"type":"array","items":[` + strings.Repeat(s+",", width-1) + s + `]}`
		}
		return s
	}
	for _, tc := range []struct {
		name, schema string
		want         int
	}{
		{"wide anyOf", `{"type":"object","properties":{"a":{"anyOf":[` + strings.Repeat(`{"type":"string"},`, 200_000) + `true]}}}`, 1},
		{"items of items", `{"type":"object","properties":{"a":` + fan(5, 10) + `}}`, 1},
		// The root, "a" and 99,997 branches: one node under the bound.
		{"just under", `{"type":"object","properties":{"a":{"anyOf":[` + strings.Repeat(`{"type":"string"},`, 99_996) + `true]}}}`, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var schema any
			if err := json.Unmarshal([]byte(tc.schema), &schema); err != nil {
				t.Fatal(err)
			}
			snap := &sdk.Snapshot{Tools: []sdk.Tool{sdk.ToolFromDef(map[string]any{"name": "wide", "inputSchema": schema})}}
			got, err := linttest.Check(schemaTooLarge{}, snap)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != tc.want {
				t.Fatalf("%d issues, want %d: %+v", len(got), tc.want, got)
			}
			if tc.want > 0 && (got[0].Pointer != "/tools/0/inputSchema" || !strings.Contains(got[0].Message, "inputSchema holds 100,000 subschemas or more")) {
				t.Errorf("got %+v", got[0])
			}
		})
	}
}
