package security_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/rules"
	"github.com/mcplint/mcplint/rules/reference"
	"github.com/mcplint/mcplint/rules/security"
	"github.com/mcplint/mcplint/sdk"
)

// toolList builds n tools of ordinary prose: a description naming another
// tool and five described parameters, one with an enum.
func toolList(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"tools":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"name":"tool_%d","description":"Fetches the record %d from the service and returns it as JSON. Call the \"tool_0\" tool to find ids; do not guess them.","inputSchema":{"type":"object","properties":{`, i, i)
		for p := range 5 {
			if p > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `"param_%d":{"type":"string","description":"The %d-th parameter of the request, as plain text (see the docs).","enum":["alpha","beta","gamma"]}`, p, p)
		}
		b.WriteString(`},"required":["param_0"]}}`)
	}
	b.WriteString(`]}`)
	return []byte(b.String())
}

// BenchmarkDecode is the yardstick: a plain JSON decode of the list.
func BenchmarkDecode(b *testing.B) {
	data := toolList(10000)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		var v map[string]any
		if err := json.Unmarshal(data, &v); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRules runs every security and reference rule and confusable-name
// over the same list, one after another.
func BenchmarkRules(b *testing.B) {
	data := toolList(10000)
	s, _, err := sdk.DecodeSnapshot(data)
	if err != nil {
		b.Fatal(err)
	}
	rules := append(append(security.Rules(), reference.Rules()...), rules.Named("confusable-name"))
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		for _, r := range rules {
			if err := r.Check(context.Background(), s, func(sdk.Issue) {}); err != nil {
				b.Fatal(err)
			}
		}
	}
}
