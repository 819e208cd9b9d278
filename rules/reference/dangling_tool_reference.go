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

// danglingToolReference reports text that names a tool the server does not
// expose.
type danglingToolReference struct{}

// Meta describes the rule.
func (danglingToolReference) Meta() sdk.Meta {
	return sdk.Meta{
		Name:     "dangling-tool-reference",
		Category: sdk.CategoryReference,
		Severity: sdk.Warning,
		Summary:  "text names a tool that the server does not expose",
		Doc:      doc("dangling-tool-reference"),
		Source:   "2025-11-25/server/tools.mdx#listing-tools",
		Default:  true,
		Uses:     []string{visible.Listing.Name, visible.Recurring.Name},
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
func (danglingToolReference) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	var tools []string
	var refs []ref
	var names []string
	var ws []word
	// A text refers to what its value does: the texts whose first was
	// read and names no tool are not read again.
	first := visible.First(ctx, s)
	none := make([]bool, len(first))
	i := -1
	visible.Texts(ctx, s, func(t visible.Text) {
		i++
		switch t.Kind {
		case visible.KindName:
			tools = append(tools, t.Value)
			return
		case visible.KindParamName, visible.KindEnum, visible.KindConst, visible.KindPromptName, visible.KindPromptArgName,
			visible.KindResourceURI, visible.KindResourceName, visible.KindDefault, visible.KindExample, visible.KindSchemaText,
			// A resource's contents are a document, which may well
			// describe tools of other servers or other versions.
			visible.KindResourceText:
			return
		}
		if f := first[i]; int(f) != i && none[f] {
			return
		}
		names, ws = toolReferences(names[:0], ws, t.Value)
		none[i] = len(names) == 0
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
	// A value marked once is marked.
	marked := make([]bool, len(first))
	i = -1
	visible.Texts(ctx, s, func(t visible.Text) {
		i++
		switch t.Kind {
		case visible.KindParamName, visible.KindEnum, visible.KindConst, visible.KindPromptName, visible.KindPromptArgName:
			if f := first[i]; int(f) == i || !marked[f] {
				mark(t.Value)
				marked[i] = true
			}
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
