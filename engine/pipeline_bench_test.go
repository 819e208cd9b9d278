package engine

import (
	"context"
	"runtime"
	"slices"
	"testing"

	"github.com/mcplint/mcplint/config"
	"github.com/mcplint/mcplint/engine/internal/pipeline"
	"github.com/mcplint/mcplint/engine/internal/realistic"
	"github.com/mcplint/mcplint/engine/internal/source/static"
	"github.com/mcplint/mcplint/engine/internal/target"
	"github.com/mcplint/mcplint/engine/runner"
	"github.com/mcplint/mcplint/rules"
	"github.com/mcplint/mcplint/sdk"
)

// BenchmarkPipeline passes the issues of the realistic 10,000-tool list,
// as the rules report them, through the standard pipeline: the step of a
// lint that runs after every rule is done, on the critical path.
func BenchmarkPipeline(b *testing.B) {
	data, err := realistic.ToolList(10000, 1)
	if err != nil {
		b.Fatal(err)
	}
	snap, err := static.Decode("real.json", data)
	if err != nil {
		b.Fatal(err)
	}
	prepare([]target.Target{{Kind: target.Static}}, 1, []*sdk.Snapshot{snap}, []error{nil}, nil)
	all := rules.All()
	enabled := Enabled(all, runner.Selection{})
	t, _ := lintOne(context.Background(), target.Target{Kind: target.Static}, snap, enabled, false)
	issues := t.Result.Issues
	metas := make([]sdk.Meta, len(all))
	for i, r := range all {
		metas[i] = r.Meta()
	}
	runtime.GC()
	start, haveCPU := processCPU()
	for b.Loop() {
		t.Result.Issues, t.Result.Suppressed = slices.Clone(issues), nil
		pipeline.Run(pipeline.New(pipeline.Options{Config: config.Default(), Rules: metas}), []*pipeline.Target{t})
	}
	if end, _ := processCPU(); haveCPU {
		b.ReportMetric(float64(end-start)/float64(b.N), "cpu-ns/op")
	}
	b.ReportMetric(float64(len(issues)), "issues")
}
