package reference

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/mcplint/mcplint/internal/suggest"
	"github.com/mcplint/mcplint/rules/internal/visible"
	"github.com/mcplint/mcplint/sdk"
)

// DanglingToolReference reports text that names a tool the server does not
// expose.
type DanglingToolReference struct{}

// Meta describes the rule.
func (DanglingToolReference) Meta() sdk.Meta {
	return sdk.Meta{
		Name:     "dangling-tool-reference",
		Category: sdk.CategoryReference,
		Severity: sdk.Warning,
		Summary:  "text names a tool that the server does not expose",
		Doc: "Reads every model-visible text for references to tools and reports each name that is not a " +
			"tool of the server. A name counts as a tool reference only in phrasing that names a tool:\n\n" +
			"- a quoted name followed by \"tool\": `the \"get_forecast\" tool`, ``the `search` tool``;\n" +
			"- a quoted snake_case or kebab-case name after use, call, invoke, run or try: ``call `list_files` " +
			"first`` (so ``use `endCursor` `` or `try 'add'` are not read as tools);\n" +
			"- an unquoted snake_case name between use, call or invoke and \"tool\": `use the get_forecast tool`.\n\n" +
			"Names that exist anywhere in the server as a tool, a parameter, an allowed parameter value " +
			"(`enum`, `const`), a prompt or a prompt argument are not reported, nor are tools of other servers " +
			"in the same client config. Each missing name is reported once per owner (a tool, a prompt, a " +
			"resource or the instructions).\n\n" +
			"A model told to call a tool that does not exist either fails the call or guesses another tool; " +
			"both waste a turn, and the second does something the user did not ask for. Dangling references " +
			"usually mean a tool was renamed, removed, or only registered under conditions the listing did not " +
			"meet.\n\n" +
			"**Bad**:\n\n" +
			"```json\n{\"tools\": [{\"name\": \"get_forecast\", \"description\": \"Call `get_location` first to find the city id.\"}]}\n```\n\n" +
			"**Good**:\n\n" +
			"```json\n{\"tools\": [{\"name\": \"get_forecast\", \"description\": \"Call `find_city` first to find the city id.\"}, {\"name\": \"find_city\"}]}\n```",
		Source:  "2025-11-25/server/tools.mdx#listing-tools",
		Default: true,
	}
}

// ref is one tool name found in a text.
type ref struct {
	name string
	text visible.Text
}

// Check collects the tool references the texts make, then the names the
// server knows among those referred to, and reports the references to
// nothing. A large server has tens of thousands of parameter names and
// values and few references, so only the names referred to are kept.
func (DanglingToolReference) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	var tools []string
	var refs []ref
	var names []string
	var ws []word
	visible.Texts(s, func(t visible.Text) {
		switch t.Kind {
		case visible.KindName:
			tools = append(tools, t.Value)
			return
		case visible.KindParamName, visible.KindEnum, visible.KindConst, visible.KindPromptName, visible.KindPromptArgName,
			visible.KindResourceURI, visible.KindResourceName, visible.KindDefault, visible.KindExample, visible.KindSchemaText:
			return
		}
		names, ws = toolReferences(names[:0], ws, t.Value)
		for _, name := range names {
			refs = append(refs, ref{name: name, text: t})
		}
	})
	if len(refs) == 0 {
		return nil
	}
	known := make(map[string]bool, len(refs))
	for _, r := range refs {
		known[strings.ToLower(r.name)] = false
	}
	mark := func(n string) {
		n = strings.ToLower(n)
		if _, referred := known[n]; referred {
			known[n] = true
		}
	}
	for _, p := range s.Peers {
		if p != nil {
			for _, t := range p.Tools {
				mark(t.Name)
			}
		}
	}
	for _, t := range tools {
		mark(t)
	}
	// A tool another session of the server listed exists, shown only to
	// a client that declares a capability (capability-gated-tools).
	for _, l := range s.Relisted {
		for _, t := range l.Tools {
			mark(t.Name)
		}
	}
	visible.Texts(s, func(t visible.Text) {
		switch t.Kind {
		case visible.KindParamName, visible.KindEnum, visible.KindConst, visible.KindPromptName, visible.KindPromptArgName:
			mark(t.Value)
		}
	})
	done := map[string]bool{}
	// Most servers have no dangling reference; a large one with many
	// asks its did-you-mean of an index, not of every tool in turn.
	var near *suggest.Index
	for _, r := range refs {
		key := r.text.Owner() + "\x00" + r.name
		if known[strings.ToLower(r.name)] || done[key] {
			continue
		}
		done[key] = true
		msg := fmt.Sprintf("%s refers to a tool %s that this server does not expose", kindName(r.text.Kind), strconv.Quote(r.name))
		fix := "name an existing tool, or expose the tool under this name"
		if near == nil {
			near = suggest.NewIndex(tools)
		}
		if near := near.Closest(r.name); near != "" {
			msg += fmt.Sprintf(" (did you mean %s?)", strconv.Quote(near))
			fix = fmt.Sprintf("rename the reference to %s if that is the tool meant, or expose %s", strconv.Quote(near), strconv.Quote(r.name))
		}
		report(sdk.Issue{Tool: r.text.Owner(), Pointer: r.text.Pointer(), Message: msg, Fix: fix})
	}
	return nil
}

func kindName(k visible.Kind) string { return strings.ReplaceAll(k.String(), "-", " ") }
