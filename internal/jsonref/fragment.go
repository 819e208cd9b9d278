package jsonref

import (
	"strconv"
	"strings"

	"github.com/mcplint/mcplint/internal/suggest"
)

// Reason is why a reference finds nothing.
type Reason int

const (
	// BadURI: the reference is not a URI reference (Miss.Err says why).
	BadURI Reason = iota + 1
	// NoAnchor: no schema declares the anchor Miss.Token.
	NoAnchor
	// NoMember: the object the pointer reached has no member Miss.Token.
	NoMember
	// NoIndex: the pointer reached an array (Miss.Value) and Miss.Token is
	// not an index in it.
	NoIndex
	// NoMembers: the pointer reached a string, number, boolean or null
	// (Miss.Value) and has tokens left.
	NoMembers
	// NotSchema: the pointer reached a value that is not a schema
	// (Miss.Value): a schema is an object or a boolean.
	NotSchema
)

// Miss is why a reference meant for this document finds nothing in it.
type Miss struct {
	Reason Reason
	// Err is the parse error (BadURI).
	Err error
	// Token is the anchor name (NoAnchor) or the pointer token, unescaped,
	// that finds nothing (NoMember, NoIndex, NoMembers).
	Token string
	// Step is how many pointer tokens were followed before Token, and At
	// those tokens as the reference spells them, joined by "/".
	Step int
	At   string
	// Value is what the pointer reached (NoIndex, NoMembers, NotSchema).
	Value any
}

// fragment resolves a (percent-decoded) fragment inside the resource:
// empty is the resource itself, "/…" a JSON pointer, anything else an
// anchor name.
func (d *Doc) fragment(resource any, frag string) Result {
	if frag == "" {
		return Result{Kind: Local, Target: resource}
	}
	if strings.HasPrefix(frag, "/") {
		return walkPointer(resource, frag)
	}
	if t := d.anchor(resource, frag); t != nil {
		return Result{Kind: Local, Target: t}
	}
	return Result{Kind: Unresolved, Miss: Miss{Reason: NoAnchor, Token: frag}, Hint: d.closestAnchor(frag)}
}

// anchor finds the schema of the resource that declares name with
// "$anchor", "$dynamicAnchor" or (draft-06/07) "$id": "#name" (draft-04:
// "id"). An anchor belongs to the nearest schema around it (itself
// included) that declares an "$id", else to the root: two resources may
// each declare the same name.
func (d *Doc) anchor(resource any, name string) any {
	for i := range d.nodes {
		if !d.nodes[i].Keys.Any(anchorKeys) {
			continue
		}
		obj := d.nodes[i].Object()
		for _, kw := range [...]string{"$anchor", "$dynamicAnchor"} {
			if s, ok := obj[kw].(string); ok && s == name && d.inResource(i, resource) {
				return obj
			}
		}
		if s, ok := obj[d.draft.idKeyword()].(string); ok && s == "#"+name && d.inResource(i, resource) {
			return obj
		}
	}
	return nil
}

// inResource reports whether node i belongs to the schema resource
// resource.
func (d *Doc) inResource(i int, resource any) bool {
	if !d.ids {
		return true
	}
	_, r := d.base(i, true)
	return identity(r) == identity(resource)
}

func (d *Doc) closestAnchor(name string) string {
	var names []string
	for i := range d.nodes {
		obj := d.nodes[i].Object()
		for _, kw := range [...]string{"$anchor", "$dynamicAnchor"} {
			if s, ok := obj[kw].(string); ok {
				names = append(names, s)
			}
		}
	}
	return suggest.Closest(name, names)
}

// walkPointer follows an RFC 6901 pointer (already percent-decoded) from
// v. The target must be a schema: an object or a boolean.
func walkPointer(v any, pointer string) Result {
	cur := v
	tokens := strings.Split(pointer[1:], "/")
	for n, raw := range tokens {
		tok := raw
		if strings.Contains(raw, "~") {
			tok = strings.ReplaceAll(strings.ReplaceAll(raw, "~1", "/"), "~0", "~")
		}
		miss := func(r Reason, value any) Result {
			return Result{Kind: Unresolved, Miss: Miss{Reason: r, Token: tok, Step: n, At: strings.Join(tokens[:n], "/"), Value: value}}
		}
		switch x := cur.(type) {
		case map[string]any:
			next, ok := x[tok]
			if !ok {
				keys := make([]string, 0, len(x))
				for k := range x {
					keys = append(keys, k)
				}
				res := miss(NoMember, nil)
				res.Hint = suggest.Closest(tok, keys)
				return res
			}
			cur = next
		case []any:
			idx, ok := arrayIndex(tok)
			if !ok || idx >= len(x) {
				return miss(NoIndex, x)
			}
			cur = x[idx]
		default:
			return miss(NoMembers, cur)
		}
	}
	switch cur.(type) {
	case map[string]any, bool:
		return Result{Kind: Local, Target: cur}
	}
	return Result{Kind: Unresolved, Miss: Miss{Reason: NotSchema, Step: len(tokens), At: pointer[1:], Value: cur}}
}

// arrayIndex reads an RFC 6901 array index: "0", or digits without a
// leading zero ("01", "+1", "-0" and "1e0" are member names, not indices).
func arrayIndex(tok string) (int, bool) {
	if tok == "" || (len(tok) > 1 && tok[0] == '0') {
		return 0, false
	}
	for _, c := range []byte(tok) {
		if c < '0' || c > '9' {
			return 0, false
		}
	}
	n, err := strconv.Atoi(tok)
	return n, err == nil
}
