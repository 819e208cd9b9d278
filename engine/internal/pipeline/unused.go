package pipeline

import (
	"fmt"
	"strings"

	"github.com/mcplint/mcplint/config"
	inlinesup "github.com/mcplint/mcplint/internal/suppress"
	"github.com/mcplint/mcplint/sdk"
)

// Unused reports the suppressions that matched nothing as
// unused-suppression issues: an inline entry on its own target, placed at
// the entry; an [[ignore]] entry on the first target where it could have
// matched (its server glob covers the target and its rule ran), placed at
// the entry in the config file. A suppression of a rule that did not run is
// dormant, not unused, and is never reported; nor is anything when the
// unused-suppression rule itself did not run.
type Unused struct {
	Ignores *Ignores
	Inline  *Inline
	// Rules are every rule known to the run, for "no such rule" and its
	// suggestion.
	Rules []sdk.Meta
	// Severity are the [rules.severity] overrides (the severity step ran
	// before these issues existed).
	Severity map[string]sdk.Severity
	// ConfigPath names the config file in messages.
	ConfigPath string
}

// Name implements Processor.
func (*Unused) Name() string { return "unused suppressions" }

// Process implements Processor.
func (u *Unused) Process(targets []*Target) {
	var meta sdk.Meta
	known := map[string]bool{}
	names := make([]string, len(u.Rules))
	for i, m := range u.Rules {
		known[m.Name] = true
		names[i] = m.Name
		if m.Name == inlinesup.UnusedRule {
			meta = m
		}
	}
	if meta.Name == "" {
		return // the rule is not known to this run, so it did not run
	}
	each(targets, func(t *Target) {
		if !t.ran(meta.Name) {
			return
		}
		var found []sdk.Issue
		for _, s := range u.Inline.Unused(t) {
			if is, ok := u.inlineIssue(meta, t, s, known, names); ok {
				found = append(found, is)
			}
		}
		// Placed in one call: a large file's Locator reads the file again
		// for each call whose bytes it no longer holds.
		if len(found) > 0 && t.Snap != nil && t.Snap.Locator != nil {
			pointers := make([]string, len(found))
			for i := range found {
				pointers[i] = found[i].Pointer
			}
			at := t.Snap.Locator.Locate(pointers)
			noteChanged(t, "its unused-suppression issues")
			for i := range found {
				if loc, ok := at[found[i].Pointer]; ok {
					found[i].Location = &loc
				}
			}
		}
		t.Result.Issues = append(t.Result.Issues, found...)
	})
	for i, ig := range u.Ignores.Entries {
		if u.Ignores.Used(i) {
			continue
		}
		for _, t := range targets {
			if t.ran(meta.Name) && t.ran(ig.Rule) && (ig.Server == "" || config.MatchGlob(ig.Server, t.Result.Name)) {
				t.Result.Issues = append(t.Result.Issues, u.ignoreIssue(meta, ig))
				break
			}
		}
	}
}

func (u *Unused) issue(meta sdk.Meta, owner, pointer string) sdk.Issue {
	sev := meta.Severity
	if s, ok := u.Severity[meta.Name]; ok {
		sev = s
	}
	return sdk.Issue{Rule: meta.Name, Category: meta.Category, Severity: sev, Tool: owner, Pointer: pointer}
}

func (u *Unused) inlineIssue(meta sdk.Meta, t *Target, s inlinesup.Suppression, known map[string]bool, names []string) (sdk.Issue, bool) {
	is := u.issue(meta, s.Owner, s.Pointer)
	plugin := strings.Contains(s.Rule, "/")
	switch {
	case !known[s.Rule] && !plugin:
		hint := ""
		if sug := config.Suggest(s.Rule, names); sug != "" {
			hint = fmt.Sprintf(" (did you mean %q?)", sug)
		}
		is.Message = fmt.Sprintf("inline suppression names %q, which is no rule%s, so it suppresses nothing", s.Rule, hint)
		is.Fix = "Correct the rule name (mcplint rules lists them), or remove the entry."
	case !t.ran(s.Rule):
		return sdk.Issue{}, false
	default:
		is.Message = fmt.Sprintf("inline suppression of %q matched no issue", s.Rule)
		is.Fix = fmt.Sprintf(`Remove %q from "_meta"."mcplint/ignore": the issue it silenced is gone.`, s.Rule)
	}
	return is, true
}

func (u *Unused) ignoreIssue(meta sdk.Meta, ig config.Ignore) sdk.Issue {
	is := u.issue(meta, sdk.OwnerServer, "")
	is.Message = fmt.Sprintf("[[ignore]] of %q%s matched no issue", ig.Rule, describe(ig))
	where := u.ConfigPath
	if ig.Line > 0 {
		where = fmt.Sprintf("%s:%d", u.ConfigPath, ig.Line)
		is.Location = &sdk.Location{File: u.ConfigPath, Line: ig.Line, Column: ig.Column}
	}
	is.Fix = fmt.Sprintf("Remove the entry at %s, or correct its rule, tool, server or pointer so it matches the issue it was written for.", where)
	return is
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
