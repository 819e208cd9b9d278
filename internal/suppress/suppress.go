// Package suppress is the inline suppression a server author writes in a
// definition:
//
//	"_meta": {"mcplint/ignore": {"RULE": "why this is not a defect here"}}
//
// It sits on a tool, a prompt, a resource or a resource template, and
// silences RULE's issues inside that definition. Issues about the server as
// a whole (<server>, <instructions>) have no definition to carry one: they
// are silenced with an [[ignore]] entry in .mcplint.toml. The engine's
// pipeline applies them; the rules of package rules/config check them.
package suppress

import (
	"sort"
	"strconv"
	"strings"

	"github.com/mcplint/mcplint/sdk"
)

// UnusedRule is the name of the rule that reports suppressions that
// silence nothing, which the engine's pipeline reports for it.
const UnusedRule = "unused-suppression"

// MetaKey is the "_meta" key of an inline suppression. "mcplint/" is a
// valid _meta prefix (2025-11-25/basic/index.mdx#_meta).
const MetaKey = "mcplint/ignore"

// Suppression is one entry of an inline "mcplint/ignore" object.
type Suppression struct {
	// Owner is the Issue.Tool value of the definition: a tool's name,
	// sdk.OwnerPrompt(name) or sdk.OwnerResource(uri).
	Owner string
	// Scope is the pointer of the definition, e.g. "/tools/3": the
	// suppression covers issues at or below it.
	Scope string
	// Pointer is the pointer of the entry itself,
	// "/tools/3/_meta/mcplint~1ignore/RULE".
	Pointer string
	// Rule is the rule name the entry silences.
	Rule string
	// Reason is the trimmed reason; "" when it is missing, blank or not a
	// string, and then the entry silences nothing.
	Reason string
}

// Definition is one tool, prompt, resource or template of a Snapshot.
type Definition struct {
	// Owner is the Issue.Tool value of the definition.
	Owner string
	// list and index make up scope, and what and name make up kind,
	// which only a suppression or a finding needs: a large server has
	// thousands of definitions and almost none of either.
	list       string
	index      int
	what, name string
	// Def is the definition as the server sent it.
	Def map[string]any
}

// Scope is the pointer of the definition, e.g. "/tools/3".
func (d Definition) Scope() string { return sdk.Pointer(d.list, strconv.Itoa(d.index)) }

// Kind names the definition for messages: tool "get_weather".
func (d Definition) Kind() string { return d.what + " " + strconv.Quote(d.name) }

// Definitions lists the definitions of s: tools, prompts, resources and
// resource templates, in that order.
func Definitions(s *sdk.Snapshot) []Definition {
	out := make([]Definition, 0, len(s.Tools)+len(s.Prompts)+len(s.Resources)+len(s.ResourceTemplates))
	for i, t := range s.Tools {
		def := t.Def
		if def == nil && t.Meta != nil {
			def = map[string]any{"_meta": t.Meta}
		}
		out = append(out, Definition{t.Name, "/tools", i, "tool", t.Name, def})
	}
	for i, p := range s.Prompts {
		out = append(out, Definition{sdk.OwnerPrompt(p.Name), "/prompts", i, "prompt", p.Name, p.Def})
	}
	for i, r := range s.Resources {
		out = append(out, Definition{sdk.OwnerResource(r.URI), "/resources", i, "resource", r.URI, r.Def})
	}
	for i, r := range s.ResourceTemplates {
		out = append(out, Definition{sdk.OwnerResource(r.URITemplate), "/resourceTemplates", i, "resource template", r.URITemplate, r.Def})
	}
	return out
}

// InlineObject returns a definition's "mcplint/ignore" value, if it has one.
func InlineObject(def map[string]any) (any, bool) {
	meta, ok := def["_meta"].(map[string]any)
	if !ok {
		return nil, false
	}
	v, ok := meta[MetaKey]
	return v, ok
}

// Inline returns every inline suppression of s, in Snapshot order and by
// rule name within one definition. Entries without a usable reason are
// included with Reason "": suppression-reason-missing reports them, and
// they silence nothing.
func Inline(s *sdk.Snapshot) []Suppression {
	var out []Suppression
	for _, d := range Definitions(s) {
		v, _ := InlineObject(d.Def)
		obj, ok := v.(map[string]any)
		if !ok {
			continue
		}
		scope := d.Scope()
		rules := make([]string, 0, len(obj))
		for r := range obj {
			rules = append(rules, r)
		}
		sort.Strings(rules)
		for _, r := range rules {
			reason, _ := obj[r].(string)
			out = append(out, Suppression{
				Owner:   d.Owner,
				Scope:   scope,
				Pointer: sdk.Pointer(scope, "_meta", MetaKey, r),
				Rule:    r,
				Reason:  strings.TrimSpace(reason),
			})
		}
	}
	return out
}

// Covers reports whether the suppression's definition holds an issue: by
// pointer when the issue has one, else by owner.
func (s Suppression) Covers(is sdk.Issue) bool {
	if is.Pointer == "" {
		return is.Tool == s.Owner
	}
	return is.Pointer == s.Scope || strings.HasPrefix(is.Pointer, s.Scope+"/")
}
