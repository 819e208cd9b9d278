package schema

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/mcplint/mcplint/sdk"
	"github.com/mcplint/mcplint/sdk/linttest"
)

// BenchmarkSchemaRules runs every schema rule over 1,000 realistic tools and,
// in the same loop, json.Unmarshal of the same file, and reports the ratio
// of the two: "rules/unmarshal" in wall time and, on Linux,
// "rules/unmarshal-cpu" in CPU time of the benchmark's own thread, which a
// busy machine does not skew. The rules share a per-Snapshot index, so each
// iteration lints a fresh copy of the Snapshot, index build included.
func BenchmarkSchemaRules(b *testing.B) {
	data := syntheticTools(1000)
	snap, _, err := sdk.DecodeSnapshot(data)
	if err != nil {
		b.Fatal(err)
	}
	rules := Rules()
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var rulesTime, decodeTime, rulesCPU, decodeCPU time.Duration
	cpu := func() time.Duration { d, _ := threadCPU(); return d }
	_, haveCPU := threadCPU()
	issues := 0
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		start, startCPU := time.Now(), cpu()
		var v any
		if err := json.Unmarshal(data, &v); err != nil {
			b.Fatal(err)
		}
		decodeTime += time.Since(start)
		decodeCPU += cpu() - startCPU

		fresh := *snap
		start, startCPU = time.Now(), cpu()
		issues = 0
		for _, r := range rules {
			got, err := linttest.Check(r, &fresh)
			if err != nil {
				b.Fatal(err)
			}
			issues += len(got)
		}
		rulesTime += time.Since(start)
		rulesCPU += cpu() - startCPU
	}
	b.ReportMetric(float64(rulesTime)/float64(decodeTime), "rules/unmarshal")
	if haveCPU && decodeCPU > 0 {
		b.ReportMetric(float64(rulesCPU)/float64(decodeCPU), "rules/unmarshal-cpu")
	}
	b.ReportMetric(float64(issues), "issues")
	b.ReportMetric(float64(len(data))/1e6, "MB")
}

// syntheticTools writes a tools/list result of n tools shaped like real
// servers' (FastMCP/pydantic and zod-to-json-schema output): descriptions
// of a few hundred characters, 1–12 parameters of every common kind,
// optional parameters as anyOf-with-null, $defs and $refs, draft-07
// declarations, output schemas, and a few defects of each kind.
func syntheticTools(n int) []byte {
	rng := rand.New(rand.NewPCG(1, 2))
	words := strings.Fields("the a file path query limit offset user project issue repository branch commit result page token " +
		"returns lists creates updates deletes search read write when with from into for each item value name id status")
	sentence := func(min, max int) string {
		k := min + rng.IntN(max-min+1)
		parts := make([]string, k)
		for i := range parts {
			parts[i] = words[rng.IntN(len(words))]
		}
		return strings.Join(parts, " ") + "."
	}
	param := func(name string, depth int) map[string]any {
		p := map[string]any{"description": sentence(4, 16)}
		switch k := rng.IntN(10); {
		case k < 3:
			p["type"] = "string"
			switch rng.IntN(4) {
			case 0:
				p["enum"] = []any{"asc", "desc", "auto"}
				p["default"] = "auto"
			case 1:
				p["format"] = "date-time"
			case 2:
				p["pattern"] = "^[A-Za-z0-9_.-]+$"
				p["minLength"] = 1.0
				p["maxLength"] = 256.0
			}
		case k < 5:
			p["type"] = "integer"
			p["minimum"] = 1.0
			p["maximum"] = 1000.0
			p["default"] = 50.0
		case k < 6:
			p["type"] = "boolean"
			p["default"] = false
		case k < 7:
			p["type"] = "array"
			p["items"] = map[string]any{"type": "string"}
			p["uniqueItems"] = true
		case k < 8:
			p["anyOf"] = []any{map[string]any{"type": "string"}, map[string]any{"type": "null"}}
			p["default"] = nil
			p["title"] = name
		case k < 9 && depth == 0:
			p["type"] = "object"
			p["properties"] = map[string]any{
				"key":   map[string]any{"type": "string", "description": sentence(3, 8)},
				"value": map[string]any{"type": "number", "description": sentence(3, 8)},
			}
			p["required"] = []any{"key"}
		default:
			p["$ref"] = "#/$defs/Mode"
		}
		return p
	}
	tools := make([]any, n)
	for i := range tools {
		props := map[string]any{}
		var required []any
		for j := range 1 + rng.IntN(12) {
			name := fmt.Sprintf("%s_%d", words[rng.IntN(len(words))], j)
			props[name] = param(name, 0)
			if rng.IntN(2) == 0 {
				required = append(required, name)
			}
		}
		in := map[string]any{
			"type": "object", "properties": props, "required": required,
			"$defs": map[string]any{"Mode": map[string]any{"type": "string", "enum": []any{"fast", "slow"}}},
		}
		if required == nil {
			in["required"] = []any{}
		}
		switch rng.IntN(10) {
		case 0, 1, 2:
			in["$schema"] = "http://json-schema.org/draft-07/schema#"
			in["additionalProperties"] = false
		case 3:
			// A defect of each rule, now and then.
			defect := rng.IntN(6)
			switch defect {
			case 0:
				in["required"] = append(required, "missing_param")
			case 1:
				props["typo"] = map[string]any{"type": "strng"}
			case 2:
				props["untyped"] = map[string]any{"description": "no type"}
			case 3:
				props["ref"] = map[string]any{"$ref": "#/$defs/Nope"}
			case 4:
				props["bad_default"] = map[string]any{"type": "integer", "minimum": 1.0, "default": 0.0}
			case 5:
				delete(in, "required")
			}
		}
		tool := map[string]any{
			"name":        fmt.Sprintf("tool_%d_%s", i, words[rng.IntN(len(words))]),
			"title":       sentence(2, 4),
			"description": sentence(30, 90),
			"inputSchema": in,
			"annotations": map[string]any{"readOnlyHint": rng.IntN(2) == 0},
		}
		if rng.IntN(10) < 4 {
			tool["outputSchema"] = map[string]any{
				"type": "object",
				"properties": map[string]any{
					"result": map[string]any{"type": "string", "description": sentence(4, 10)},
					"count":  map[string]any{"type": "integer"},
					"items":  map[string]any{"type": "array", "items": map[string]any{"type": "object", "properties": map[string]any{"id": map[string]any{"type": "string"}}, "required": []any{"id"}}},
				},
				"required": []any{"result"},
			}
		}
		tools[i] = tool
	}
	data, err := json.Marshal(map[string]any{"tools": tools})
	if err != nil {
		panic(err)
	}
	return data
}
