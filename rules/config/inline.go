// Package config holds the rules about mcplint's own suppressions, and
// defines the inline suppression a server author writes in a definition:
//
//	"_meta": {"mcplint/ignore": {"RULE": "why this is not a defect here"}}
//
// It sits on a tool, a prompt, a resource or a resource template, and
// silences RULE's issues inside that definition. Issues about the server as
// a whole (<server>, <instructions>) have no definition to carry one: they
// are silenced with an [[ignore]] entry in .mcplint.toml.
package config

import (
	"embed"
	"sort"
	"strconv"
	"strings"

	"github.com/mcplint/mcplint/rules/internal/ruledocs"
	"github.com/mcplint/mcplint/sdk"
)

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

// definition is one tool, prompt, resource or template of a Snapshot.
type definition struct {
	owner string
	// list and index make up scope, and what and name make up kind,
	// which only a suppression or a finding needs: a large server has
	// thousands of definitions and almost none of either.
	list       string
	index      int
	what, name string
	def        map[string]any
}

// scope is the pointer of the definition, e.g. "/tools/3".
func (d definition) scope() string { return sdk.Pointer(d.list, strconv.Itoa(d.index)) }

// kind names the definition for messages: tool "get_weather".
func (d definition) kind() string { return d.what + " " + strconv.Quote(d.name) }

func definitions(s *sdk.Snapshot) []definition {
	out := make([]definition, 0, len(s.Tools)+len(s.Prompts)+len(s.Resources)+len(s.ResourceTemplates))
	for i, t := range s.Tools {
		def := t.Def
		if def == nil && t.Meta != nil {
			def = map[string]any{"_meta": t.Meta}
		}
		out = append(out, definition{t.Name, "/tools", i, "tool", t.Name, def})
	}
	for i, p := range s.Prompts {
		out = append(out, definition{sdk.OwnerPrompt(p.Name), "/prompts", i, "prompt", p.Name, p.Def})
	}
	for i, r := range s.Resources {
		out = append(out, definition{sdk.OwnerResource(r.URI), "/resources", i, "resource", r.URI, r.Def})
	}
	for i, r := range s.ResourceTemplates {
		out = append(out, definition{sdk.OwnerResource(r.URITemplate), "/resourceTemplates", i, "resource template", r.URITemplate, r.Def})
	}
	return out
}

// inlineObject returns a definition's "mcplint/ignore" value, if it has one.
func inlineObject(def map[string]any) (any, bool) {
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
	for _, d := range definitions(s) {
		v, _ := inlineObject(d.def)
		obj, ok := v.(map[string]any)
		if !ok {
			continue
		}
		scope := d.scope()
		rules := make([]string, 0, len(obj))
		for r := range obj {
			rules = append(rules, r)
		}
		sort.Strings(rules)
		for _, r := range rules {
			reason, _ := obj[r].(string)
			out = append(out, Suppression{
				Owner:   d.owner,
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

//go:embed docs/*.md
var docs embed.FS

// doc is a rule's documentation, kept as Markdown next to the code.
var doc = ruledocs.Loader(docs, "config")

// Rules returns the config category's rules in name order.
func Rules() []sdk.Rule {
	return []sdk.Rule{SuppressionReasonMissing{}, UnusedSuppression{}}
}
