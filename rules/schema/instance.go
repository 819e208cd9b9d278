package schema

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/mcplint/mcplint/internal/jsonref"
	"github.com/mcplint/mcplint/internal/plural"
	"github.com/mcplint/mcplint/internal/schemawalk"
)

// outcome is what validating a value found. Only fail is reported: maybe
// means the validator could not tell (a reference it will not follow, a
// regular expression RE2 cannot run), and is never turned into a finding.
type outcome int

const (
	pass outcome = iota
	fail
	maybe
)

// mismatch says why a value fails: where in the value, what, and what to
// do about it.
type mismatch struct {
	at  string // path in the value: "" for the value itself, ".a[2]"
	why string
	fix string
}

// instanceValidator checks a value (a "default", an example) against the
// schema it sits in. It implements the assertions of JSON Schema that
// decide most mismatches (type, enum, const, numeric and length bounds,
// pattern, items, properties, required, composition, local $ref) and
// treats every keyword it does not implement as satisfied, so it can miss
// a mismatch but never invents one.
type instanceValidator struct {
	d       *dialect
	r       *jsonref.Doc
	regexps map[string]*regexp.Regexp
	// quiet is above zero while a result only decides a branch ("anyOf",
	// "not", "if"), so failures skip building a message nobody reads.
	quiet int
	// steps counts the schemas visited for one value: references can make
	// a small schema a graph whose paths grow exponentially
	// ({"anyOf": [{"$ref": "#"}, {"$ref": "#"}]}), so past maxSteps the
	// answer is maybe.
	steps int
}

const maxSteps = 10000

// reset points the validator at another tool schema, keeping its compiled
// regular expressions.
func (c *instanceValidator) reset(d *doc) {
	c.d = d.dialect
	if c.d == nil {
		c.d = defaultDialect
	}
	c.r = d.refs
}

func (c *instanceValidator) regexp(pattern string) *regexp.Regexp {
	if c.regexps == nil {
		c.regexps = map[string]*regexp.Regexp{}
	}
	re, ok := c.regexps[pattern]
	if !ok {
		re, _ = regexp.Compile(pattern)
		c.regexps[pattern] = re
	}
	return re
}

// and folds one outcome into an accumulated one: a failure wins, then
// uncertainty.
func and(acc outcome, accWhy mismatch, o outcome, why mismatch) (outcome, mismatch) {
	if acc == fail {
		return acc, accWhy
	}
	if o == fail {
		return fail, why
	}
	if o == maybe {
		return maybe, accWhy
	}
	return acc, accWhy
}

// schemaObj is a schema object with the set of its keywords, so that the
// many keywords a validator asks about and the schema lacks cost no map
// lookup.
type schemaObj struct {
	m    map[string]any
	keys schemawalk.Keys
}

func (s schemaObj) get(kw string) (any, bool) {
	if !s.keys.Any(schemawalk.KeyOf(kw)) {
		return nil, false
	}
	v, ok := s.m[kw]
	return v, ok
}

func (s schemaObj) str(kw string) (string, bool) {
	v, _ := s.get(kw)
	x, ok := v.(string)
	return x, ok
}

func (s schemaObj) num(kw string) (float64, bool) {
	v, _ := s.get(kw)
	return asFloat(v)
}

func (s schemaObj) list(kw string) ([]any, bool) {
	v, _ := s.get(kw)
	x, ok := v.([]any)
	return x, ok
}

func (s schemaObj) object(kw string) (map[string]any, bool) {
	v, _ := s.get(kw)
	x, ok := v.(map[string]any)
	return x, ok
}

func (s schemaObj) flag(kw string) (bool, bool) {
	v, _ := s.get(kw)
	x, ok := v.(bool)
	return x, ok
}

// validateNode validates v against a flattened node, whose keywords are
// known.
func (c *instanceValidator) validateNode(v any, n *schemawalk.Flat) (outcome, mismatch) {
	c.steps = 0
	if obj := n.Object(); obj != nil {
		return c.object(v, schemaObj{obj, n.Keys}, "", 0)
	}
	return c.validate(v, n.Schema, "", 0)
}

func (c *instanceValidator) validate(v, schema any, at string, depth int) (outcome, mismatch) {
	switch s := schema.(type) {
	case bool:
		if s {
			return pass, mismatch{}
		}
		return fail, mismatch{at: at, why: "the schema is false, which accepts nothing", fix: "remove the value"}
	case map[string]any:
		if depth > schemawalk.MaxDepth {
			return maybe, mismatch{}
		}
		return c.object(v, schemaObj{s, schemawalk.KeysOfObject(s)}, at, depth)
	}
	return maybe, mismatch{}
}

func (c *instanceValidator) object(v any, s schemaObj, at string, depth int) (outcome, mismatch) {
	if c.steps++; c.steps > maxSteps {
		return maybe, mismatch{}
	}
	res, why := pass, mismatch{}
	if !s.keys.Any(evaluated) {
		return res, why
	}
	if ref, ok := s.str("$ref"); ok {
		o, w := maybe, mismatch{}
		if r := resolveRef(c.r, s.m, ref); r.Kind == jsonref.Local {
			o, w = c.validate(v, r.Target, at, depth+1)
		}
		if !c.d.since(draft2019) {
			// Before 2019-09 a "$ref" replaces its siblings.
			return o, w
		}
		res, why = and(res, why, o, w)
	}
	for _, kw := range [...]string{"$dynamicRef", "$recursiveRef"} {
		if _, ok := s.get(kw); ok {
			res, why = and(res, why, maybe, mismatch{})
		}
	}
	o, w := pass, mismatch{}
	if s.keys.Any(valueKeys) {
		o, w = c.typeAndValue(v, s, at)
		if res, why = and(res, why, o, w); res == fail {
			return res, why
		}
	}
	o, w = pass, mismatch{}
	switch x := v.(type) {
	case float64:
		if s.keys.Any(numberKeys) {
			o, w = c.number(x, s, at)
		}
	case string:
		if s.keys.Any(stringKeys) {
			o, w = c.str(x, s, at)
		}
	case []any:
		if s.keys.Any(arrayKeys) {
			o, w = c.array(x, s, at, depth)
		}
	case map[string]any:
		if s.keys.Any(objectKeys) {
			o, w = c.props(x, s, at, depth)
		}
	}
	if res, why = and(res, why, o, w); res == fail || !s.keys.Any(compositionKeys) {
		return res, why
	}
	o, w = c.composition(v, s, at, depth)
	return and(res, why, o, w)
}

// The keywords each part of the validator reads, so that a schema without
// any of them skips that part.
var (
	valueKeys       = schemawalk.KeysOf("type", "enum", "const")
	numberKeys      = schemawalk.KeysOf("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf")
	stringKeys      = schemawalk.KeysOf("minLength", "maxLength", "pattern")
	arrayKeys       = schemawalk.KeysOf("minItems", "maxItems", "uniqueItems", "items", "prefixItems", "additionalItems")
	objectKeys      = schemawalk.KeysOf("required", "minProperties", "maxProperties", "properties", "patternProperties", "additionalProperties")
	compositionKeys = schemawalk.KeysOf("allOf", "anyOf", "oneOf", "not", "if")
	evaluated       = valueKeys | numberKeys | stringKeys | arrayKeys | objectKeys | compositionKeys |
		schemawalk.KeysOf("$ref", "$dynamicRef", "$recursiveRef")
)

// fail reports a failure, explained only when someone will read it.
func (c *instanceValidator) fail(explain func() mismatch) (outcome, mismatch) {
	if c.quiet > 0 {
		return fail, mismatch{}
	}
	return fail, explain()
}

// explain builds a mismatch's message.
func explain(at, fix, format string, args ...any) mismatch {
	return mismatch{at: at, why: fmt.Sprintf(format, args...), fix: fix}
}

func (c *instanceValidator) typeAndValue(v any, s schemaObj, at string) (outcome, mismatch) {
	if t, ok := s.get("type"); ok {
		var names []string
		switch x := t.(type) {
		case string:
			names = []string{x}
		case []any:
			for _, item := range x {
				if n, ok := item.(string); ok {
					names = append(names, n)
				}
			}
		}
		if len(names) > 0 && !hasType(v, names) {
			want := strings.Join(names, " or ")
			return c.fail(func() mismatch {
				return explain(at, fmt.Sprintf("use a value of type %s, or add %q to \"type\"", want, kindOf(v)),
					"%s is %s, but \"type\" is %s", valueName(at), describe(v), compactJSON(t))
			})
		}
	}
	if e, ok := s.list("enum"); ok {
		found := false
		for _, allowed := range e {
			if equalJSON(v, allowed) {
				found = true
				break
			}
		}
		if !found {
			return c.fail(func() mismatch {
				return explain(at, "use one of the \"enum\" values: "+listValues(e, 5), "%s is %s, which is not in \"enum\" %s", valueName(at), describe(v), listValues(e, 5))
			})
		}
	}
	if cv, ok := s.get("const"); ok && c.d.since(draft06) && !equalJSON(v, cv) {
		return c.fail(func() mismatch {
			return explain(at, "use "+compactJSON(cv), "%s is %s, but \"const\" is %s", valueName(at), describe(v), compactJSON(cv))
		})
	}
	return pass, mismatch{}
}

func hasType(v any, names []string) bool {
	k := kindOf(v)
	for _, n := range names {
		if n == k || n == "number" && k == "integer" {
			return true
		}
	}
	return false
}

func valueName(at string) string {
	return "the value" + at
}

// listValues renders up to max values of a list for a message.
func listValues(list []any, max int) string {
	parts := make([]string, 0, max+1)
	for i, v := range list {
		if i == max {
			parts = append(parts, "…")
			break
		}
		parts = append(parts, compactJSON(v))
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

func (c *instanceValidator) number(f float64, s schemaObj, at string) (outcome, mismatch) {
	num := s.num
	exclusive := func(kw string) bool { b, _ := s.flag(kw); return b && c.d == draft04 }
	if m, ok := num("minimum"); ok {
		if f < m {
			return c.fail(func() mismatch {
				return explain(at, fmt.Sprintf("use %v or more", m), "%s is %v, below \"minimum\" %v", valueName(at), f, m)
			})
		}
		if f == m && exclusive("exclusiveMinimum") {
			return c.fail(func() mismatch {
				return explain(at, fmt.Sprintf("use a value greater than %v", m), "%s is %v, but \"minimum\" %v is exclusive", valueName(at), f, m)
			})
		}
	}
	if m, ok := num("maximum"); ok {
		if f > m {
			return c.fail(func() mismatch {
				return explain(at, fmt.Sprintf("use %v or less", m), "%s is %v, above \"maximum\" %v", valueName(at), f, m)
			})
		}
		if f == m && exclusive("exclusiveMaximum") {
			return c.fail(func() mismatch {
				return explain(at, fmt.Sprintf("use a value less than %v", m), "%s is %v, but \"maximum\" %v is exclusive", valueName(at), f, m)
			})
		}
	}
	if m, ok := num("exclusiveMinimum"); ok && c.d.since(draft06) && f <= m {
		return c.fail(func() mismatch {
			return explain(at, fmt.Sprintf("use a value greater than %v", m), "%s is %v, not above \"exclusiveMinimum\" %v", valueName(at), f, m)
		})
	}
	if m, ok := num("exclusiveMaximum"); ok && c.d.since(draft06) && f >= m {
		return c.fail(func() mismatch {
			return explain(at, fmt.Sprintf("use a value less than %v", m), "%s is %v, not below \"exclusiveMaximum\" %v", valueName(at), f, m)
		})
	}
	if m, ok := num("multipleOf"); ok && m > 0 {
		q := f / m
		if !math.IsInf(q, 0) && math.Abs(q-math.Round(q)) > 1e-9*math.Max(1, math.Abs(q)) {
			return c.fail(func() mismatch {
				return explain(at, fmt.Sprintf("use a multiple of %v", m), "%s is %v, not a multiple of %v", valueName(at), f, m)
			})
		}
	}
	return pass, mismatch{}
}

func (c *instanceValidator) str(str string, s schemaObj, at string) (outcome, mismatch) {
	n := -1
	length := func() int {
		if n < 0 {
			n = utf8.RuneCountInString(str)
		}
		return n
	}
	if m, ok := s.num("minLength"); ok && float64(length()) < m {
		return c.fail(func() mismatch {
			return explain(at, "use at least "+plural.Count(m, "character"), "%s is %s long, shorter than \"minLength\" %v", valueName(at), plural.Count(length(), "character"), m)
		})
	}
	if m, ok := s.num("maxLength"); ok && float64(length()) > m {
		return c.fail(func() mismatch {
			return explain(at, "use at most "+plural.Count(m, "character"), "%s is %s long, longer than \"maxLength\" %v", valueName(at), plural.Count(length(), "character"), m)
		})
	}
	if p, ok := s.str("pattern"); ok {
		re := c.regexp(p)
		if re == nil {
			return maybe, mismatch{}
		}
		if !re.MatchString(str) {
			return c.fail(func() mismatch {
				return explain(at, "use a value that matches the pattern, or fix the pattern", "%s %s does not match \"pattern\" %s", valueName(at), quoteShort(str), quoteShort(p))
			})
		}
	}
	return pass, mismatch{}
}

func (c *instanceValidator) array(list []any, s schemaObj, at string, depth int) (outcome, mismatch) {
	if m, ok := s.num("minItems"); ok && float64(len(list)) < m {
		return c.fail(func() mismatch {
			return explain(at, fmt.Sprintf("give at least %v items", m), "%s has %d items, fewer than \"minItems\" %v", valueName(at), len(list), m)
		})
	}
	if m, ok := s.num("maxItems"); ok && float64(len(list)) > m {
		return c.fail(func() mismatch {
			return explain(at, fmt.Sprintf("give at most %v items", m), "%s has %d items, more than \"maxItems\" %v", valueName(at), len(list), m)
		})
	}
	if u, _ := s.flag("uniqueItems"); u {
		if i := firstDuplicate(list); i >= 0 {
			return c.fail(func() mismatch {
				return explain(at, "remove the repeated item", "%s repeats %s, but \"uniqueItems\" is true", valueName(at), compactJSON(list[i]))
			})
		}
	}
	// Positional schemas and the schema for the rest, as the dialect
	// spells them.
	var positional []any
	var rest any
	if c.d == draft2020 {
		positional, _ = s.list("prefixItems")
		if it, ok := s.get("items"); ok && isSchemaValue(it) {
			rest = it
		}
	} else if it, ok := s.get("items"); ok {
		if tuple, isTuple := it.([]any); isTuple {
			positional = tuple
			if ai, ok := s.get("additionalItems"); ok && isSchemaValue(ai) {
				rest = ai
			}
		} else if isSchemaValue(it) {
			rest = it
		}
	}
	res, why := pass, mismatch{}
	for i, item := range list {
		var sub any
		switch {
		case i < len(positional):
			sub = positional[i]
		case rest != nil:
			sub = rest
		default:
			continue
		}
		o, w := c.validate(item, sub, at+"["+strconv.Itoa(i)+"]", depth+1)
		if res, why = and(res, why, o, w); res == fail {
			return res, why
		}
	}
	return res, why
}

func (c *instanceValidator) props(obj map[string]any, s schemaObj, at string, depth int) (outcome, mismatch) {
	if req, ok := s.list("required"); ok {
		for _, r := range req {
			name, ok := r.(string)
			if !ok {
				continue
			}
			if _, has := obj[name]; !has {
				return c.fail(func() mismatch {
					return explain(at, fmt.Sprintf("add %s to the value, or remove the value", quoteShort(name)), "%s lacks %s, which \"required\" lists", valueName(at), quoteShort(name))
				})
			}
		}
	}
	if m, ok := s.num("minProperties"); ok && float64(len(obj)) < m {
		return c.fail(func() mismatch {
			return explain(at, fmt.Sprintf("give at least %v properties", m), "%s has %d properties, fewer than \"minProperties\" %v", valueName(at), len(obj), m)
		})
	}
	if m, ok := s.num("maxProperties"); ok && float64(len(obj)) > m {
		return c.fail(func() mismatch {
			return explain(at, fmt.Sprintf("give at most %v properties", m), "%s has %d properties, more than \"maxProperties\" %v", valueName(at), len(obj), m)
		})
	}
	props, _ := s.object("properties")
	pats, _ := s.object("patternProperties")
	additional, hasAdditional := s.get("additionalProperties")
	res, why := pass, mismatch{}
	for _, name := range schemawalk.SortedKeys(obj) {
		val := obj[name]
		sub := at + "." + name
		matched := false
		if ps, ok := props[name]; ok {
			matched = true
			o, w := c.validate(val, ps, sub, depth+1)
			if res, why = and(res, why, o, w); res == fail {
				return res, why
			}
		}
		for pat, ps := range pats {
			re := c.regexp(pat)
			if re == nil {
				matched = true
				res, why = and(res, why, maybe, mismatch{})
				continue
			}
			if re.MatchString(name) {
				matched = true
				o, w := c.validate(val, ps, sub, depth+1)
				if res, why = and(res, why, o, w); res == fail {
					return res, why
				}
			}
		}
		if !matched && hasAdditional {
			if b, isBool := additional.(bool); isBool && !b {
				return c.fail(func() mismatch {
					return explain(at, fmt.Sprintf("remove %s from the value, or define it under \"properties\"", quoteShort(name)),
						"%s has %s, which \"additionalProperties\": false rejects", valueName(at), quoteShort(name))
				})
			}
			o, w := c.validate(val, additional, sub, depth+1)
			if res, why = and(res, why, o, w); res == fail {
				return res, why
			}
		}
	}
	return res, why
}

func (c *instanceValidator) composition(v any, s schemaObj, at string, depth int) (outcome, mismatch) {
	res, why := pass, mismatch{}
	if list, ok := s.list("allOf"); ok {
		for _, sub := range list {
			o, w := c.validate(v, sub, at, depth+1)
			if res, why = and(res, why, o, w); res == fail {
				return res, why
			}
		}
	}
	if list, ok := s.list("anyOf"); ok && len(list) > 0 {
		passes, maybes := c.count(v, list, at, depth)
		switch {
		case passes > 0:
		case maybes > 0:
			res = maybe
		default:
			return c.fail(func() mismatch {
				return explain(at, "use a value one of the \"anyOf\" branches accepts", "%s matches none of the %d \"anyOf\" branches", valueName(at), len(list))
			})
		}
	}
	if list, ok := s.list("oneOf"); ok && len(list) > 0 {
		passes, maybes := c.count(v, list, at, depth)
		switch {
		case passes > 1:
			return c.fail(func() mismatch {
				return explain(at, "make the \"oneOf\" branches exclusive (or use \"anyOf\"), or use a value exactly one accepts", "%s matches %d of the \"oneOf\" branches, not exactly one", valueName(at), passes)
			})
		case passes == 0 && maybes == 0:
			return c.fail(func() mismatch {
				return explain(at, "use a value exactly one of the \"oneOf\" branches accepts", "%s matches none of the %d \"oneOf\" branches", valueName(at), len(list))
			})
		case maybes > 0:
			res = maybe
		}
	}
	if sub, ok := s.get("not"); ok {
		c.quiet++
		o, _ := c.validate(v, sub, at, depth+1)
		c.quiet--
		switch o {
		case pass:
			return c.fail(func() mismatch {
				return explain(at, "use a value the \"not\" schema rejects", "%s matches the \"not\" schema", valueName(at))
			})
		case maybe:
			res = maybe
		}
	}
	if cond, ok := s.get("if"); ok && c.d.since(draft07) {
		branch := "else"
		c.quiet++
		o, _ := c.validate(v, cond, at, depth+1)
		c.quiet--
		switch o {
		case pass:
			branch = "then"
		case maybe:
			return maybe, mismatch{}
		}
		if sub, ok := s.get(branch); ok {
			o, w := c.validate(v, sub, at, depth+1)
			res, why = and(res, why, o, w)
		}
	}
	return res, why
}

func (c *instanceValidator) count(v any, list []any, at string, depth int) (passes, maybes int) {
	c.quiet++
	defer func() { c.quiet-- }()
	for _, sub := range list {
		switch o, _ := c.validate(v, sub, at, depth+1); o {
		case pass:
			passes++
		case maybe:
			maybes++
		}
	}
	return passes, maybes
}
