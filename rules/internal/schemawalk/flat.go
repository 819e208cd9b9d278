package schemawalk

import (
	"slices"
	"strconv"
	"strings"

	"github.com/mcplint/mcplint/sdk"
)

// Flat is one schema met by Flatten. It carries what Node carries except
// the pointer, which Pointer builds on demand: rules that look at every
// subschema of thousands of tools and report on few of them should not pay
// for a pointer string per node.
type Flat struct {
	// Schema, Keyword, Name and Depth are as in Node.
	Schema  any
	Keyword string
	Name    string
	Depth   int
	// Index is the position in an array keyword ("allOf", "prefixItems",
	// tuple-form "items"); -1 otherwise.
	Index int
	// Parent is the index of the parent schema counted from the root of
	// the same Flatten call (the root is 0); -1 at the root.
	Parent int
}

// Object returns the schema as an object, or nil for a bool schema or a
// value that is not a schema.
func (f *Flat) Object() map[string]any {
	m, _ := f.Schema.(map[string]any)
	return m
}

// rank orders a node's children as Walk visits them: the map keywords, the
// single-schema keywords, then the array keywords, each in its list's order.
var rank = func() map[string]int {
	r := map[string]int{}
	for _, list := range [][]string{maps, single, arrays} {
		for _, kw := range list {
			r[kw] = len(r)
		}
	}
	return r
}()

type flatChild struct {
	rank  int
	name  string
	index int
	value any
	kw    string
}

// Flatten appends schema and every subschema below it to nodes, as Walk
// would visit them (same nodes, same order, same depth bound), and returns
// the extended slice. Each node's keys are read once, so a whole walk costs
// about one pass over the schema. Several schemas can share one backing
// slice: Parent indices count from each schema's own root, so
// nodes[start:] of one call stands alone.
func Flatten(nodes []Flat, schema any) []Flat {
	var scratch []flatChild
	return flatten(nodes, len(nodes), Flat{Schema: schema, Index: -1, Parent: -1}, &scratch)
}

func flatten(nodes []Flat, base int, n Flat, scratch *[]flatChild) []Flat {
	self := len(nodes) - base
	nodes = append(nodes, n)
	obj, ok := n.Schema.(map[string]any)
	if !ok || n.Depth >= MaxDepth {
		return nodes
	}
	start := len(*scratch)
	for kw, v := range obj {
		r, ok := rank[kw]
		if !ok {
			continue
		}
		switch kw {
		case "properties", "patternProperties", "$defs", "definitions", "dependentSchemas":
			m, ok := v.(map[string]any)
			if !ok {
				continue
			}
			for name, s := range m {
				*scratch = append(*scratch, flatChild{rank: r, name: name, index: -1, value: s, kw: kw})
			}
		case "allOf", "anyOf", "oneOf", "prefixItems":
			list, _ := v.([]any)
			for i, s := range list {
				*scratch = append(*scratch, flatChild{rank: r, index: i, value: s, kw: kw})
			}
		default:
			if list, isList := v.([]any); isList && kw == "items" {
				for i, s := range list {
					*scratch = append(*scratch, flatChild{rank: r, index: i, value: s, kw: kw})
				}
				continue
			}
			if isSchema(v) {
				*scratch = append(*scratch, flatChild{rank: r, index: -1, value: v, kw: kw})
			}
		}
	}
	children := (*scratch)[start:]
	slices.SortFunc(children, func(a, b flatChild) int {
		if a.rank != b.rank {
			return a.rank - b.rank
		}
		if c := strings.Compare(a.name, b.name); c != 0 {
			return c
		}
		return a.index - b.index
	})
	for i := start; i < len(*scratch); i++ {
		c := (*scratch)[i]
		nodes = flatten(nodes, base, Flat{Schema: c.value, Keyword: c.kw, Name: c.name, Index: c.index, Parent: self, Depth: n.Depth + 1}, scratch)
	}
	*scratch = (*scratch)[:start]
	return nodes
}

// Pointer returns the JSON pointer of nodes[i], where nodes is what one
// Flatten call appended and its root is at base. It is the pointer Walk
// gives the same node.
func Pointer(nodes []Flat, i int, base string) string {
	var tokens []string
	for ; nodes[i].Parent >= 0; i = nodes[i].Parent {
		n := &nodes[i]
		switch {
		case n.Index >= 0:
			tokens = append(tokens, strconv.Itoa(n.Index), n.Keyword)
		case n.Name != "" || named(n.Keyword):
			tokens = append(tokens, n.Name, n.Keyword)
		default:
			tokens = append(tokens, n.Keyword)
		}
	}
	slices.Reverse(tokens)
	return sdk.Pointer(base, tokens...)
}

func named(kw string) bool {
	switch kw {
	case "properties", "patternProperties", "$defs", "definitions", "dependentSchemas":
		return true
	}
	return false
}
