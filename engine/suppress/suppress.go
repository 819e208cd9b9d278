// Package suppress is the suppression half of the issue pipeline: after the
// rules ran and severities were set, and before scoring, it moves issues
// that a team has chosen to accept from Target.Issues to Target.Suppressed,
// and reports suppressions that no longer match anything.
//
// The steps run in this order, each issue stopping at the first that
// matches:
//
//  1. config:   an [[ignore]] entry of .mcplint.toml;
//  2. inline:   "_meta": {"mcplint/ignore": {"RULE": "reason"}} on the
//     tool, prompt, resource or template the issue is in;
//  3. baseline: an entry of the --baseline file.
//
// unused-suppression findings (a well-formed [[ignore]] or inline entry that
// matched nothing) are produced here, since only the pipeline sees every
// other rule's issues. They go through the baseline step like any issue.
// A suppression of a rule that did not run is dormant, not unused, and is
// never reported.
package suppress

import (
	"fmt"
	"path/filepath"
	"strings"
	"sync"

	"github.com/mcplint/mcplint/config"
	"github.com/mcplint/mcplint/engine/baseline"
	"github.com/mcplint/mcplint/engine/result"
	rulesconfig "github.com/mcplint/mcplint/rules/config"
	"github.com/mcplint/mcplint/sdk"
)

// Options configure one run's pipeline.
type Options struct {
	// Config supplies [[ignore]] entries and [rules.severity]; nil for none.
	Config *config.Config
	// Baseline hides the issues it holds; nil for none.
	Baseline *baseline.Baseline
	// Rules are the metas of every rule known to the run, so that an
	// inline suppression naming no rule is reported with a suggestion.
	Rules []sdk.Meta
	// Dir is the working directory: the config file is named relative to
	// it, as the report names every other file.
	Dir string
}

// Run is the pipeline of one lint run. [[ignore]] entries are shared by all
// targets: an entry is unused only when it matched nothing in any of them,
// so call Target for each target (concurrently if you like) and then
// Finish once, before scoring.
type Run struct {
	dir     string
	cfg     *config.Config
	base    *baseline.Matcher
	known   map[string]bool
	names   []string
	unusedM sdk.Meta

	mu sync.Mutex
	// ignores tracks each [[ignore]] entry across targets.
	ignores []ignoreState
}

type ignoreState struct {
	used bool
	// home is the first target the entry applied to whose rule ran: where
	// an unused entry is reported.
	home *result.Target
}

// New starts a run.
func New(opts Options) *Run {
	r := &Run{
		dir:     opts.Dir,
		cfg:     opts.Config,
		base:    opts.Baseline.Matcher(),
		known:   map[string]bool{},
		unusedM: rulesconfig.UnusedSuppression{}.Meta(),
	}
	if r.cfg == nil {
		r.cfg = config.Default()
	}
	for _, m := range opts.Rules {
		r.known[m.Name] = true
		r.names = append(r.names, m.Name)
	}
	r.ignores = make([]ignoreState, len(r.cfg.Ignores))
	return r
}

// Target runs the pipeline on one target's issues. snap is the Snapshot
// the issues came from (nil when the target could not be read). ran reports
// whether a rule ran on this target; nil means every rule did.
func (r *Run) Target(snap *sdk.Snapshot, t *result.Target, ran func(rule string) bool) {
	if ran == nil {
		ran = func(string) bool { return true }
	}
	var inline []rulesconfig.Suppression
	if snap != nil {
		for _, s := range rulesconfig.Inline(snap) {
			if s.Reason != "" {
				inline = append(inline, s)
			}
		}
	}
	inlineUsed := make([]bool, len(inline))

	if t.Suppressed == nil {
		t.Suppressed = []result.Suppressed{}
	}
	// With nothing to match, the issues stand as they are: a large
	// server's are not copied for nothing.
	if len(inline) > 0 || len(r.cfg.Ignores) > 0 {
		r.match(t, inline, inlineUsed)
	}
	if ran(r.unusedM.Name) {
		for j, s := range inline {
			if !inlineUsed[j] {
				if is, ok := r.unusedInline(snap, s, ran); ok {
					t.Issues = append(t.Issues, is)
				}
			}
		}
	}
	r.baseline(t)
	r.noteEligible(t, ran)
}

// match moves the issues an [[ignore]] entry or an inline suppression
// covers from t.Issues to t.Suppressed, marking the inline entries used.
func (r *Run) match(t *result.Target, inline []rulesconfig.Suppression, inlineUsed []bool) {
	kept := make([]sdk.Issue, 0, len(t.Issues))
	for _, is := range t.Issues {
		j := matchInline(inline, is)
		if j >= 0 {
			// Matched, even when an [[ignore]] takes the issue first: a
			// redundant inline entry is not a stale one.
			inlineUsed[j] = true
		}
		if i, ok := r.matchIgnore(t.Name, is); ok {
			t.Suppressed = append(t.Suppressed, result.Suppressed{Issue: is, By: result.ByConfig, Reason: r.cfg.Ignores[i].Reason})
			continue
		}
		if j >= 0 {
			t.Suppressed = append(t.Suppressed, result.Suppressed{Issue: is, By: result.ByInline, Reason: inline[j].Reason})
			continue
		}
		kept = append(kept, is)
	}
	t.Issues = kept
}

// matchIgnore returns the first [[ignore]] entry that matches, marking it
// used.
func (r *Run) matchIgnore(server string, is sdk.Issue) (int, bool) {
	for i, ig := range r.cfg.Ignores {
		if ig.Rule != is.Rule ||
			ig.Tool != "" && !config.MatchGlob(ig.Tool, is.Tool) ||
			ig.Server != "" && !config.MatchGlob(ig.Server, server) ||
			!underPointer(is.Pointer, ig.Pointer) {
			continue
		}
		r.mu.Lock()
		r.ignores[i].used = true
		r.mu.Unlock()
		return i, true
	}
	return 0, false
}

// underPointer reports whether p is prefix or below it, token-wise:
// "/tools/1" covers "/tools/1/name" but not "/tools/10".
func underPointer(p, prefix string) bool {
	return prefix == "" || p == prefix || strings.HasPrefix(p, prefix+"/")
}

func matchInline(inline []rulesconfig.Suppression, is sdk.Issue) int {
	for j, s := range inline {
		if s.Rule == is.Rule && s.Covers(is) {
			return j
		}
	}
	return -1
}

func (r *Run) unusedInline(snap *sdk.Snapshot, s rulesconfig.Suppression, ran func(string) bool) (sdk.Issue, bool) {
	is := r.unusedIssue(s.Owner, s.Pointer)
	plugin := strings.Contains(s.Rule, "/")
	switch {
	case !r.known[s.Rule] && !plugin:
		hint := ""
		if sug := config.Suggest(s.Rule, r.names); sug != "" {
			hint = fmt.Sprintf(" (did you mean %q?)", sug)
		}
		is.Message = fmt.Sprintf("inline suppression names %q, which is no rule%s, so it suppresses nothing", s.Rule, hint)
		is.Fix = "Correct the rule name (mcplint rules lists them), or remove the entry."
	case !ran(s.Rule):
		return sdk.Issue{}, false
	default:
		is.Message = fmt.Sprintf("inline suppression of %q matched no issue", s.Rule)
		is.Fix = fmt.Sprintf(`Remove %q from "_meta"."mcplint/ignore": the issue it silenced is gone.`, s.Rule)
	}
	if snap.Locator != nil {
		if loc, ok := snap.Locator.Locate([]string{s.Pointer})[s.Pointer]; ok {
			is.Location = &loc
		}
	}
	return is, true
}

func (r *Run) unusedIssue(owner, pointer string) sdk.Issue {
	sev := r.unusedM.Severity
	if s, ok := r.cfg.Rules.Severity[r.unusedM.Name]; ok {
		sev = s
	}
	return sdk.Issue{Rule: r.unusedM.Name, Category: r.unusedM.Category, Severity: sev, Tool: owner, Pointer: pointer}
}

// baseline moves the target's issues that the baseline holds.
func (r *Run) baseline(t *result.Target) {
	if r.base.Empty() {
		return
	}
	kept := make([]sdk.Issue, 0, len(t.Issues))
	for _, is := range t.Issues {
		if r.base.Take(t.Name, is) {
			t.Suppressed = append(t.Suppressed, result.Suppressed{Issue: is, By: result.ByBaseline, Reason: "known issue, recorded in the baseline"})
			continue
		}
		kept = append(kept, is)
	}
	t.Issues = kept
}

// noteEligible records the targets on which each [[ignore]] entry could
// have matched: its server glob covers the target and its rule ran.
func (r *Run) noteEligible(t *result.Target, ran func(string) bool) {
	if !ran(r.unusedM.Name) {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	for i, ig := range r.cfg.Ignores {
		st := &r.ignores[i]
		if st.home == nil && ran(ig.Rule) && (ig.Server == "" || config.MatchGlob(ig.Server, t.Name)) {
			st.home = t
		}
	}
}

// Finish reports the [[ignore]] entries that matched nothing on any target
// where they could have, on the first such target, placed at the entry in
// the config file.
func (r *Run) Finish() {
	r.mu.Lock()
	defer r.mu.Unlock()
	for i, ig := range r.cfg.Ignores {
		st := r.ignores[i]
		if st.used || st.home == nil {
			continue
		}
		is := r.unusedIssue(sdk.OwnerServer, "")
		is.Message = fmt.Sprintf("[[ignore]] of %q%s matched no issue", ig.Rule, describe(ig))
		file := r.configFile()
		where := file
		if ig.Line > 0 {
			where = fmt.Sprintf("%s:%d", file, ig.Line)
			is.Location = &sdk.Location{File: file, Line: ig.Line, Column: ig.Column}
		}
		is.Fix = fmt.Sprintf("Remove the entry at %s, or correct its rule, tool, server or pointer so it matches the issue it was written for.", where)
		if r.base.Take(st.home.Name, is) {
			st.home.Suppressed = append(st.home.Suppressed, result.Suppressed{Issue: is, By: result.ByBaseline, Reason: "known issue, recorded in the baseline"})
			continue
		}
		st.home.Issues = append(st.home.Issues, is)
	}
}

func describe(ig config.Ignore) string {
	var parts []string
	for _, f := range []struct{ key, v string }{{"tool", ig.Tool}, {"server", ig.Server}, {"pointer", ig.Pointer}} {
		if f.v != "" {
			parts = append(parts, fmt.Sprintf("%s %q", f.key, f.v))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return " (" + strings.Join(parts, ", ") + ")"
}

// configFile names the config file relative to the working directory when
// it is inside it (.mcplint.toml, sub/.mcplint.toml), else as it is.
func (r *Run) configFile() string {
	if r.dir != "" {
		if rel, err := filepath.Rel(r.dir, r.cfg.Path); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return rel
		}
	}
	return r.cfg.Path
}
