// Package pipeline is the ordered list of processors every issue passes
// through between the rules and scoring, in golangci-lint's shape: each
// processor is a small type with one job, and the list is the only place
// the order is written down.
//
//  1. severity: a user's [rules.severity] override;
//  2. locations: file:line:column from the Snapshot's Locator;
//  3. config ignores: [[ignore]] entries of .mcplint.toml;
//  4. inline suppressions: "_meta": {"mcplint/ignore": {"RULE": "reason"}};
//  5. unused suppressions: a well-formed [[ignore]] or inline entry that
//     matched nothing becomes an unused-suppression issue;
//  6. baseline: the issues a --baseline file holds (unused-suppression
//     issues included, so they can be accepted like any other);
//  7. dedupe: repeated findings (same rule, subject and message) collapse
//     into one that counts the others;
//  8. sort: report order.
//
// Each processor runs over every target before the next one starts: an
// [[ignore]] entry is unused only when it matched nothing on any target.
// A suppressed issue moves from Target.Issues to Target.Suppressed.
package pipeline

import (
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"github.com/mcplint/mcplint/config"
	"github.com/mcplint/mcplint/engine/baseline"
	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/sdk"
)

// Target is one target's issues on their way through the pipeline.
type Target struct {
	// Snap is the Snapshot the issues came from.
	Snap *sdk.Snapshot
	// Result holds the issues (Issues, Suppressed) the processors move.
	Result *result.Target
	// Ran reports whether a rule ran on this target; nil means every rule
	// did.
	Ran func(rule string) bool

	// notedChanged is set once the note that the file changed is added.
	notedChanged bool
}

func (t *Target) ran(rule string) bool { return t.Ran == nil || t.Ran(rule) }

// Processor is one step of the pipeline.
type Processor interface {
	// Name is the step's name, for tests and messages.
	Name() string
	// Process runs the step over every target.
	Process(targets []*Target)
}

// Options are what the standard pipeline needs from a run.
type Options struct {
	// Config supplies [rules.severity] and [[ignore]]; nil for defaults.
	Config *config.Config
	// Baseline hides the issues it holds; nil for none.
	Baseline *baseline.Baseline
	// Rules are the metas of every rule known to the run, so that an
	// inline suppression naming no rule is reported with a suggestion.
	Rules []sdk.Meta
	// KeepRepeats leaves repeated findings apart (no dedupe): a baseline
	// is recorded from them, since the baseline step sees them apart too.
	KeepRepeats bool
	// Dir is the working directory: the config file is named relative to
	// it in messages, as the report names every other file.
	Dir string
}

// New returns the standard pipeline, in order.
func New(opt Options) []Processor {
	cfg := opt.Config
	if cfg == nil {
		cfg = config.Default()
	}
	ignores := &Ignores{Entries: cfg.Ignores}
	inline := &Inline{}
	list := []Processor{
		Severity{Overrides: cfg.Rules.Severity},
		Locations{},
		ignores,
		inline,
		&Unused{Ignores: ignores, Inline: inline, Rules: opt.Rules, Severity: cfg.Rules.Severity, ConfigPath: relativeTo(opt.Dir, cfg.Path)},
		&Baseline{Matcher: opt.Baseline.Matcher()},
	}
	if !opt.KeepRepeats {
		list = append(list, Dedupe{})
	}
	return append(list, Sort{})
}

// Run passes targets through the processors in order.
func Run(processors []Processor, targets []*Target) {
	for _, t := range targets {
		if t.Result.Suppressed == nil {
			t.Result.Suppressed = []result.Suppressed{}
		}
	}
	for _, p := range processors {
		p.Process(targets)
	}
}

// each runs f for every target, on at most GOMAXPROCS goroutines: a step
// over one large server is as fast as before, over many it is parallel.
func each(targets []*Target, f func(t *Target)) {
	if len(targets) == 1 {
		f(targets[0])
		return
	}
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for _, t := range targets {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			f(t)
		}()
	}
	wg.Wait()
}

// suppress moves the issues of t that hide says to hide to t.Suppressed,
// with by and the reason hide returns.
func suppress(t *result.Target, by string, hide func(is sdk.Issue) (reason string, ok bool)) {
	kept := t.Issues[:0:0]
	for _, is := range t.Issues {
		if reason, ok := hide(is); ok {
			t.Suppressed = append(t.Suppressed, result.Suppressed{Issue: is, By: by, Reason: reason})
			continue
		}
		kept = append(kept, is)
	}
	t.Issues = kept
}

// relativeTo names path relative to dir when it is inside it
// (.mcplint.toml, sub/.mcplint.toml), else as it is.
func relativeTo(dir, path string) string {
	if dir != "" && path != "" {
		if rel, err := filepath.Rel(dir, path); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return rel
		}
	}
	return path
}
