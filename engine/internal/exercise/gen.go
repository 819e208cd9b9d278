package exercise

import (
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/mcplint/mcplint/internal/jsonref"
)

// maxDepth bounds how deep generated values nest: a recursive schema
// ({"$ref": "#"} under a property) is cut there.
const maxDepth = 8

// gen generates values from one tool's input schema. Variant v picks
// among the valid values a schema allows, so happy-1, happy-2 and happy-3
// differ where the schema lets them: happy-1 sends the required
// properties with middle-of-the-range values, happy-2 every property,
// happy-3 the required ones and every other optional one, at the bounds.
type gen struct {
	root map[string]any
	// refs resolves the root's references, and guard bounds following
	// them.
	refs  *jsonref.Doc
	guard jsonref.Guard
	rng   *rand.Rand
	// plain ignores "examples" and "default", for when one of them does not
	// fit its own schema.
	plain bool
	// unsure is set when a value may not satisfy its schema: a pattern
	// mcplint could not satisfy, a reference it could not follow.
	unsure bool
	// regexps caches compiled patterns.
	regexps map[string]*regexp.Regexp
	// tool is the tool's name and readOnly whether it declares itself
	// read-only: they decide what a path argument points at.
	tool     string
	readOnly bool
	// roots are the folders the server may touch, for path arguments.
	roots Roots
	// exclusive are the pairs of top-level options that go one at a time.
	exclusive map[[2]string]bool
}

// pick chooses among n values: in order for the first variants, so
// happy-1 and happy-2 are predictable, then from the seeded generator.
func (g *gen) pick(v, n int) int {
	if v < 2 {
		return v % n
	}
	return g.rng.IntN(n)
}

// value generates a value for schema; hint is the property name it is for,
// which picks plausible strings ("city" gets a city).
func (g *gen) value(schema any, hint string, v, depth int) any {
	s := g.resolve(schema)
	switch s := s.(type) {
	case bool:
		if !s {
			g.unsure = true // no value satisfies false
		}
		return g.text(hint, v)
	case map[string]any:
		return g.fromObject(s, hint, v, depth)
	}
	return g.text(hint, v)
}

func (g *gen) fromObject(s map[string]any, hint string, v, depth int) any {
	if c, ok := s["const"]; ok {
		return c
	}
	if list, ok := s["enum"].([]any); ok && len(list) > 0 {
		return list[g.pick(v, len(list))]
	}
	if t := typeFor(s); (t == "number" || t == "integer") && waits(hint) {
		return g.shortest(s, t == "integer")
	}
	if !g.plain && v == 0 {
		if ex, ok := s["examples"].([]any); ok && len(ex) > 0 {
			return ex[0]
		}
		if d, ok := s["default"]; ok {
			return d
		}
	}
	for _, kw := range []string{"anyOf", "oneOf"} {
		branches, ok := s[kw].([]any)
		if !ok || len(branches) == 0 {
			continue
		}
		// A null branch is the least useful call: prefer the others.
		var useful []any
		for _, b := range branches {
			if bm, ok := g.resolve(b).(map[string]any); !ok || !slices.Equal(typesOf(bm), []string{"null"}) {
				useful = append(useful, b)
			}
		}
		if len(useful) == 0 {
			useful = branches
		}
		branch := g.resolve(useful[v%len(useful)])
		if bm, ok := branch.(map[string]any); ok {
			return g.fromObject(merge(bm, withoutKey(withoutKey(s, "anyOf"), "oneOf")), hint, v, depth)
		}
		return g.value(branch, hint, v, depth)
	}
	switch typeFor(s) {
	case "object":
		switch {
		case depth >= 2*maxDepth:
			g.unsure = true
			return map[string]any{}
		case depth >= maxDepth:
			// Deep enough: the required properties alone end a recursive
			// schema unless they recurse themselves.
			return g.object(s, 0, depth+1)
		}
		return g.object(s, v, depth+1)
	case "array":
		return g.array(s, hint, v, depth)
	case "integer":
		return g.number(s, true, v)
	case "number":
		return g.number(s, false, v)
	case "boolean":
		return v%2 == 0
	case "null":
		return nil
	}
	return g.str(s, hint, v)
}

// typeFor picks the type to generate: the first declared one that is not
// "null", or one read from the keywords present.
func typeFor(s map[string]any) string {
	types := typesOf(s)
	for _, t := range types {
		if t != "null" {
			return t
		}
	}
	if len(types) > 0 {
		return "null"
	}
	has := func(keys ...string) bool {
		for _, k := range keys {
			if _, ok := s[k]; ok {
				return true
			}
		}
		return false
	}
	switch {
	case has("properties", "required", "additionalProperties", "minProperties", "maxProperties", "patternProperties"):
		return "object"
	case has("items", "prefixItems", "minItems", "maxItems", "uniqueItems", "contains"):
		return "array"
	case has("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"):
		return "number"
	}
	return "string"
}

// object generates an object: the required properties, and the optional
// ones variant v asks for.
func (g *gen) object(s map[string]any, v, depth int) map[string]any {
	props, _ := s["properties"].(map[string]any)
	required := requiredOf(s)
	out := map[string]any{}
	for _, name := range required {
		ps, ok := props[name]
		if !ok {
			// Required but never described: whatever additionalProperties
			// allows, else a string.
			switch ap := s["additionalProperties"].(type) {
			case bool:
				if !ap {
					g.unsure = true
				}
				ps = true
			case map[string]any:
				ps = ap
			default:
				ps = true
			}
		}
		out[name] = g.value(ps, name, v, depth)
	}
	optional := []string{}
	for _, name := range sortedKeys(props) {
		if !slices.Contains(required, name) {
			optional = append(optional, name)
		}
	}
	for i, name := range optional {
		if (v%3 == 1 || (v%3 == 2 && i%2 == 0) || g.waitsFor(props[name], name)) && !g.excluded(name, out, depth) {
			out[name] = g.value(props[name], name, v, depth)
		}
	}
	if lo, ok := count(s, "minProperties"); ok {
		for _, name := range optional {
			if len(out) >= lo {
				break
			}
			if _, done := out[name]; !done {
				out[name] = g.value(props[name], name, v, depth)
			}
		}
		for i := 1; len(out) < lo; i++ {
			if ap, ok := s["additionalProperties"].(bool); ok && !ap {
				g.unsure = true
				break
			}
			out["extra"+strconv.Itoa(i)] = "example"
		}
	}
	if hi, ok := count(s, "maxProperties"); ok {
		for i := len(optional) - 1; i >= 0 && len(out) > hi; i-- {
			delete(out, optional[i])
		}
	}
	return out
}

// excluded reports whether a top-level option is an alternative to one the
// arguments already hold.
func (g *gen) excluded(name string, args map[string]any, depth int) bool {
	if depth != 0 || len(g.exclusive) == 0 {
		return false
	}
	for other := range args {
		if g.exclusive[[2]string{name, other}] {
			return true
		}
	}
	return false
}

func (g *gen) array(s map[string]any, hint string, v, depth int) []any {
	lo, _ := count(s, "minItems")
	hi, bounded := count(s, "maxItems")
	n := max(lo, 1)
	if v%3 == 1 {
		n = max(lo, 2)
	}
	if bounded && n > hi {
		n = hi
	}
	if depth >= maxDepth {
		n = lo
		g.unsure = g.unsure || lo > 0
	}
	var prefix []any
	var rest any = true
	if p, ok := s["prefixItems"].([]any); ok {
		prefix = p
		if it, ok := s["items"]; ok {
			rest = it
		}
	} else if p, ok := s["items"].([]any); ok {
		prefix = p // draft 7 tuple form
		if ai, ok := s["additionalItems"]; ok {
			rest = ai
		}
	} else if it, ok := s["items"]; ok {
		rest = it
	}
	if len(prefix) > n && (!bounded || len(prefix) <= hi) {
		n = len(prefix)
	}
	unique, _ := s["uniqueItems"].(bool)
	item := singular(hint)
	out := make([]any, 0, n)
	for i := range n {
		schema := rest
		if i < len(prefix) {
			schema = prefix[i]
		}
		var x any
		for attempt := range 8 {
			x = g.value(schema, item, v+i+attempt, depth+1)
			if !unique || !slices.ContainsFunc(out, func(y any) bool { return string(mustJSON(y)) == string(mustJSON(x)) }) {
				break
			}
		}
		out = append(out, x)
	}
	return out
}

func singular(name string) string {
	if s, ok := strings.CutSuffix(name, "ies"); ok {
		return s + "y"
	}
	if s, ok := strings.CutSuffix(name, "s"); ok && len(s) > 1 {
		return s
	}
	return name
}
