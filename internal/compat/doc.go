package compat

import (
	"fmt"
	"sort"
	"strings"
)

// Markdown is docs/clients.md: every built-in profile with its limits and
// their sources, written from the embedded data so that the page and the
// data cannot drift apart (a test compares them).
func Markdown() string {
	var b strings.Builder
	b.WriteString(`# Client compatibility profiles

<!-- Generated from internal/compat/profiles/*.toml: MCPLINT_UPDATE_GOLDEN=1 go test ./internal/compat -->

An MCP server can be valid and still not work in a given client: the
client, or the model API it forwards tools to, accepts only some tool
names, some number of tools and a subset of JSON Schema. mcplint checks a
server against the clients you select:

` + "```sh\nmcplint --clients claude,openai,gemini ./server\n```" + `

or, in ` + "`.mcplint.toml`" + `:

` + "```toml\n[compat]\nclients = [\"claude\", \"openai\", \"gemini\"]\n```" + `

Each finding of the ` + "`client-compatibility`" + ` rule starts with the client's
name, points at the place in the schema, cites the source of the limit, and
gives a fix that works in every selected client (or says that no one change
does). The report says per target which clients it works with:

` + "```\nworks with: claude ✓ · openai ✓ · gemini ✗ 3 tools\n```" + `

Every limit below names its source: the provider's documentation, or a
client's source or tracker thread, with a date. A limit no source states is
left out rather than guessed. Where sources disagree, the profile's text
says which one it follows and why.

| Profile | Client | Tool name | Name with server | Tools | Schema |
|---|---|---|---|--:|---|
`)
	names := BuiltinNames()
	all := Builtin()
	for _, n := range names {
		p := all[n]
		fmt.Fprintf(&b, "| [`%s`](#%s) | %s | %s | %s | %s | %s |\n", n, n, upperFirst(p.Title), nameCell(p), combinedCell(p), countCell(p), schemaCell(p))
	}
	for _, n := range names {
		p := all[n]
		fmt.Fprintf(&b, "\n## %s\n\n%s\n", n, upperFirst(p.Title)+".")
		if p.Extends != "" {
			fmt.Fprintf(&b, "\nStarts from [`%s`](#%s): its limits hold here too.\n", p.Extends, p.Extends)
		}
		fmt.Fprintf(&b, "\n%s\n\n| Limit | Value | Source |\n|---|---|---|\n", p.About)
		if r := p.ToolName; r != nil {
			fmt.Fprintf(&b, "| tool name | %s | %s |\n", nameCell(p), cell(r.Source))
		}
		if r := p.CombinedName; r != nil {
			fmt.Fprintf(&b, "| name with server | %s | %s |\n", combinedCell(p), cell(r.Source))
		}
		if r := p.ToolCount; r != nil {
			fmt.Fprintf(&b, "| tools | at most %d | %s |\n", r.Max, cell(r.Source))
		}
		if r := p.Description; r != nil {
			fmt.Fprintf(&b, "| description | at most %d characters | %s |\n", r.MaxLength, cell(r.Source))
		}
		for _, k := range p.Keywords {
			fmt.Fprintf(&b, "| rejected keywords%s | %s | %s |\n", whereText(k.Where), codeList(k.Names), cell(k.Source))
		}
		if a := p.Allowed; a != nil {
			fmt.Fprintf(&b, "| accepted keywords (any other is rejected) | %s | %s |\n", codeList(a.Names), cell(a.Source))
		}
		for _, s := range p.Shapes {
			fmt.Fprintf(&b, "| rejected shape%s | `%s`: %s | %s |\n", whereText(s.Where), s.Kind, cell(Shapes[s.Kind]), cell(s.Source))
		}
		if len(p.Rewrites) > 0 {
			b.WriteString("\nWhat is rewritten without a word (not reported as a finding, but worth knowing):\n\n")
			for _, r := range p.Rewrites {
				fmt.Fprintf(&b, "- %s (%s)\n", r.What, r.Source)
			}
		}
	}
	b.WriteString(`
## Your own profile

An in-house agent or a client not listed gets a profile in ` + "`.mcplint.toml`" + `,
with the same fields as the files above; ` + "`extends`" + ` starts from a built-in
profile. Every limit needs a ` + "`source`" + `; ` + "`mcplint config verify`" + ` reports a
misspelt field or a missing source with its line and column.

` + "```toml" + `
[compat]
clients = ["claude", "inhouse"]

[compat.profiles.inhouse]
title = "our support agent"
extends = "openai"

[compat.profiles.inhouse.tool-count]
max = 20
source = "agent/tools.go, 2026-12-01"

[compat.profiles.inhouse.tool-name]
pattern = '^[a-z_]+$'
max-length = 40
source = "agent/registry.go, 2026-12-01"

[[compat.profiles.inhouse.keyword]]
names = ["$ref", "$defs"]
source = "our schema converter does not resolve references"
` + "```" + `

The fields: ` + "`title`, `about`, `extends`; `[tool-name]` (`pattern`, `max-length`); `[combined-name]` (`template` with `{server}` and `{tool}`, `max-length`); `[tool-count]` (`max`); `[description]` (`max-length`); `[[keyword]]` (`names`, `where` = `anywhere`, `root` or `nested`); `[allowed-keywords]` (`names`: every other keyword is rejected); `[[shape]]` (`kind`, `where`); `[[rewrite]]` (`what`)" + `; each with its ` + "`source`" + `. The shapes:

`)
	kinds := make([]string, 0, len(Shapes))
	for k := range Shapes {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	for _, k := range kinds {
		fmt.Fprintf(&b, "- `%s`: %s\n", k, Shapes[k])
	}
	return b.String()
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func cell(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "|", `\|`), "\n", " ")
}

func nameCell(p *Profile) string {
	r := p.ToolName
	if r == nil {
		return "—"
	}
	var parts []string
	if r.Pattern != "" {
		parts = append(parts, "`"+cell(r.Pattern)+"`")
	}
	if r.MaxLength > 0 {
		parts = append(parts, fmt.Sprintf("at most %d", r.MaxLength))
	}
	return strings.Join(parts, ", ")
}

func combinedCell(p *Profile) string {
	r := p.CombinedName
	if r == nil {
		return "—"
	}
	return fmt.Sprintf("`%s` at most %d", r.Template, r.MaxLength)
}

func countCell(p *Profile) string {
	if p.ToolCount == nil {
		return "—"
	}
	return fmt.Sprint(p.ToolCount.Max)
}

func schemaCell(p *Profile) string {
	var parts []string
	if p.Allowed != nil {
		parts = append(parts, fmt.Sprintf("%d keywords only", len(p.Allowed.Names)))
	}
	for _, k := range p.Keywords {
		parts = append(parts, "no "+codeList(k.Names)+whereText(k.Where))
	}
	for _, s := range p.Shapes {
		parts = append(parts, "no "+s.Kind+whereText(s.Where))
	}
	if len(parts) == 0 {
		return "any"
	}
	return strings.Join(parts, "; ")
}

func whereText(where string) string {
	switch where {
	case WhereRoot:
		return " (at the root)"
	case WhereNested:
		return " (below the root)"
	}
	return ""
}

func codeList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = "`" + n + "`"
	}
	return strings.Join(q, ", ")
}
