// Package engine runs a lint: it reads each target into a Snapshot, runs
// the selected rules, passes their issues through the pipeline, scores the
// result and returns the Report the formats render.
package engine

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"runtime/trace"
	"slices"
	"sort"
	"sync"

	"github.com/mcplint/mcplint/config"
	"github.com/mcplint/mcplint/engine/baseline"
	"github.com/mcplint/mcplint/engine/internal/exercise"
	"github.com/mcplint/mcplint/engine/internal/pipeline"
	"github.com/mcplint/mcplint/engine/internal/probe"
	"github.com/mcplint/mcplint/engine/internal/score"
	"github.com/mcplint/mcplint/engine/internal/target"
	"github.com/mcplint/mcplint/engine/lock"
	"github.com/mcplint/mcplint/engine/report"
	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/engine/runner"
	"github.com/mcplint/mcplint/internal/analysis"
	"github.com/mcplint/mcplint/internal/capability"
	"github.com/mcplint/mcplint/internal/toolanswer"
	"github.com/mcplint/mcplint/plugins"
	"github.com/mcplint/mcplint/sdk"
)

// Options are one lint run's inputs, as Run builds them from Settings.
type Options struct {
	// Version is mcplint's version, for the report.
	Version string
	// Dir is the working directory, which files in the report are named
	// relative to.
	Dir     string
	Targets []target.Target
	// Config is the effective configuration (defaults when there is no file).
	Config *config.Config
	// Rules are every available rule, enabled or not: Selection picks.
	Rules     []sdk.Rule
	Selection runner.Selection
	// Load reads one target; LoadTarget is the default.
	Load func(ctx context.Context, t target.Target) (*sdk.Snapshot, error)
	// Baseline hides the issues it holds; nil for none.
	Baseline *baseline.Baseline
	// Lock holds the pinned definitions of .mcplint.lock, for the rule
	// definition-changed; nil when there is no lock file.
	Lock *lock.File
	// Plugins are the started plugins whose rules are among Rules; nil
	// when there are none.
	Plugins *plugins.Host
	// Progress, when not nil, receives one line per target as it finishes.
	Progress io.Writer
	// KeepRepeats leaves repeated findings apart (see pipeline.Options).
	KeepRepeats bool
	// LimitMemory sets the process's memory limit while large files are
	// linted (Settings.LimitMemory).
	LimitMemory bool
	// SaveTrace keeps the one live target's session when its File is set.
	SaveTrace SaveTrace
	// Loaded, when set, is called once the targets to lint (those not
	// skipped) are loaded and prepared, before any rule runs.
	Loaded func(targets []target.Target, snaps []*sdk.Snapshot)
	// Ignored, when set, is told after the pipeline which [[ignore]]
	// entries matched an issue and which were reported unused.
	Ignored func(used, reported []bool)
	// Named is how many targets the whole run names one by one (not of a
	// client config, not skipped) when Targets are a shard of it; 0 to
	// count them in Targets.
	Named int
}

// lint runs the whole pipeline over rules Run has configured and returns
// the report. A target that cannot be read is reported in its Target.Error,
// so the other targets still count; the error is a session that
// --save-trace could not keep.
func lint(ctx context.Context, opt Options) (*result.Report, error) {
	enabled := Enabled(opt.Rules, opt.Selection)
	if opt.Plugins != nil {
		opt.Plugins.Configure(ctx, enabled)
		placeSettingsErrors(opt.Plugins, opt.Config, opt.Dir)
	}
	var skipped []result.Skipped
	var targets []target.Target
	for _, t := range opt.Targets {
		if t.Skip != "" {
			skipped = append(skipped, result.Skipped{Name: t.Name, Input: t.Input, Reason: t.Skip})
			continue
		}
		targets = append(targets, t)
	}
	opt.Targets = targets
	if len(targets) < 2 {
		opt.Progress = nil // one line for one target says nothing
	}
	loaded, release := func() {}, func() {}
	if opt.LimitMemory {
		loaded, release = limitMemory(opt.Targets)
	}
	defer release()
	// The regions name the phases in an execution trace (MCPLINT_TRACE).
	region := trace.StartRegion(ctx, "load")
	snaps, errs := LoadAll(ctx, opt.Targets, loadProgress(opt.Load, opt.Progress, len(opt.Targets)))
	region.End()
	// What was read is in the Snapshots now; a large file's bytes, which
	// its Snapshot lets go of, must not stay live through the rules here.
	for i := range opt.Targets {
		opt.Targets[i].Data = nil
	}
	loaded()
	if opt.SaveTrace.File != "" {
		saved := false
		for _, snap := range snaps {
			if err := saveTrace(opt.SaveTrace, snap); err != nil {
				return nil, err
			}
			saved = saved || snap != nil && snap.Transcript != nil
		}
		if !saved && opt.SaveTrace.Note != nil {
			fmt.Fprintf(opt.SaveTrace.Note, "mcplint: --save-trace: nothing saved to %s: the server said nothing mcplint could keep (the report says why)\n", opt.SaveTrace.Path)
		}
	}
	region = trace.StartRegion(ctx, "prepare")
	named := opt.Named
	if named == 0 {
		named = namedOneByOne(opt.Targets)
	}
	prepare(opt.Targets, named, snaps, errs, opt.Lock)
	region.End()
	if opt.Loaded != nil {
		opt.Loaded(opt.Targets, snaps)
	}
	region = trace.StartRegion(ctx, "rules")

	metas := make([]sdk.Meta, len(opt.Rules))
	for i, r := range opt.Rules {
		metas[i] = r.Meta()
	}
	inputs := make([]*score.Input, len(opt.Targets))
	rep := &result.Report{Version: result.Version, Mcplint: opt.Version, Targets: make([]*result.Target, len(opt.Targets)), Skipped: skipped}
	var progress sync.Mutex
	done := 0
	piped := make([]*pipeline.Target, len(opt.Targets))
	forEach(len(opt.Targets), func(i int) {
		t := opt.Targets[i]
		if errs[i] != nil && snaps[i] != nil {
			// A session that failed part way: the rules judge what the
			// server did say, and the target still grades F.
			msg := errs[i].Error()
			piped[i], _ = lintOne(ctx, t, snaps[i], enabled)
			rep.Targets[i] = piped[i].Result
			rep.Targets[i].Error, rep.Targets[i].Grade = &msg, "F"
			rep.Targets[i].Components = map[string]float64{}
		} else if errs[i] != nil {
			msg := errs[i].Error()
			// A target that cannot be read grades F, so --min-grade gates on it.
			rep.Targets[i] = &result.Target{Name: t.Name, Source: sourceOf(t), Input: t.Input, Error: &msg, Grade: "F",
				Issues: []sdk.Issue{}, Suppressed: []result.Suppressed{}, Components: map[string]float64{}}
		} else {
			piped[i], inputs[i] = lintOne(ctx, t, snaps[i], enabled)
			rep.Targets[i] = piped[i].Result
			rep.Targets[i].RuleErrors = append(rep.Targets[i].RuleErrors, pluginErrors(opt.Plugins)...)
		}
		rep.Targets[i].Declared = declared(t, opt.Dir)
		if opt.Progress != nil {
			progress.Lock()
			done++
			fmt.Fprintf(opt.Progress, "[%d/%d] %s\n", done, len(opt.Targets), report.Escape(t.Name))
			progress.Unlock()
		}
	})
	region.End()
	region = trace.StartRegion(ctx, "pipeline")
	// The pipeline runs once every target is done: an [[ignore]] entry is
	// unused only when it matched nothing on any of them. Scoring comes
	// after, since what the pipeline adds counts and what it hides does not.
	procs := pipeline.New(pipeline.Options{Config: opt.Config, Baseline: opt.Baseline, Rules: metas, KeepRepeats: opt.KeepRepeats, Dir: opt.Dir})
	pipeline.Run(procs, slices.DeleteFunc(piped, func(t *pipeline.Target) bool { return t == nil }))
	if opt.Ignored != nil {
		for _, p := range procs {
			if u, ok := p.(*pipeline.Unused); ok {
				used := make([]bool, len(u.Ignores.Entries))
				for i := range used {
					used[i] = u.Ignores.Used(i)
				}
				opt.Ignored(used, u.Reported)
			}
		}
	}
	region.End()
	for i, t := range rep.Targets {
		if snaps[i] != nil {
			quoteRecords(t, snaps[i].Transcript)
		}
		if in := inputs[i]; in != nil {
			in.Issues = t.Issues
			res := score.Compute(*in)
			t.Score, t.Grade, t.Components = res.Score, res.Grade, res.Components
			if len(t.RuleErrors) > 0 {
				t.Grade = result.Incomplete // the score stays, for what did run
			}
		}
	}
	rep.Summary = result.Summarize(rep.Targets)
	return rep, nil
}

// Enabled returns the rules the selection turns on, in name order.
func Enabled(all []sdk.Rule, sel runner.Selection) []sdk.Rule {
	var out []sdk.Rule
	for _, r := range all {
		if sel.Enabled(r.Meta()) {
			out = append(out, r)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Meta().Name < out[j].Meta().Name })
	return out
}

// lintOne runs the rules over one snapshot; the pipeline takes the issues
// from there, and scoring once the pipeline is done.
func lintOne(ctx context.Context, t target.Target, snap *sdk.Snapshot, rules []sdk.Rule) (*pipeline.Target, *score.Input) {
	// What the rules shared on snap (its analyses) is garbage once Run
	// returns: the pipeline may read a large file again to place the
	// issues.
	pass := analysis.NewPass(snap)
	issues, ruleErrs := runner.RunPass(ctx, rules, pass)
	// The labels toxic-flow read, if it ran, are not made again.
	tools := toolCapabilities(pass.For(ctx, "the report", []string{capability.Labelled.Name}), snap)
	out := &result.Target{
		Name: snap.Name, Source: snap.Source, Input: t.Input,
		Server: snap.Server, ProtocolVersion: snap.ProtocolVersion, Era: snap.Era,
		Counts:     result.Counts{Tools: len(snap.Tools), Prompts: len(snap.Prompts), Resources: len(snap.Resources) + len(snap.ResourceTemplates)},
		Issues:     nonNil(issues),
		Suppressed: []result.Suppressed{},
		RuleErrors: ruleErrs,
		// A probe that never got an answer is neither a pass nor a
		// finding: the report says so.
		Inconclusive: probe.Inconclusive(snap.Transcript),
		Tools:        tools,
	}
	if snap.Tokens != nil {
		out.ContextTokens = snap.Tokens.Total
	}
	ran := map[string]bool{}
	for _, r := range rules {
		m := r.Meta()
		if m.InProtocol(snap) {
			ran[m.Name] = true
		}
		if !m.Applies(snap) {
			out.NotApplicable = append(out.NotApplicable, m.Name)
		}
	}
	in := &score.Input{Tools: len(snap.Tools), HasTranscript: snap.Transcript != nil}
	in.Unlisted = in.HasTranscript && !listedTools(snap.Transcript)
	// Exercise results are read from the transcript, so a saved session
	// scores as the live run that recorded it did.
	if ex := exercise.ReadRedacting(snap.Transcript, toolanswer.NewRedactor(t.Env)); ex != nil {
		out.Exercise = ex
		in.Happy = score.Tally{Passed: ex.Happy.Passed, Total: ex.Happy.Total}
		in.Edge = score.Tally{Passed: ex.Edge.Passed, Total: ex.Edge.Total}
	}
	return &pipeline.Target{Snap: snap, Result: out, Ran: func(rule string) bool { return ran[rule] }}, in
}

// toolCapabilities lists the tools of snap that got a capability label,
// with the labels and their evidence.
func toolCapabilities(ctx context.Context, snap *sdk.Snapshot) []result.ToolCapabilities {
	var out []result.ToolCapabilities
	for i, caps := range capability.Of(ctx, snap) {
		if len(caps) == 0 {
			continue
		}
		tc := result.ToolCapabilities{Name: snap.Tools[i].Name}
		for _, c := range caps {
			tc.Capabilities = append(tc.Capabilities, result.Capability{Label: string(c.Label), Evidence: c.Evidence})
		}
		out = append(out, tc)
	}
	return out
}

// declared names the file that declares a live target as reports name
// files: relative to dir when it is inside it.
func declared(t target.Target, dir string) *sdk.Location {
	if t.Declared == "" {
		return nil
	}
	file := t.Declared
	if rel, err := filepath.Rel(dir, file); err == nil && dir != "" && filepath.IsLocal(rel) {
		file = rel
	}
	return &sdk.Location{File: file, Line: t.DeclaredLine}
}

func nonNil(issues []sdk.Issue) []sdk.Issue {
	if issues == nil {
		return []sdk.Issue{}
	}
	return issues
}

func sourceOf(t target.Target) string {
	switch t.Kind {
	case target.Static:
		return sdk.SourceStatic
	case target.Trace:
		return sdk.SourceTrace
	}
	return sdk.SourceLive
}

// pluginErrors reports each plugin that could not start or be configured,
// on every target, since its rules are missing from all of them. A plugin
// that failed during a Check already shows as its rules' errors.
func pluginErrors(h *plugins.Host) []result.RuleError {
	if h == nil {
		return nil
	}
	var out []result.RuleError
	for _, p := range h.Failed() {
		if p.Info == nil {
			out = append(out, result.RuleError{Rule: p.Name, Error: p.Err.Error()})
		}
	}
	return out
}
