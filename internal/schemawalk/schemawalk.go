// Package schemawalk visits every subschema of a JSON Schema with its JSON
// pointer, so that each rule that looks inside schemas walks them the same
// way and reports the same pointers.
package schemawalk

import (
	"sort"
	"strconv"

	"github.com/mcplint/mcplint/sdk"
)

// Node is one schema met during a walk.
type Node struct {
	// Schema is the schema value: usually map[string]any, or a bool schema.
	Schema any
	// Pointer is its JSON pointer in the Snapshot.
	Pointer string
	// Keyword is how it was reached from its parent ("properties", "items",
	// "anyOf", "$defs", …); empty at the root.
	Keyword string
	// Name is the property (or $defs) name when Keyword is "properties",
	// "patternProperties", "$defs", "definitions" or "dependentSchemas".
	Name string
	// Parent is the schema object that holds this one; nil at the root.
	Parent map[string]any
	// Depth is 0 at the root.
	Depth int
}

// Object returns the schema as an object, or nil for a bool schema or a
// value that is not a schema.
func (n Node) Object() map[string]any {
	m, _ := n.Schema.(map[string]any)
	return m
}

// MaxDepth bounds a walk, so that a hostile, deeply nested schema cannot
// exhaust the stack: the subschemas of a node at MaxDepth are not
// visited. The schema-too-large rule reports a schema nested deeper
// (Excess), so that what is not walked is never silently unchecked.
const MaxDepth = 64

// MaxNodes bounds the nodes one walk visits, so that a schema whose
// arrays fan out (a wide "anyOf", "items" of "items" …) costs at most
// that much to every walker: the walk ends at the MaxNodes-th node.
// Published servers' schemas hold a few thousand; schema-too-large
// reports one that reaches the bound.
const MaxNodes = 100_000

// Keywords whose value is one schema.
var single = []string{
	"additionalProperties", "items", "additionalItems", "contains",
	"propertyNames", "not", "if", "then", "else",
	"unevaluatedItems", "unevaluatedProperties", "contentSchema",
}

// Keywords whose value is an array of schemas.
var arrays = []string{"allOf", "anyOf", "oneOf", "prefixItems"}

// Keywords whose value maps names to schemas.
var maps = []string{"properties", "patternProperties", "$defs", "definitions", "dependentSchemas"}

// Walk calls visit for schema and every subschema below it, parents first,
// in a deterministic order (keywords in a fixed order, map keys sorted).
// When visit returns false the walk does not descend below that node.
// It visits at most MaxNodes nodes, and nothing below MaxDepth.
func Walk(schema any, pointer string, visit func(Node) bool) {
	w := walker{visit: visit}
	w.walk(Node{Schema: schema, Pointer: pointer})
}

// walker is one Walk's state: how many nodes it has visited.
type walker struct {
	visit func(Node) bool
	seen  int
}

func (w *walker) walk(n Node) {
	if w.seen >= MaxNodes {
		return
	}
	w.seen++
	if !w.visit(n) || n.Depth >= MaxDepth {
		return
	}
	obj := n.Object()
	if obj == nil {
		return
	}
	child := func(s any, keyword, name, ptr string) {
		w.walk(Node{Schema: s, Pointer: ptr, Keyword: keyword, Name: name, Parent: obj, Depth: n.Depth + 1})
	}
	for _, kw := range maps {
		m, ok := obj[kw].(map[string]any)
		if !ok {
			continue
		}
		for _, name := range SortedKeys(m) {
			child(m[name], kw, name, sdk.Pointer(n.Pointer, kw, name))
		}
	}
	for _, kw := range single {
		v, ok := obj[kw]
		if !ok {
			continue
		}
		if list, isList := v.([]any); isList && kw == "items" {
			// Draft-07 tuple form.
			for i, s := range list {
				child(s, kw, "", sdk.Pointer(n.Pointer, kw, strconv.Itoa(i)))
			}
			continue
		}
		if isSchema(v) {
			child(v, kw, "", sdk.Pointer(n.Pointer, kw))
		}
	}
	for _, kw := range arrays {
		list, ok := obj[kw].([]any)
		if !ok {
			continue
		}
		for i, s := range list {
			child(s, kw, "", sdk.Pointer(n.Pointer, kw, strconv.Itoa(i)))
		}
	}
}

// Excess is how a schema goes past what a walk visits.
type Excess struct {
	// Deep is the pointer (from the walk's pointer) of the first node at
	// MaxDepth that holds subschemas, which no walk visits; "" when none.
	Deep string
	// Large is set when the schema holds MaxNodes subschemas or more, so
	// that a walk may end before its last ones.
	Large bool
}

// Exceeds walks schema as Walk does and says how it goes past the walk's
// bounds; it costs at most one bounded walk.
func Exceeds(schema any, pointer string) Excess {
	var e Excess
	seen := 0
	Walk(schema, pointer, func(n Node) bool {
		seen++
		if e.Deep == "" && n.Depth == MaxDepth && HasSubschemas(n.Object()) {
			e.Deep = n.Pointer
		}
		return true
	})
	e.Large = seen >= MaxNodes
	return e
}

// HasSubschemas reports whether a schema object holds a subschema under
// a keyword a walk descends into.
func HasSubschemas(obj map[string]any) bool {
	for _, kw := range maps {
		if m, ok := obj[kw].(map[string]any); ok && len(m) > 0 {
			return true
		}
	}
	for _, kw := range single {
		if list, isList := obj[kw].([]any); isList && kw == "items" && len(list) > 0 || isSchema(obj[kw]) {
			return true
		}
	}
	for _, kw := range arrays {
		if list, ok := obj[kw].([]any); ok && len(list) > 0 {
			return true
		}
	}
	return false
}

func isSchema(v any) bool {
	switch v.(type) {
	case map[string]any, bool:
		return true
	}
	return false
}

// SortedKeys returns a map's keys in order.
func SortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
