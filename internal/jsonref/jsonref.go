// Package jsonref resolves the references of a JSON Schema ("$ref",
// "$dynamicRef", "$recursiveRef") inside the schema document itself, as a
// JSON decoder gives it (map[string]any, []any, string, float64, bool,
// nil). It never fetches anything: a reference lands in the document, names
// another document (Remote, with that document's URI), or finds nothing
// (Unresolved, with the step that failed and a likely intended name).
//
// A reference is read as JSON Schema reads it: resolved against the base
// URI in effect where it sits (the "$id"s of the schemas around it), its
// fragment percent-decoded, then either a JSON pointer (RFC 6901, "~1" and
// "~0" unescaped, array indices without leading zeros) or an anchor
// ("$anchor", "$dynamicAnchor", or a draft-04 to draft-07 "$id": "#name").
// Only schemas count: an "$id" or "$anchor" inside an "enum", a "const" or
// an unknown keyword declares nothing, and a pointer must reach an object
// or a boolean.
//
// Resolve follows one reference. A traversal that follows references from
// target to target bounds itself with a Guard, which ends cycles, chains
// longer than MaxHops and fan-outs past MaxSteps.
package jsonref

import (
	"net/url"
	"reflect"
	"strings"
	"sync"

	"github.com/mcplint/mcplint/internal/schemawalk"
)

// Draft is the JSON Schema dialect whose rules of identification apply.
// The zero value is 2020-12, which MCP assumes for a schema without
// "$schema" and which stands for a "$schema" that names no known draft.
type Draft int

const (
	Draft2020 Draft = iota
	Draft2019
	Draft7
	Draft6
	Draft4
)

// idKeyword is the keyword that names a schema resource.
func (d Draft) idKeyword() string {
	if d == Draft4 {
		return "id"
	}
	return "$id"
}

// refWithSiblings is true when a reference is resolved against its
// sibling "$id": 2019-09 and later; draft-07 and earlier ignore every
// keyword beside "$ref".
func (d Draft) refWithSiblings() bool { return d == Draft2020 || d == Draft2019 }

// Kind is what a reference leads to.
type Kind int

const (
	// Local is a schema inside the document.
	Local Kind = iota
	// Unresolved is a reference meant for this document that finds
	// nothing in it.
	Unresolved
	// Remote names another document, which nobody fetches.
	Remote
	// Unknown is a reference whose base cannot be told: the schema holding
	// it is not one of the document's subschemas, and subschemas declare
	// "$id"s of their own.
	Unknown
)

// Result is a resolved reference.
type Result struct {
	Kind Kind
	// Target is the schema reached (Local): an object or a boolean.
	Target any
	// Miss says why nothing was reached (Unresolved).
	Miss Miss
	// Hint is a likely intended name (Unresolved), or "".
	Hint string
	// Doc is the other document's absolute URI without its fragment
	// (Remote).
	Doc string
}

// Doc is one schema document, indexed on first need. It is safe for
// concurrent use.
type Doc struct {
	root  any
	draft Draft
	once  sync.Once
	// nodes are the document's subschemas as schemawalk.Flatten lists
	// them; nil until needed unless given.
	nodes []schemawalk.Flat
	// ids is true when a subschema below the root declares an "$id", so
	// that a reference's base depends on where it sits.
	ids bool
	// resources maps the absolute URI of each "$id" to the schema that
	// declares it.
	resources map[string]any
	// holders maps each subschema holding a reference to its node, for
	// bases (when ids).
	holders map[uintptr]int
}

// New returns the document whose root schema is root.
func New(root any, draft Draft) *Doc { return &Doc{root: root, draft: draft} }

// NewFlattened is New for a caller that already holds the document's
// subschemas: nodes must be what schemawalk.Flatten(nil, root) returns.
func NewFlattened(root any, draft Draft, nodes []schemawalk.Flat) *Doc {
	return &Doc{root: root, draft: draft, nodes: nodes}
}

var (
	idKeys     = schemawalk.KeysOf("$id", "id")
	anchorKeys = schemawalk.KeysOf("$anchor", "$dynamicAnchor", "$id", "id")
	refKeys    = schemawalk.KeysOf("$ref", "$dynamicRef", "$recursiveRef")
)

func (d *Doc) build() { d.once.Do(d.index) }

func (d *Doc) index() {
	if d.nodes == nil {
		d.nodes = schemawalk.Flatten(nil, d.root)
	}
	idKw := d.draft.idKeyword()
	for i := range d.nodes {
		if !d.nodes[i].Keys.Any(idKeys) {
			continue
		}
		obj := d.nodes[i].Object()
		if id, ok := obj[idKw].(string); ok && !strings.HasPrefix(id, "#") {
			if i > 0 {
				d.ids = true
			}
			if base, _ := d.base(i, true); base != nil {
				if d.resources == nil {
					d.resources = map[string]any{}
				}
				d.resources[documentURI(base)] = obj
			}
		}
	}
	if d.ids {
		d.holders = map[uintptr]int{}
		for i := range d.nodes {
			if d.nodes[i].Keys.Any(refKeys) {
				d.holders[identity(d.nodes[i].Schema)] = i
			}
		}
	}
}

// documentURI is an absolute URI without its fragment.
func documentURI(u *url.URL) string {
	c := *u
	c.Fragment, c.RawFragment = "", ""
	return c.String()
}

// base returns the base URI in effect at node i and the schema resource
// that holds it (the nearest ancestor declaring an "$id", else the root).
// withSelf counts node i's own "$id".
func (d *Doc) base(i int, withSelf bool) (*url.URL, any) {
	var chain []int
	start := i
	if !withSelf {
		start = int(d.nodes[i].Parent)
	}
	for j := start; j >= 0; j = int(d.nodes[j].Parent) {
		chain = append(chain, j)
	}
	idKw := d.draft.idKeyword()
	var base *url.URL
	resource := d.root
	for k := len(chain) - 1; k >= 0; k-- {
		obj := d.nodes[chain[k]].Object()
		id, ok := obj[idKw].(string)
		if !ok || strings.HasPrefix(id, "#") {
			continue
		}
		u, err := url.Parse(id)
		if err != nil {
			continue
		}
		if base != nil {
			u = base.ResolveReference(u)
		}
		base, resource = u, obj
	}
	return base, resource
}

// holder returns the node of the subschema from, which holds a reference.
func (d *Doc) holder(from any) (int, bool) {
	obj, ok := from.(map[string]any)
	if !ok {
		return 0, false
	}
	i, ok := d.holders[identity(obj)]
	return i, ok
}

// identity is what tells two schema objects apart: the map itself.
func identity(v any) uintptr {
	if m, ok := v.(map[string]any); ok {
		return reflect.ValueOf(m).Pointer()
	}
	return 0
}

// Resolve follows ref, the value of a reference keyword of the subschema
// from (an object of this document).
func (d *Doc) Resolve(from any, ref string) Result {
	d.build()
	if frag, ok := plainFragment(ref); ok && !d.ids {
		// The common "#/$defs/Name": no URI to parse, no base to find.
		return d.fragment(d.root, frag)
	}
	u, err := url.Parse(ref)
	if err != nil {
		if ue, ok := err.(*url.Error); ok {
			err = ue.Err
		}
		return Result{Kind: Unresolved, Miss: Miss{Reason: BadURI, Err: err}}
	}
	resource := d.root
	var base *url.URL
	if d.ids {
		i, ok := d.holder(from)
		if !ok {
			return Result{Kind: Unknown}
		}
		base, resource = d.base(i, d.draft.refWithSiblings())
	} else if d.resources != nil {
		// Only the root declares an "$id": it is every reference's base.
		base, resource = d.base(0, true)
	}
	if u.Scheme == "" && u.Host == "" && u.Path == "" && u.Opaque == "" {
		return d.fragment(resource, u.Fragment)
	}
	abs := u
	if base != nil {
		abs = base.ResolveReference(u)
	}
	docURI := documentURI(abs)
	if s, ok := d.resources[docURI]; ok {
		return d.fragment(s, abs.Fragment)
	}
	return Result{Kind: Remote, Doc: docURI}
}

// plainFragment returns the fragment of a reference that is only a
// fragment needing no percent-decoding ("#/$defs/Name", "#anchor").
func plainFragment(ref string) (string, bool) {
	if !strings.HasPrefix(ref, "#") || strings.ContainsAny(ref[1:], "%#") {
		return "", false
	}
	return ref[1:], true
}
