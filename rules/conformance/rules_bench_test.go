package conformance

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/mcplint/mcplint/sdk"
)

// BenchmarkRules runs every conformance rule, one after another, on the
// 10,000-tool session of BenchmarkWireSchema, and reports their cost
// against decoding the tools/list answer with encoding/json. Each round
// lints a new Snapshot, as each lint does, so nothing made for one round
// is reused by the next.
func BenchmarkRules(b *testing.B) {
	snap, raw := bigSession(b, 10000)
	rules := Rules()
	var lint, decode time.Duration
	for range b.N {
		s := *snap
		began := time.Now()
		for _, r := range rules {
			if err := r.Check(context.Background(), &s, func(sdk.Issue) {}); err != nil {
				b.Fatalf("%s: %v", r.Meta().Name, err)
			}
		}
		lint += time.Since(began)
		began = time.Now()
		var v any
		if err := json.Unmarshal(raw, &v); err != nil {
			b.Fatal(err)
		}
		decode += time.Since(began)
	}
	b.ReportMetric(float64(len(rules)), "rules")
	b.ReportMetric(float64(lint.Microseconds())/float64(b.N)/1000, "rules-ms/op")
	b.ReportMetric(float64(decode.Microseconds())/float64(b.N)/1000, "decode-ms/op")
	b.ReportMetric(float64(lint)/float64(decode), "ratio")
}
