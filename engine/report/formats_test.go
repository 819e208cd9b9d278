package report

import (
	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/sdk"
)

// richSample is sample() plus what the CI formats must also carry: a rule
// that could not run, an inline suppression, and server text aimed at each
// medium (workflow-command separators, Markdown table syntax, a newline).
func richSample() *result.Report {
	r := sample()
	t := r.Targets[0]
	t.Issues = append(t.Issues,
		sdk.Issue{Rule: "description-too-short", Category: "quality", Severity: sdk.Warning, Tool: "a|b`c`",
			Pointer: "/tools/2/description", Message: "description \"50% off,\\nnow: | `rm -rf` <b>\" is too short, cc @octocat #1\n::error file=x::owned",
			Fix: "say what the tool does in a sentence", Location: &sdk.Location{File: "dir with space/tools,1.json", Line: 9, Column: 13}},
		sdk.Issue{Rule: "acme/no-foo", Category: "plugin", Severity: sdk.Info, Tool: sdk.OwnerInstructions,
			Pointer: "/instructions", Message: "instructions mention foo", Fix: "drop foo"},
	)
	t.Suppressed = append(t.Suppressed, result.Suppressed{Issue: sdk.Issue{Rule: "hidden-unicode-tag", Category: "security", Severity: sdk.Error,
		Tool: "get_forecast", Pointer: "/tools/0/description", Message: "hidden text", Fix: "remove it"}, By: result.ByInline, Reason: "test \u202efixture"})
	t.RuleErrors = []result.RuleError{{Rule: "acme/no-foo", Error: "plugin acme exited: signal: killed"}}
	r.Summary = result.Summary{Errors: 2, Warnings: 1, Infos: 1}
	return r
}

// sampleMetas are the rules the sample report's issues come from, plus one
// that found nothing, as the engine passes every known rule.
func sampleMetas() []sdk.Meta {
	return []sdk.Meta{
		{Name: "description-too-short", Category: "quality", Severity: sdk.Warning, Default: true,
			Summary: "A description too short to tell a model when to call the tool",
			Doc:     "Checks that every tool description is at least `min-length` characters.\n\nA model picks tools by their description.\n\n**Bad**\n\n```json\n{\"description\": \"Gets\"}\n```\n\n**Good**\n\n```json\n{\"description\": \"Get the forecast for a city\"}\n```",
			Source:  "2025-11-25/server/tools.mdx#tool; schema/2025-11-25/schema.json ($defs/Tool/properties/description)"},
		{Name: "hidden-unicode-tag", Category: "security", Severity: sdk.Error, Default: true,
			Summary: "Unicode tag characters hide text from people but not from models",
			Doc:     "Reports U+E0000–U+E007F in any text a model reads.", Source: "Unicode Technical Standard #51"},
		{Name: "input-schema-missing", Category: "schema", Severity: sdk.Error, Default: true,
			Summary: "A tool without an inputSchema", Doc: "Every tool must declare an `inputSchema`.",
			Source: "2025-11-25/server/tools.mdx#tool"},
		{Name: "too-many-tools", Category: "quality", Severity: sdk.Info, Summary: "More tools than a model chooses among well"},
		{Name: "acme/no-foo", Category: "plugin", Severity: sdk.Info, Summary: "No foo"},
	}
}
