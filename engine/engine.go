// Package engine runs a lint: it reads each target into a Snapshot, runs
// the selected rules, passes their issues through the pipeline, scores the
// result and returns the Report the formats render.
package engine

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"runtime/trace"
	"slices"
	"sort"
	"sync"

	"github.com/mcplint/mcplint/config"
	"github.com/mcplint/mcplint/engine/baseline"
	"github.com/mcplint/mcplint/engine/internal/exercise"
	"github.com/mcplint/mcplint/engine/internal/pipeline"
	"github.com/mcplint/mcplint/engine/internal/probe"
	"github.com/mcplint/mcplint/engine/internal/resume"
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
	Dir string
	// Targets are what to lint. A file's bytes read when it was resolved
	// (target.Target.Data) pass to the lint: lint clears them in Targets,
	// and lets go of them once the file is decoded.
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
	// Stream, when set, receives each target's report as soon as it is
	// final (see Settings.Stream).
	Stream report.Stream
	// Resume, when set, keeps each target's final report, and gives back
	// those an earlier run kept instead of linting them (--resume).
	Resume *resume.Store
}

// lint runs the whole pipeline over rules Run has configured and returns
// the report. A target that cannot be read is reported in its Target.Error,
// so the other targets still count; the error is a session that
// --save-trace could not keep, or a Stream that could not write.
//
// With a Stream, the targets are read, linted and written a window at a
// time (see windows), each target given to the Stream once final and then
// let go, so that memory does not grow with their number; the returned
// report then has no targets, only the summary. Without one, the window is
// every target and the report holds them all.
func lint(ctx context.Context, opt Options) (*result.Report, error) {
	if opt.Config == nil {
		opt.Config = config.Default()
	}
	enabled := Enabled(opt.Rules, opt.Selection)
	if opt.Plugins != nil {
		opt.Plugins.Configure(ctx, enabled)
		placeSettingsErrors(opt.Plugins, opt.Config, opt.Dir)
	}
	var skipped []result.Skipped
	var targets []target.Target
	for i, t := range opt.Targets {
		if t.Skip != "" {
			skipped = append(skipped, result.Skipped{Name: t.Name, Input: t.Input, Reason: t.Skip})
			continue
		}
		targets = append(targets, t)
		// Run keeps its slice of the targets to the end (a shard's
		// report reads it): left there, a large file's bytes would stay
		// live through the rules and the report, decoded or not.
		opt.Targets[i].Data = nil
	}
	opt.Targets = targets
	if len(targets) < 2 {
		opt.Progress = nil // one line for one target says nothing
	}
	metas := make([]sdk.Meta, len(opt.Rules))
	for i, r := range opt.Rules {
		metas[i] = r.Meta()
	}
	rep := &result.Report{Version: result.Version, Mcplint: opt.Version, Skipped: skipped,
		Rules: metas, HelpURI: opt.Config.Output.HelpURI}
	var clients []string
	for _, m := range metas {
		if opt.Selection.Enabled(m) {
			rep.Enabled = append(rep.Enabled, m)
			if m.Name == config.CompatRule {
				clients = opt.Config.Compat.Clients
			}
		}
	}
	// One pipeline for the whole run: what its steps learn (which
	// [[ignore]] entries matched) spans the windows.
	processors := pipeline.New(pipeline.Options{Config: opt.Config, Baseline: opt.Baseline, Rules: metas, KeepRepeats: opt.KeepRepeats, Dir: opt.Dir})
	load := loadProgress(opt.Load, opt.Progress, len(opt.Targets))
	// How many targets the whole run names one by one decides whether
	// they see each other as peers (linkPeers); a shard counts the whole
	// run's.
	named := opt.Named
	if named == 0 {
		named = namedOneByOne(opt.Targets)
	}
	l := &linting{opt: opt, enabled: enabled, processors: processors, load: load, clients: clients, named1by1: named}
	if opt.Stream == nil {
		rep.Targets = make([]*result.Target, 0, len(opt.Targets))
		err := l.window(ctx, opt.Targets, func(t *result.Target) error {
			rep.Targets = append(rep.Targets, t)
			return nil
		}, &rep.Summary)
		if err != nil {
			return nil, err
		}
		return rep, nil
	}
	if err := opt.Stream.Begin(rep); err != nil {
		return nil, err
	}
	l.named = map[string]bool{}
	for _, w := range windows(opt.Targets, windowSize(opt.Config), l.named1by1) {
		if err := l.window(ctx, opt.Targets[w[0]:w[1]], opt.Stream.Target, &rep.Summary); err != nil {
			return nil, err
		}
	}
	if err := opt.Stream.End(rep); err != nil {
		return nil, err
	}
	return rep, nil
}

// linting is what every window of one lint shares.
type linting struct {
	opt        Options
	enabled    []sdk.Rule
	processors []pipeline.Processor
	load       func(context.Context, target.Target) (*sdk.Snapshot, error)
	progress   sync.Mutex
	done       int
	// clients are the clients whose verdicts each target gets (worksWith).
	clients []string
	// named1by1 is how many targets the whole run names one by one.
	named1by1 int
	// named are the names servers of earlier windows gave themselves
	// (stableName), for nameSnapshots' rule across windows; nil when the
	// run is one window.
	named map[string]bool
}

// window lints targets and gives each report to emit in order, counting
// its issues in sum. With --resume, a target whose report was kept is not
// linted again (nor are the servers of its client config unless all of
// them were kept), and each new report is kept once final. Every server of
// a client config must be in the same window, since they see each other.
func (l *linting) window(ctx context.Context, targets []target.Target, emit func(*result.Target) error, sum *result.Summary) error {
	out := make([]*result.Target, len(targets))
	kept := make([]bool, len(targets))
	todo, err := l.resumed(targets, out, kept)
	if err != nil {
		return err
	}
	var peers []string
	if l.opt.Resume != nil {
		peers = resume.Peers(targets, peerGroup(targets, l.named1by1))
	}
	own := make([]string, len(targets))
	if len(todo) > 0 {
		sub := make([]target.Target, len(todo))
		for k, i := range todo {
			sub[k] = targets[i]
			// The file's bytes live in sub alone, which lets go of them
			// once they are decoded.
			targets[i].Data = nil
		}
		linted, owns, err := l.lintWindow(ctx, sub)
		if err != nil {
			return err
		}
		for k, i := range todo {
			out[i], own[i] = linted[k], owns[k]
		}
	}
	for i, t := range out {
		// A target that could not be linted is linted again next time:
		// a server that did not start may start then.
		if !kept[i] {
			worksWith(t, l.clients)
		}
		if l.opt.Resume != nil && !kept[i] && t.Error == nil {
			if err := l.opt.Resume.Write(targets[i], peers[i], t, own[i]); err != nil {
				return err
			}
		}
		sum.Add(t)
		if err := emit(t); err != nil {
			return err
		}
		out[i] = nil
	}
	return nil
}

// resumed fills out[i] with the kept report of each target that has one
// (marking kept[i]), and returns the indices of the others, to lint. The
// servers of a client config are linted again together unless every one
// of them was kept. A kept report's [[ignore]] matches count as matches of
// this run, so the entries are not reported unused.
func (l *linting) resumed(targets []target.Target, out []*result.Target, kept []bool) ([]int, error) {
	if l.opt.Resume == nil {
		todo := make([]int, len(targets))
		for i := range todo {
			todo[i] = i
		}
		return todo, nil
	}
	group := peerGroup(targets, l.named1by1)
	peers := resume.Peers(targets, group)
	owns := make([]string, len(targets))
	incomplete := map[string]bool{}
	for i, t := range targets {
		r, own, ok, err := l.opt.Resume.Read(t, peers[i])
		if err != nil {
			return nil, err
		}
		if g := group(i); !ok && g != "" {
			incomplete[g] = true
		}
		out[i], owns[i], kept[i] = r, own, ok
	}
	var todo []int
	for i := range targets {
		if g := group(i); kept[i] && g != "" && incomplete[g] {
			out[i], kept[i] = nil, false
		}
		if !kept[i] {
			todo = append(todo, i)
			continue
		}
		if l.named != nil && owns[i] != "" {
			l.named[owns[i]] = true
		}
		if l.opt.Progress != nil {
			l.progress.Lock()
			l.done++
			fmt.Fprintf(l.opt.Progress, "[%d/%d kept] %s\n", l.done, len(l.opt.Targets), report.Escape(out[i].Name))
			l.progress.Unlock()
		}
		for _, p := range l.processors {
			if g, ok := p.(*pipeline.Ignores); ok {
				for _, s := range out[i].Suppressed {
					if s.By == result.ByConfig {
						g.Note(out[i].Name, s.Issue)
					}
				}
			}
		}
	}
	return todo, nil
}

// lintWindow reads, links and lints targets, passes their issues through
// the pipeline and scores them; owns are the names the servers gave
// themselves (stableName).
func (l *linting) lintWindow(ctx context.Context, targets []target.Target) (out []*result.Target, owns []string, err error) {
	opt := l.opt
	loaded, release := func() {}, func() {}
	if opt.LimitMemory {
		loaded, release = limitMemory(targets)
	}
	defer release()
	// The regions name the phases in an execution trace (MCPLINT_TRACE).
	region := trace.StartRegion(ctx, "load")
	snaps, errs := loadAll(ctx, targets, l.load, l.named)
	region.End()
	owns = make([]string, len(targets))
	for i, snap := range snaps {
		if snap != nil {
			owns[i] = stableName(targets[i], snap)
		}
	}
	// What was read is in the Snapshots now; a large file's bytes, which
	// its Snapshot lets go of, must not stay live through the rules here.
	for i := range targets {
		targets[i].Data = nil
	}
	loaded()
	if opt.SaveTrace.File != "" {
		saved := false
		for _, snap := range snaps {
			if err := saveTrace(opt.SaveTrace, snap); err != nil {
				return nil, nil, err
			}
			saved = saved || snap != nil && snap.Transcript != nil
		}
		if !saved && opt.SaveTrace.Note != nil {
			fmt.Fprintf(opt.SaveTrace.Note, "mcplint: --save-trace: nothing saved to %s: the server said nothing mcplint could keep (the report says why)\n", opt.SaveTrace.Path)
		}
	}
	region = trace.StartRegion(ctx, "prepare")
	prepare(targets, l.named1by1, snaps, errs, opt.Lock)
	region.End()
	if opt.Loaded != nil {
		opt.Loaded(targets, snaps)
	}
	region = trace.StartRegion(ctx, "rules")
	inputs := make([]*score.Input, len(targets))
	out = make([]*result.Target, len(targets))
	piped := make([]*pipeline.Target, len(targets))
	many := len(targets) >= runtime.GOMAXPROCS(0)
	forEach(len(targets), func(i int) {
		t := targets[i]
		if errs[i] != nil && snaps[i] != nil {
			// A session that failed part way: the rules judge what the
			// server did say, and the target still grades F.
			msg := errs[i].Error()
			piped[i], _ = lintOne(ctx, t, snaps[i], l.enabled, many)
			out[i] = piped[i].Result
			out[i].Error, out[i].Grade = &msg, "F"
			out[i].Components = map[string]float64{}
		} else if errs[i] != nil {
			msg := errs[i].Error()
			// A target that cannot be read grades F, so --min-grade gates on it.
			out[i] = &result.Target{Name: t.Name, Source: sourceOf(t), Input: t.Input, Error: &msg, Grade: "F",
				Issues: []sdk.Issue{}, Suppressed: []result.Suppressed{}, Components: map[string]float64{}}
		} else {
			piped[i], inputs[i] = lintOne(ctx, t, snaps[i], l.enabled, many)
			out[i] = piped[i].Result
			out[i].RuleErrors = append(out[i].RuleErrors, pluginErrors(opt.Plugins)...)
		}
		out[i].Declared = declared(t, opt.Dir)
		if opt.Progress != nil {
			l.progress.Lock()
			l.done++
			fmt.Fprintf(opt.Progress, "[%d/%d] %s\n", l.done, len(opt.Targets), report.Escape(t.Name))
			l.progress.Unlock()
		}
	})
	region.End()
	region = trace.StartRegion(ctx, "pipeline")
	// Scoring comes after the pipeline, since what the pipeline adds
	// counts and what it hides does not.
	pipeline.Run(l.processors, slices.DeleteFunc(piped, func(t *pipeline.Target) bool { return t == nil }))
	if opt.Ignored != nil {
		for _, p := range l.processors {
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
	for i, t := range out {
		if snaps[i] != nil {
			quoteRecords(t, snaps[i].Transcript)
		}
		snaps[i] = nil
		if in := inputs[i]; in != nil {
			in.Issues = t.Issues
			res := score.Compute(*in)
			t.Score, t.Grade, t.Components = res.Score, res.Grade, res.Components
			if len(t.RuleErrors) > 0 {
				t.Grade = result.Incomplete // the score stays, for what did run
			}
		}
	}
	return out, owns, nil
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

// serialRules is the most tools a server may have for its rules to run
// one at a time when other targets are linted beside it: a goroutine per
// rule costs its start and the growth of its stack, per target, which for
// thousands of small servers was a tenth of the CPU; a large server's
// rules still share the CPUs, lest it be the one the others wait for.
const serialRules = 200

// lintOne runs the rules over one snapshot; the pipeline takes the issues
// from there, and scoring once the pipeline is done.
//
// With many, its rules run one at a time: the other targets keep the
// CPUs busy (see serialRules).
func lintOne(ctx context.Context, t target.Target, snap *sdk.Snapshot, rules []sdk.Rule, many bool) (*pipeline.Target, *score.Input) {
	// What the rules shared on snap (its analyses) is garbage once Run
	// returns: the pipeline may read a large file again to place the
	// issues.
	pass := analysis.NewPass(snap)
	run := runner.RunPass
	if many && len(snap.Tools) <= serialRules {
		run = runner.RunPassSerial
	}
	issues, ruleErrs := run(ctx, rules, pass)
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
