package pipeline

import "github.com/mcplint/mcplint/engine/runner"

// Sort puts each target's issues in report order (runner.Sort): server-wide
// findings first, then tools, prompts and resources in the server's own
// order, file order within one definition.
type Sort struct{}

// Name implements Processor.
func (Sort) Name() string { return "sort" }

// Process implements Processor.
func (Sort) Process(targets []*Target) {
	each(targets, func(t *Target) { runner.Sort(t.Result.Issues) })
}
