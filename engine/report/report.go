// Package report renders a lint run's result (the model of engine/result)
// in each output format, and applies the exit-code gate to it. The JSON
// form (version 1) is a documented contract: see docs/schema/report.v1.json.
package report

import (
	"strings"

	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/internal/plural"
	"github.com/mcplint/mcplint/sdk"
)

// facts are a target's counts and identity as short phrases ("5 tools",
// "server weather 1.2.0"), with server-supplied text passed through
// quote, which each format gives its own escaping.
func facts(t *result.Target, quote func(string) string) []string {
	out := []string{plural.Grouped(t.Counts.Tools, "tool")}
	if t.Counts.Prompts > 0 {
		out = append(out, plural.Grouped(t.Counts.Prompts, "prompt"))
	}
	if t.Counts.Resources > 0 {
		out = append(out, plural.Grouped(t.Counts.Resources, "resource"))
	}
	out = append(out, plural.Thousands(t.ContextTokens)+" context tokens")
	if t.Server != nil {
		out = append(out, "server "+quote(t.Server.Name+" "+t.Server.Version))
	}
	if t.ProtocolVersion != "" {
		v := "protocol " + quote(t.ProtocolVersion)
		if t.Era != "" {
			v += " (" + t.Era + ")"
		}
		out = append(out, v)
	}
	return out
}

// worksWith says in one line which selected clients the target works
// with ("claude ✓ · openai ✓ · gemini ✗ 3 tools"); empty when none was
// selected. Client names come from the user's config or the built-in
// profiles, so quote escapes them like any other text.
func worksWith(t *result.Target, quote func(string) string) string {
	parts := make([]string, 0, len(t.Clients))
	for _, v := range t.Clients {
		if v.Works {
			parts = append(parts, quote(v.Client)+" ✓")
			continue
		}
		var why []string
		if v.Server {
			why = append(why, "too many tools")
		}
		if v.Tools > 0 {
			why = append(why, plural.Grouped(v.Tools, "tool"))
		}
		parts = append(parts, quote(v.Client)+" ✗ "+strings.Join(why, ", "))
	}
	return strings.Join(parts, " · ")
}

// outcomes counts the issues suppressed over every target and the targets
// that could not be linted, for the summary lines of the formats.
// incomplete reports whether a target could not be linted or a rule could
// not run on one: what a quiet report must still show.
func incomplete(r *result.Report) bool {
	for _, t := range r.Targets {
		if t.Error != nil || len(t.RuleErrors) > 0 {
			return true
		}
	}
	return false
}

func outcomes(r *result.Report) (suppressed, failed int) {
	for _, t := range r.Targets {
		suppressed += len(t.Suppressed)
		if t.Error != nil {
			failed++
		}
	}
	return suppressed, failed
}

// message is an issue's message as the text formats show it: with the
// count of the identical findings it stands for, when there are several.
func message(is *sdk.Issue) string {
	if is.Count > 1 {
		return is.Message + " (" + plural.Thousands(is.Count) + " times; the first is shown)"
	}
	return is.Message
}
