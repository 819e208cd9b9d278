package schema

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/mcplint/mcplint/internal/schemawalk"
	"github.com/mcplint/mcplint/sdk"
)

type requiredListMissing struct{}

func (requiredListMissing) Meta() sdk.Meta {
	return sdk.Meta{
		Name:     "required-list-missing",
		Category: sdk.CategorySchema,
		Severity: sdk.Info,
		Summary:  "An object in an inputSchema lists properties but no \"required\"",
		Source:   "2025-11-25/server/tools.mdx#tool",
		Default:  true,
		Doc:      ruleDoc("required-list-missing"),
		Uses:     []string{schemaIndex.Name},
	}
}

func (requiredListMissing) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	return forDocs(ctx, s, func(d *doc) {
		if d.field != "inputSchema" {
			return
		}
		for i := range d.nodes {
			if inPlace(d.nodes[i].Keyword()) || !d.nodes[i].Keys.Any(propertiesKey) {
				continue
			}
			obj := d.nodes[i].Object()
			props, ok := obj["properties"].(map[string]any)
			if !ok || len(props) == 0 || d.nodes[i].Keys.Any(requiredKey) || groupRequires(obj, 0) {
				continue
			}
			// A property with a default is optional on purpose: the server
			// fills it in. Only the others are candidates for "required", and
			// an object whose properties all have defaults says what it means.
			candidates := withoutDefault(props)
			if len(candidates) == 0 {
				continue
			}
			fix := fmt.Sprintf("add \"required\": [%s] naming the ones a call must send, or \"required\": [] if all are optional", quotedNames(candidates, 3))
			if n := len(props) - len(candidates); n > 0 {
				fix += fmt.Sprintf(" (%s a default, so %s optional already)", oneOrMany(n, "1 property has", fmt.Sprintf("%d properties have", n)), oneOrMany(n, "it stays", "they stay"))
			}
			report(sdk.Issue{
				Tool:    d.owner,
				Pointer: d.pointer(i),
				Message: fmt.Sprintf("%s has %s but no \"required\" list, so %s", d.location(i), oneOrMany(len(props), "1 property", fmt.Sprintf("%d properties", len(props))), oneOrMany(len(props), "it reads as optional", "all of them read as optional")),
				Fix:     fix,
			})
		}
	})
}

// withoutDefault returns the properties whose schema has no "default".
func withoutDefault(props map[string]any) map[string]any {
	out := make(map[string]any, len(props))
	for name, p := range props {
		if m, ok := p.(map[string]any); ok {
			if _, has := m["default"]; has {
				continue
			}
		}
		out[name] = p
	}
	return out
}

var propertiesKey = schemawalk.KeysOf("properties")

// groupRequires reports whether the schema or one applied in place with it
// has a "required" keyword.
func groupRequires(obj map[string]any, depth int) bool {
	if _, ok := obj["required"]; ok {
		return true
	}
	if depth > 8 {
		return false
	}
	for _, kw := range [...]string{"allOf", "anyOf", "oneOf"} {
		list, _ := obj[kw].([]any)
		for _, sub := range list {
			if m, ok := sub.(map[string]any); ok && groupRequires(m, depth+1) {
				return true
			}
		}
	}
	for _, kw := range [...]string{"if", "then", "else"} {
		if m, ok := obj[kw].(map[string]any); ok && groupRequires(m, depth+1) {
			return true
		}
	}
	return false
}

func oneOrMany(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// quotedNames lists up to max of the map's keys, sorted, quoted.
func quotedNames(m map[string]any, max int) string {
	names := make([]string, 0, len(m))
	for k := range m {
		names = append(names, k)
	}
	slices.Sort(names)
	var b strings.Builder
	for i, n := range names {
		if i == max {
			b.WriteString(", …")
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(quoteShort(n))
	}
	return b.String()
}
