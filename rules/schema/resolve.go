package schema

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/mcplint/mcplint/rules/internal/schemawalk"
)

// refKind is what a reference ("$ref", "$dynamicRef", "$recursiveRef")
// leads to.
type refKind int

const (
	// refLocal resolves inside the tool's schema.
	refLocal refKind = iota
	// refUnresolved is meant for this schema but finds nothing there.
	refUnresolved
	// refRemote names another document, which nobody will fetch.
	refRemote
	// refBundled names a JSON Schema metaschema, which validators carry.
	refBundled
)

// refResult is a resolved reference.
type refResult struct {
	kind refKind
	// target is the schema reached (refLocal).
	target any
	// why says what is missing (refUnresolved), for messages.
	why string
	// hint is a likely intended name, or "".
	hint string
	// doc is the other document's absolute URI when known (refRemote).
	doc string
}

// resolver resolves the references of one tool schema. It never fetches
// anything: a reference either lands in the schema itself, names a bundled
// metaschema, or is remote.
type resolver struct {
	d *doc
	// resources maps the absolute URI of each "$id" in the schema to the
	// schema that declares it; built on first need.
	resources map[string]any
	// ids is true when some node below the root declares an "$id" (then
	// bases must be computed per node).
	ids   bool
	built bool
}

func newResolver(d *doc) *resolver { return &resolver{d: d} }

var (
	idKeys     = schemawalk.KeysOf("$id", "id")
	anchorKeys = schemawalk.KeysOf("$anchor", "$dynamicAnchor", "$id", "id")
)

// idKeyword is the keyword that names a schema resource in the dialect.
func (r *resolver) idKeyword() string {
	if r.d.dialect == draft04 {
		return "id"
	}
	return "$id"
}

func (r *resolver) build() {
	if r.built {
		return
	}
	r.built = true
	idKw := r.idKeyword()
	for i := range r.d.nodes {
		if !r.d.nodes[i].Keys.Any(idKeys) {
			continue
		}
		obj := r.d.nodes[i].Object()
		if id, ok := obj[idKw].(string); ok && !strings.HasPrefix(id, "#") {
			if i > 0 {
				r.ids = true
			}
			if base, _ := r.base(i, true); base != nil {
				if r.resources == nil {
					r.resources = map[string]any{}
				}
				r.resources[documentURI(base)] = obj
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
// withSelf counts node i's own "$id": 2019-09 and later resolve a "$ref"
// against its sibling "$id"; draft-07 and earlier ignore a "$ref"'s
// siblings.
func (r *resolver) base(i int, withSelf bool) (*url.URL, any) {
	var chain []int
	start := i
	if !withSelf {
		start = int(r.d.nodes[i].Parent)
	}
	for j := start; j >= 0; j = int(r.d.nodes[j].Parent) {
		chain = append(chain, j)
	}
	idKw := r.idKeyword()
	var base *url.URL
	resource := r.d.root
	for k := len(chain) - 1; k >= 0; k-- {
		obj := r.d.nodes[chain[k]].Object()
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

// resolve follows ref, found at node i.
func (r *resolver) resolve(i int, ref string) refResult {
	r.build()
	if frag, ok := plainFragment(ref); ok && !r.ids {
		// The common "#/$defs/Name": no URI to parse, no base to find.
		return r.fragment(r.d.root, frag)
	}
	u, err := url.Parse(ref)
	if err != nil {
		return refResult{kind: refUnresolved, why: fmt.Sprintf("it is not a valid URI reference (%v)", unwrapURLError(err))}
	}
	withSelf := r.d.dialect == nil || r.d.dialect.since(draft2019)
	resource := r.d.root
	var base *url.URL
	if r.ids || r.resources != nil {
		base, resource = r.base(i, withSelf)
	}
	if u.Scheme == "" && u.Host == "" && u.Path == "" && u.Opaque == "" {
		return r.fragment(resource, u.Fragment)
	}
	abs := u
	if base != nil {
		abs = base.ResolveReference(u)
	}
	if s, ok := r.resources[documentURI(abs)]; ok {
		return r.fragment(s, abs.Fragment)
	}
	docURI := documentURI(abs)
	if isMetaschemaURI(docURI) {
		return refResult{kind: refBundled}
	}
	return refResult{kind: refRemote, doc: docURI}
}

// isMetaschemaURI reports whether uri is one of the JSON Schema
// metaschemas (or 2019-09/2020-12 vocabulary metaschemas), which
// validators carry with them instead of fetching.
func isMetaschemaURI(uri string) bool {
	if dialectByURI(uri) != nil {
		return true
	}
	u := strings.TrimPrefix(strings.TrimPrefix(uri, "https://"), "http://")
	return strings.HasPrefix(u, "json-schema.org/draft/2019-09/meta/") || strings.HasPrefix(u, "json-schema.org/draft/2020-12/meta/")
}

func unwrapURLError(err error) error {
	if ue, ok := err.(*url.Error); ok {
		return ue.Err
	}
	return err
}

// plainFragment returns the fragment of a reference that is only a
// fragment needing no percent-decoding ("#/$defs/Name", "#anchor").
func plainFragment(ref string) (string, bool) {
	if !strings.HasPrefix(ref, "#") || strings.ContainsAny(ref[1:], "%#") {
		return "", false
	}
	return ref[1:], true
}

// fragment resolves a (percent-decoded) fragment inside the resource:
// empty is the resource itself, "/…" a JSON pointer, anything else an
// anchor name.
func (r *resolver) fragment(resource any, frag string) refResult {
	if frag == "" {
		return refResult{kind: refLocal, target: resource}
	}
	if strings.HasPrefix(frag, "/") {
		return walkPointer(resource, frag)
	}
	if t := r.anchor(frag); t != nil {
		return refResult{kind: refLocal, target: t}
	}
	return refResult{kind: refUnresolved, why: fmt.Sprintf("no schema declares the anchor %s", quoteShort(frag)), hint: r.closestAnchor(frag)}
}

// anchor finds the schema that declares name with "$anchor",
// "$dynamicAnchor" or (draft-06/07) "$id": "#name" (draft-04: "id").
func (r *resolver) anchor(name string) any {
	for i := range r.d.nodes {
		if !r.d.nodes[i].Keys.Any(anchorKeys) {
			continue
		}
		obj := r.d.nodes[i].Object()
		for _, kw := range [...]string{"$anchor", "$dynamicAnchor"} {
			if s, ok := obj[kw].(string); ok && s == name {
				return obj
			}
		}
		if s, ok := obj[r.idKeyword()].(string); ok && s == "#"+name {
			return obj
		}
	}
	return nil
}

func (r *resolver) closestAnchor(name string) string {
	var names []string
	for i := range r.d.nodes {
		obj := r.d.nodes[i].Object()
		for _, kw := range [...]string{"$anchor", "$dynamicAnchor"} {
			if s, ok := obj[kw].(string); ok {
				names = append(names, s)
			}
		}
	}
	return closest(name, names)
}

// walkPointer follows an RFC 6901 pointer (already percent-decoded) from
// v. The target must be a schema: an object or a boolean.
func walkPointer(v any, pointer string) refResult {
	cur := v
	tokens := strings.Split(pointer[1:], "/")
	for n, raw := range tokens {
		tok := strings.ReplaceAll(strings.ReplaceAll(raw, "~1", "/"), "~0", "~")
		at := "the schema root"
		if n > 0 {
			at = strconv.Quote(strings.Join(tokens[:n], "/"))
		}
		switch x := cur.(type) {
		case map[string]any:
			next, ok := x[tok]
			if !ok {
				keys := make([]string, 0, len(x))
				for k := range x {
					keys = append(keys, k)
				}
				return refResult{kind: refUnresolved, why: fmt.Sprintf("%s has no %s", at, quoteShort(tok)), hint: closest(tok, keys)}
			}
			cur = next
		case []any:
			idx, err := strconv.Atoi(tok)
			if err != nil || idx < 0 || idx >= len(x) || (len(tok) > 1 && tok[0] == '0') {
				return refResult{kind: refUnresolved, why: fmt.Sprintf("%s is an array of %d and %s is not an index in it", at, len(x), quoteShort(tok))}
			}
			cur = x[idx]
		default:
			return refResult{kind: refUnresolved, why: fmt.Sprintf("%s is %s, which has no members", at, describe(cur))}
		}
	}
	switch cur.(type) {
	case map[string]any, bool:
		return refResult{kind: refLocal, target: cur}
	}
	return refResult{kind: refUnresolved, why: "it points at " + describe(cur) + ", not a schema"}
}

// resolveInPlace resolves a reference met while reading a schema's
// content rather than at a known node: only same-document fragments are
// followed, and only when no subschema declares its own "$id" (which would
// change what the fragment means). ok is false when it cannot tell.
func (r *resolver) resolveInPlace(ref string) (res refResult, ok bool) {
	r.build()
	if r.ids {
		return refResult{}, false
	}
	if frag, ok := plainFragment(ref); ok {
		return r.fragment(r.d.root, frag), true
	}
	u, err := url.Parse(ref)
	if err != nil || u.Scheme != "" || u.Host != "" || u.Path != "" || u.Opaque != "" {
		return refResult{}, false
	}
	return r.fragment(r.d.root, u.Fragment), true
}
