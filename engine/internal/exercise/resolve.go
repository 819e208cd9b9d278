package exercise

import (
	"slices"

	"github.com/mcplint/mcplint/internal/jsonref"
)

// resolve follows references ("#/$defs/x", "#anchor", an embedded
// "$id") and merges "allOf" into the schema, so the result can be read
// directly. It returns the schema unchanged when it is not an object, and
// true (any value) when a reference cannot be followed, after noting the
// doubt: one that leads out of the schema or nowhere, round a cycle, or
// past the guard's bounds on chains and fan-outs, which hold for the
// whole tool.
func (g *gen) resolve(schema any) any {
	if g.refs == nil {
		g.refs = jsonref.New(g.root, jsonref.Draft2020)
	}
	entered := 0
	defer func() {
		for range entered {
			g.guard.Leave()
		}
	}()
	for {
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
		res := g.refs.Resolve(m, ref)
		if res.Kind != jsonref.Local || !g.guard.Enter(res.Target) {
			g.unsure = true
			return true
		}
		entered++
		if len(m) == 1 {
			schema = res.Target
			continue
		}
		// Keywords beside $ref apply too (2019-09 and later).
		tm, ok := res.Target.(map[string]any)
		if !ok {
			schema = withoutKey(m, "$ref")
			continue
		}
		schema = merge(tm, withoutKey(m, "$ref"))
	}
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
