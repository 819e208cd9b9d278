package quality

import (
	"context"
	"crypto/sha256"
	"fmt"
	"strings"

	"github.com/mcplint/mcplint/internal/jsonref"
	"github.com/mcplint/mcplint/internal/schemawalk"
	"github.com/mcplint/mcplint/sdk"
)

// parameterDescriptionMissing reports every property of a tool's input
// schema, at any depth, that has no description of its own and none through
// the schema it references.
type parameterDescriptionMissing struct{}

func (parameterDescriptionMissing) Meta() sdk.Meta {
	return sdk.Meta{
		Name:     "parameter-description-missing",
		Category: sdk.CategoryQuality,
		Severity: sdk.Warning,
		Summary:  "Every input parameter, at any depth, has a description",
		Doc:      doc("parameter-description-missing"),
		Source: "2025-11-25/server/tools.mdx#listing-tools (every parameter of the example inputSchema is described); " +
			"Anthropic, Define tools (platform.claude.com/docs/en/agents-and-tools/tool-use/define-tools): explain what each parameter means",
		Default: true,
		Uses:    []string{schemawalk.Flattened.Name},
	}
}

func (parameterDescriptionMissing) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	// The schemas as every schema rule shares them, and a pointer only for
	// a finding: most properties of a large server are described.
	flat := schemawalk.Tools(ctx, s)
	// A large server can lack tens of thousands of descriptions, and the
	// engine keeps sdk.MaxIssues of them: the rest are only counted.
	reported := 0
	emit := func(is sdk.Issue) {
		if reported++; reported > sdk.MaxIssues {
			report(sdk.Issue{})
			return
		}
		report(is)
	}
	// A finding inside a definition is one per definition: the first tool
	// that uses it has it, and the same definition, unchanged, in later
	// tools is counted into that finding. They are reported last, when
	// the count is known.
	var shared []sharedFinding
	sharedAt := map[sharedKey]int{}
	for i, t := range s.Tools {
		if err := ctx.Err(); err != nil {
			return err
		}
		root, ok := t.InputSchema.(map[string]any)
		if !ok {
			continue
		}
		base := sdk.ToolPointer(i, "inputSchema")
		nodes := flat[i].Input
		// References are followed only for a property without a
		// description of its own, so the schema is indexed on first need;
		// one guard bounds the whole tool, which a hostile schema can make
		// a graph of exponentially many paths.
		var search *describedSearch
		var defs *definitions
		for k := range nodes {
			n := &nodes[k]
			// Flattening read the description, which most properties
			// have: described would look it up in the schema's map.
			if n.Keyword() != "properties" || n.Schema == false || strings.TrimSpace(n.Description) != "" {
				continue
			}
			if search == nil {
				search = &describedSearch{doc: jsonref.NewFlattened(root, jsonref.Draft2020, nodes)}
			}
			if search.described(n.Schema) {
				continue
			}
			var key sharedKey
			// Only a schema with definitions at its root has findings
			// in one: the others pay nothing for the bookkeeping.
			if n.Depth > 1 && nodes[0].Keys.Any(defsKeys) {
				if defs == nil {
					defs = newDefinitions(search.doc, nodes)
				}
				if def := defs.of[k]; def >= 0 {
					if !defs.used(def) {
						// No parameter takes this shape: a model never
						// fills it in.
						continue
					}
					key = sharedKey{sum: defs.sum(def), at: schemawalk.Pointer(nodes, k, "")}
					if j, seen := sharedAt[key]; seen {
						shared[j].more++
						continue
					}
				}
			}
			fix := "add a \"description\" saying what the value means, its format or unit, and an example"
			if n.Schema == true {
				fix = "replace the schema true with an object that has a \"type\" and a \"description\" saying what the value means"
			} else if ref := refOf(n.Schema); ref != "" {
				fix += fmt.Sprintf(", here or in the schema it references (%s)", ref)
			}
			ptr := schemawalk.Pointer(nodes, k, base)
			is := sdk.Issue{
				Tool:    t.Name,
				Pointer: ptr,
				Message: fmt.Sprintf("parameter %q of %s has no description", displayPath(strings.TrimPrefix(ptr, base)), toolLabel(i, t.Name)),
				Fix:     fix,
			}
			if key.at == "" {
				emit(is)
				continue
			}
			sharedAt[key] = len(shared)
			shared = append(shared, sharedFinding{issue: is})
		}
	}
	for _, f := range shared {
		switch {
		case f.more == 1:
			f.issue.Message += " (the same definition in 1 more tool is counted here once)"
		case f.more > 1:
			f.issue.Message += fmt.Sprintf(" (the same definition in %d more tools is counted here once)", f.more)
		}
		emit(f.issue)
	}
	return nil
}

// sharedKey is a property inside a definition: the definition's content
// and the property's pointer from the schema's root, which holds the
// definition's name.
type sharedKey struct {
	sum [sha256.Size]byte
	at  string
}

// sharedFinding is a finding inside a definition and how many more tools
// carry the same definition with the same finding.
type sharedFinding struct {
	issue sdk.Issue
	more  int
}

// describedSearch looks for the descriptions of one tool's properties.
type describedSearch struct {
	doc   *jsonref.Doc
	guard jsonref.Guard
}

// described reports whether a property's schema tells a model what it is:
// a non-blank description of its own, or one reached through $ref, through
// an allOf member, or through every non-null branch of an anyOf or oneOf
// (the shape generators give optional references: anyOf [{$ref}, {type: null}]).
// A reference that leads out of the schema, nowhere, round a cycle or past
// the guard's bounds describes nothing: a model is not shown it either.
func (s *describedSearch) described(schema any) bool {
	m, ok := schema.(map[string]any)
	if !ok {
		return false
	}
	if d, ok := m["description"].(string); ok && strings.TrimSpace(d) != "" {
		return true
	}
	if ref, ok := m["$ref"].(string); ok {
		if res := s.doc.Resolve(m, ref); res.Kind == jsonref.Local && s.guard.Enter(res.Target) {
			found := s.described(res.Target)
			s.guard.Leave()
			if found {
				return true
			}
		}
	}
	if all, ok := m["allOf"].([]any); ok {
		for _, sub := range all {
			if s.described(sub) {
				return true
			}
		}
	}
	for _, kw := range []string{"anyOf", "oneOf"} {
		branches, ok := m[kw].([]any)
		if !ok {
			continue
		}
		seen := 0
		all := true
		for _, b := range branches {
			if isNullSchema(b) {
				continue
			}
			seen++
			all = all && s.described(b)
		}
		if seen > 0 && all {
			return true
		}
	}
	return false
}

func isNullSchema(s any) bool {
	m, ok := s.(map[string]any)
	return ok && len(m) == 1 && m["type"] == "null"
}

func refOf(schema any) string {
	m, _ := schema.(map[string]any)
	ref, _ := m["$ref"].(string)
	return ref
}

// displayPath turns a pointer inside an input schema into the path a server
// author thinks in: "/properties/filters/items/properties/field" is
// "filters[].field", and a property under $defs reads "$defs/Address.street".
func displayPath(rel string) string {
	toks := sdk.SplitPointer(rel)
	var b strings.Builder
	for i := 0; i < len(toks); i++ {
		switch kw := toks[i]; kw {
		case "properties":
			if i+1 < len(toks) {
				i++
				if b.Len() > 0 {
					b.WriteByte('.')
				}
				b.WriteString(toks[i])
			}
		case "$defs", "definitions":
			if i+1 < len(toks) {
				i++
				b.Reset()
				b.WriteString(kw + "/" + toks[i])
			}
		case "items", "prefixItems", "additionalItems", "contains":
			b.WriteString("[]")
			if i+1 < len(toks) && isIndex(toks[i+1]) {
				i++
			}
		case "additionalProperties":
			b.WriteString(".*")
		case "patternProperties":
			b.WriteString(".*")
			i++
		default:
			// anyOf/oneOf/allOf/not/if/then/else do not change the path a
			// value sits at; skip their index.
			if i+1 < len(toks) && isIndex(toks[i+1]) {
				i++
			}
		}
	}
	return b.String()
}

func isIndex(tok string) bool {
	if tok == "" {
		return false
	}
	for _, r := range tok {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}
