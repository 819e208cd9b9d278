package exercise

import (
	"net/url"
	"slices"
	"strings"
)

// maxRefHops bounds a chain of references ({"$ref": "#/$defs/a"} where a
// is {"$ref": "#/$defs/b"} …), cycles included.
const maxRefHops = 32

// resolve follows local references ("#", "#/$defs/x", "#anchor") and
// merges "allOf" into the schema, so the result can be read directly.
// It returns the schema unchanged when it is not an object, and true (any
// value) when a reference cannot be followed, after noting the doubt.
func (g *gen) resolve(schema any) any {
	for range maxRefHops {
		m, ok := schema.(map[string]any)
		if !ok {
			return schema
		}
		if all, ok := m["allOf"].([]any); ok {
			merged := withoutKey(m, "allOf")
			for _, sub := range all {
				if sm, ok := g.resolve(sub).(map[string]any); ok {
					merged = merge(merged, sm)
				}
			}
			schema = merged
			continue
		}
		ref, ok := m["$ref"].(string)
		if !ok {
			return m
		}
		target, found := g.lookup(ref)
		if !found {
			g.unsure = true
			return true
		}
		if len(m) == 1 {
			schema = target
			continue
		}
		// Keywords beside $ref apply too (2019-09 and later).
		tm, ok := target.(map[string]any)
		if !ok {
			schema = withoutKey(m, "$ref")
			continue
		}
		schema = merge(tm, withoutKey(m, "$ref"))
	}
	g.unsure = true
	return true
}

// lookup finds a local reference in the root schema.
func (g *gen) lookup(ref string) (any, bool) {
	frag, ok := strings.CutPrefix(ref, "#")
	if !ok || g.root == nil {
		return nil, false
	}
	if frag == "" {
		return g.root, true
	}
	if !strings.HasPrefix(frag, "/") {
		return findAnchor(g.root, frag, 0)
	}
	var cur any = g.root
	for _, tok := range strings.Split(frag[1:], "/") {
		if t, err := url.PathUnescape(tok); err == nil {
			tok = t
		}
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch c := cur.(type) {
		case map[string]any:
			next, ok := c[tok]
			if !ok {
				return nil, false
			}
			cur = next
		case []any:
			i := 0
			for _, r := range tok {
				if r < '0' || r > '9' {
					return nil, false
				}
				i = i*10 + int(r-'0')
				if i >= len(c) {
					return nil, false
				}
			}
			if tok == "" {
				return nil, false
			}
			cur = c[i]
		default:
			return nil, false
		}
	}
	return cur, true
}

// findAnchor finds the subschema whose "$anchor" is name.
func findAnchor(v any, name string, depth int) (any, bool) {
	if depth > 64 {
		return nil, false
	}
	switch c := v.(type) {
	case map[string]any:
		if a, _ := c["$anchor"].(string); a == name {
			return c, true
		}
		for _, k := range sortedKeys(c) {
			if found, ok := findAnchor(c[k], name, depth+1); ok {
				return found, true
			}
		}
	case []any:
		for _, x := range c {
			if found, ok := findAnchor(x, name, depth+1); ok {
				return found, true
			}
		}
	}
	return nil, false
}

// merge combines two schemas that must both hold: properties and required
// lists are joined, a's other keywords win over b's.
func merge(a, b map[string]any) map[string]any {
	out := make(map[string]any, len(a)+len(b))
	for k, v := range b {
		out[k] = v
	}
	for k, v := range a {
		out[k] = v
	}
	pa, _ := a["properties"].(map[string]any)
	pb, _ := b["properties"].(map[string]any)
	if pa != nil && pb != nil {
		props := make(map[string]any, len(pa)+len(pb))
		for k, v := range pb {
			props[k] = v
		}
		for k, v := range pa {
			props[k] = v
		}
		out["properties"] = props
	}
	ra, _ := a["required"].([]any)
	rb, _ := b["required"].([]any)
	if ra != nil && rb != nil {
		req := slices.Clone(ra)
		for _, r := range rb {
			if !slices.Contains(req, r) {
				req = append(req, r)
			}
		}
		out["required"] = req
	}
	return out
}

func withoutKey(m map[string]any, key string) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		if k != key {
			out[k] = v
		}
	}
	return out
}
