package schema

import (
	"context"
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strconv"

	"github.com/mcplint/mcplint/internal/jsonref"
	"github.com/mcplint/mcplint/internal/schemawalk"
	"github.com/mcplint/mcplint/sdk"
)

type requiredNotInProperties struct{}

func (requiredNotInProperties) Meta() sdk.Meta {
	return sdk.Meta{
		Name:     "required-not-in-properties",
		Category: sdk.CategorySchema,
		Severity: sdk.Warning,
		Summary:  "A name in \"required\" is not defined in \"properties\"",
		Source:   "2025-11-25/server/tools.mdx#tool",
		Default:  true,
		Doc:      ruleDoc("required-not-in-properties"),
		Uses:     []string{schemaIndex.Name},
	}
}

func (requiredNotInProperties) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	return forDocs(ctx, s, func(d *doc) {
		for i := range d.nodes {
			if !d.nodes[i].Keys.Any(requiredKey) {
				continue
			}
			req, ok := d.nodes[i].Object()["required"].([]any)
			if !ok || len(req) == 0 {
				continue
			}
			top, negated := groupTop(d, i)
			if negated || isMixin(d, top) {
				continue
			}
			topProps, _ := d.nodes[top].Object()["properties"].(map[string]any)
			for j, item := range req {
				name, ok := item.(string)
				if !ok {
					continue
				}
				if _, ok := topProps[name]; ok {
					continue
				}
				search := propertySearch{name: name, r: d.refs}
				if search.in(d.nodes[top].Schema, 0) != undefined {
					continue
				}
				is := sdk.Issue{
					Tool:    d.owner,
					Pointer: d.pointer(i, "required", strconv.Itoa(j)),
					Message: fmt.Sprintf("%s is required at %s but not defined in its \"properties\"", quoteShort(name), d.location(i)),
					Fix:     fmt.Sprintf("define %s under \"properties\" (with a type and a description), or remove it from \"required\"", quoteShort(name)),
				}
				names := propertySearch{name: name, r: d.refs, collect: true}
				names.in(d.nodes[top].Schema, 0)
				if hint := closest(name, names.names); hint != "" {
					is.Message += fmt.Sprintf(" (did you mean %s?)", quoteShort(hint))
					is.Fix = fmt.Sprintf("rename it to %s in \"required\", or define %s under \"properties\"", quoteShort(hint), quoteShort(name))
				}
				if closedChain(d, i, top) {
					is.Severity = sdk.Error
					is.Message += "; \"additionalProperties\": false rejects it too, so no call can satisfy this schema"
				}
				report(is)
			}
		}
	})
}

var requiredKey = schemawalk.KeysOf("required")

// groupTop climbs from node i through in-place keywords to the schema of
// the object instance they all apply to. negated is true when the way up
// passes a "not".
func groupTop(d *doc, i int) (top int, negated bool) {
	for d.nodes[i].Parent >= 0 && inPlace(d.nodes[i].Keyword()) {
		if d.nodes[i].Keyword() == "not" {
			negated = true
		}
		i = int(d.nodes[i].Parent)
	}
	return i, negated
}

// isMixin reports whether node i is a "$defs" (or "definitions") entry
// that defines no properties of its own: a fragment such as {"required":
// ["id"]} meant to be combined, through "$ref", with a schema that does.
func isMixin(d *doc, i int) bool {
	n := &d.nodes[i]
	if n.Keyword() != "$defs" && n.Keyword() != "definitions" {
		return false
	}
	obj := n.Object()
	for _, kw := range [...]string{"properties", "patternProperties", "additionalProperties"} {
		if _, ok := obj[kw]; ok {
			return false
		}
	}
	return true
}

// closedChain reports whether a schema between node i and top (both
// included) has "additionalProperties": false.
func closedChain(d *doc, i, top int) bool {
	for ; ; i = int(d.nodes[i].Parent) {
		if ap, ok := d.nodes[i].Object()["additionalProperties"].(bool); ok && !ap {
			return true
		}
		if i == top {
			return false
		}
	}
}

type verdict int

const (
	undefined verdict = iota
	defined
	unknown
)

// propertySearch looks for a definition of one property name in a schema
// and everything applied in place with it.
type propertySearch struct {
	name string
	r    *jsonref.Doc
	// collect asks for names: the property names met, for "did you mean".
	collect bool
	names   []string
	// visited are the "$ref" targets followed, so that a cycle ends.
	visited []uintptr
}

func (p *propertySearch) in(s any, depth int) verdict {
	obj, ok := s.(map[string]any)
	if !ok {
		return undefined
	}
	if depth > schemawalk.MaxDepth {
		return unknown
	}
	if props, ok := obj["properties"].(map[string]any); ok {
		if _, ok := props[p.name]; ok {
			return defined
		}
		if p.collect {
			for k := range props {
				p.names = append(p.names, k)
			}
		}
	}
	result := undefined
	if pats, ok := obj["patternProperties"].(map[string]any); ok {
		for pat := range pats {
			re, err := regexp.Compile(pat)
			if err != nil {
				result = unknown
			} else if re.MatchString(p.name) {
				return defined
			}
		}
	}
	if ap, ok := obj["additionalProperties"].(map[string]any); ok && len(ap) > 0 {
		return defined
	}
	merge := func(v verdict) bool {
		if v > result {
			result = v
		}
		return v == defined
	}
	for _, kw := range [...]string{"allOf", "anyOf", "oneOf"} {
		list, _ := obj[kw].([]any)
		for _, sub := range list {
			if merge(p.in(sub, depth+1)) {
				return defined
			}
		}
	}
	for _, kw := range [...]string{"if", "then", "else"} {
		if sub, ok := obj[kw]; ok && merge(p.in(sub, depth+1)) {
			return defined
		}
	}
	if deps, ok := obj["dependentSchemas"].(map[string]any); ok {
		for _, sub := range deps {
			if merge(p.in(sub, depth+1)) {
				return defined
			}
		}
	}
	if ref, ok := obj["$ref"].(string); ok {
		res := resolveRef(p.r, obj, ref)
		switch {
		case res.Kind != jsonref.Local:
			merge(unknown)
		case p.seen(res.Target):
		case merge(p.in(res.Target, depth+1)):
			return defined
		}
	}
	for _, kw := range [...]string{"$dynamicRef", "$recursiveRef"} {
		if _, ok := obj[kw]; ok {
			merge(unknown)
		}
	}
	return result
}

// seen reports whether a "$ref" target was followed before, and marks it.
// Only references can lead back to a schema already searched.
func (p *propertySearch) seen(target any) bool {
	obj, ok := target.(map[string]any)
	if !ok {
		return true
	}
	id := reflect.ValueOf(obj).Pointer()
	if slices.Contains(p.visited, id) {
		return true
	}
	p.visited = append(p.visited, id)
	return false
}
