package pipeline

import (
	"github.com/mcplint/mcplint/engine/baseline"
	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/sdk"
)

// Baseline hides the issues a --baseline file holds, each entry as many
// times as its count.
type Baseline struct {
	Matcher *baseline.Matcher
}

// Name implements Processor.
func (*Baseline) Name() string { return "baseline" }

// Process implements Processor. The matcher's counts are shared by all
// targets, so targets go one at a time, in order.
func (b *Baseline) Process(targets []*Target) {
	if b.Matcher.Empty() {
		return
	}
	for _, t := range targets {
		suppress(t.Result, result.ByBaseline, func(is sdk.Issue) (string, bool) {
			return "known issue, recorded in the baseline", b.Matcher.Take(t.Result.Name, is)
		})
	}
}
