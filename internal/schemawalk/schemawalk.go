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
// exhaust the stack.
const MaxDepth = 64

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
func Walk(schema any, pointer string, visit func(Node) bool) {
	walk(Node{Schema: schema, Pointer: pointer}, visit)
}

func walk(n Node, visit func(Node) bool) {
	if !visit(n) || n.Depth >= MaxDepth {
		return
	}
	obj := n.Object()
	if obj == nil {
		return
	}
	child := func(s any, keyword, name, ptr string) {
		walk(Node{Schema: s, Pointer: ptr, Keyword: keyword, Name: name, Parent: obj, Depth: n.Depth + 1}, visit)
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
