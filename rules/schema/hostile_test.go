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
