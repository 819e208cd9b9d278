package schemawalk

import (
	"slices"
	"strconv"
	"sync"

	"github.com/mcplint/mcplint/sdk"
)

// Flat is one schema met by Flatten. It carries what Node carries except
// the pointer, which Pointer builds on demand: rules that look at every
// subschema of thousands of tools and report on few of them should not pay
// for a pointer string per node.
type Flat struct {
	// Schema and Name are as in Node; so is Keyword().
	Schema any
	Name   string
	// Description is the schema's "description" when it is a string, ""
	// otherwise: the one keyword many rules read on nearly every node.
	// Like Keys it is read while the node's keys are, since a lookup in
	// one of the many small maps of a large list is likely a cache miss.
	Description string
	// Keys is the set of JSON Schema keywords the schema object has, so
	// that a rule can skip the nodes without the keyword it checks
	// without a map lookup.
	Keys Keys
	// Unknown is how many of the schema object's keys are not keywords
	// Keys knows ("example", "x-order", "_meta").
	Unknown int32
	// Index is the position in an array keyword ("allOf", "prefixItems",
	// tuple-form "items"); -1 otherwise.
	Index int32
	// Parent is the index of the parent schema counted from the root of
	// the same Flatten call (the root is 0); -1 at the root.
	Parent int32
	// Depth is as in Node; it stays below MaxDepth.
	Depth int16
	// rank is one more than the rank in childKeywords of the keyword the
	// node lies under; 0 at the root. A large list has hundreds of
	// thousands of nodes, each kept while its Snapshot lives: a number
	// rather than the keyword's string keeps a node to 72 bytes.
	rank uint8
}

// Keyword is as in Node: the keyword the schema lies under, "" at the
// root.
func (f *Flat) Keyword() string {
	if f.rank == 0 {
		return ""
	}
	return childKeywords[f.rank-1]
}

// Object returns the schema as an object, or nil for a bool schema or a
// value that is not a schema.
func (f *Flat) Object() map[string]any {
	m, _ := f.Schema.(map[string]any)
	return m
}

// Flatten appends schema and every subschema below it to nodes, as Walk
// would visit them (same nodes, same order, same depth and node bounds:
// at most MaxNodes nodes a call), and returns
// the extended slice. Each node's keys are read once, so a whole walk costs
// about one pass over the schema. Several schemas can share one backing
// slice: Parent indices count from each schema's own root, so
// nodes[start:] of one call stands alone.
func Flatten(nodes []Flat, schema any) []Flat {
	names := namesPool.Get().(*[]string)
	w := flattener{base: len(nodes), names: names}
	nodes = w.flatten(nodes, Flat{Schema: schema, Index: -1, Parent: -1})
	clear(*names)
	*names = (*names)[:0]
	namesPool.Put(names)
	return nodes
}

// namesPool keeps the name buffers of finished walks, since a lint
// flattens two schemas per tool.
var namesPool = sync.Pool{New: func() any { return new([]string) }}

// childKeywords are the keywords whose values hold subschemas, by rank.
var childKeywords = [...]string{
	rankProperties: "properties", rankPatternProperties: "patternProperties", rankDefs: "$defs",
	rankDefinitions: "definitions", rankDependentSchemas: "dependentSchemas",
	rankAdditionalProperties: "additionalProperties", rankItems: "items", rankAdditionalItems: "additionalItems",
	rankContains: "contains", rankPropertyNames: "propertyNames", rankNot: "not", rankIf: "if", rankThen: "then",
	rankElse: "else", rankUnevaluatedItems: "unevaluatedItems", rankUnevaluatedProperties: "unevaluatedProperties",
	rankContentSchema: "contentSchema", rankAllOf: "allOf", rankAnyOf: "anyOf", rankOneOf: "oneOf",
	rankPrefixItems: "prefixItems",
}

// descriptionKey is the bit of "description", which Flatten reads.
var descriptionKey = KeyOf("description")

// A Flat holds a rank in a byte.
var _ [255 - len(childKeywords)]struct{}

// childBits are childKeywords' bits in Keys, and childKeys their union.
var (
	childBits = func() (bits [len(childKeywords)]Keys) {
		for i, kw := range childKeywords {
			bits[i] = KeysOf(kw)
		}
		return bits
	}()
	childKeys = KeysOf(childKeywords[:]...)
)

// flattener is one Flatten call's state.
type flattener struct {
	base  int
	names *[]string
}

func (w *flattener) flatten(nodes []Flat, n Flat) []Flat {
	self := int32(len(nodes) - w.base)
	if self >= MaxNodes {
		return nodes
	}
	obj, isObject := n.Schema.(map[string]any)
	if !isObject {
		return append(nodes, n)
	}
	nodes = append(nodes, n)
	var keys Keys
	var unknown int32
	for kw, v := range obj {
		bit, _ := keyword(kw)
		switch bit {
		case 0:
			unknown++
		case descriptionKey:
			nodes[len(nodes)-1].Description, _ = v.(string)
		}
		keys |= bit
	}
	nodes[len(nodes)-1].Keys = keys
	nodes[len(nodes)-1].Unknown = unknown
	n.Keys = keys
	if !n.Keys.Any(childKeys) || int(n.Depth) >= MaxDepth {
		return nodes
	}
	names := w.names
	child := func(v any, rank int, name string, index int) {
		nodes = w.flatten(nodes, Flat{Schema: v, rank: uint8(rank + 1), Name: name, Index: int32(index), Parent: self, Depth: n.Depth + 1})
	}
	// Children in Walk's order: the keywords by rank, names sorted.
	for rank, kw := range childKeywords {
		if !n.Keys.Any(childBits[rank]) {
			continue
		}
		v := obj[kw]
		switch rank {
		case rankProperties, rankPatternProperties, rankDefs, rankDefinitions, rankDependentSchemas:
			m, ok := v.(map[string]any)
			if !ok {
				continue
			}
			start := len(*names)
			for name := range m {
				*names = append(*names, name)
			}
			sorted := (*names)[start:]
			slices.Sort(sorted)
			for i := range sorted {
				name := (*names)[start+i]
				child(m[name], rank, name, -1)
			}
			*names = (*names)[:start]
		case rankAllOf, rankAnyOf, rankOneOf, rankPrefixItems:
			list, _ := v.([]any)
			for i, s := range list {
				child(s, rank, "", i)
			}
		default:
			if list, isList := v.([]any); isList && rank == rankItems {
				// Draft-07 tuple form.
				for i, s := range list {
					child(s, rank, "", i)
				}
				continue
			}
			if isSchema(v) {
				child(v, rank, "", -1)
			}
		}
	}
	return nodes
}

// Pointer returns the JSON pointer of nodes[i], where nodes is what one
// Flatten call appended and its root is at base, followed by extra
// tokens. It is the pointer Walk gives the same node.
func Pointer(nodes []Flat, i int, base string, extra ...string) string {
	// Most pointers have few tokens: they are gathered on the stack and
	// the pointer built once.
	var buf [16]string
	tokens := buf[:0]
	for ; nodes[i].Parent >= 0; i = int(nodes[i].Parent) {
		n := &nodes[i]
		switch {
		case n.Index >= 0:
			tokens = append(tokens, strconv.Itoa(int(n.Index)), n.Keyword())
		case n.Name != "" || named(n.Keyword()):
			tokens = append(tokens, n.Name, n.Keyword())
		default:
			tokens = append(tokens, n.Keyword())
		}
	}
	slices.Reverse(tokens)
	return sdk.Pointer(base, append(tokens, extra...)...)
}

func named(kw string) bool {
	switch kw {
	case "properties", "patternProperties", "$defs", "definitions", "dependentSchemas":
		return true
	}
	return false
}
