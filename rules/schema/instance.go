package schema

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/mcplint/mcplint/rules/internal/schemawalk"
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
	r       *resolver
	regexps map[string]*regexp.Regexp
}

func newInstanceValidator(d *doc) *instanceValidator {
	dl := d.dialect
	if dl == nil {
		dl = defaultDialect
	}
	return &instanceValidator{d: dl, r: newResolver(d), regexps: map[string]*regexp.Regexp{}}
}

func (c *instanceValidator) regexp(pattern string) *regexp.Regexp {
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
		return c.object(v, s, at, depth)
	}
	return maybe, mismatch{}
}

func (c *instanceValidator) object(v any, s map[string]any, at string, depth int) (outcome, mismatch) {
	res, why := pass, mismatch{}
	if ref, ok := s["$ref"].(string); ok {
		o, w := maybe, mismatch{}
		if r, known := c.r.resolveInPlace(ref); known && r.kind == refLocal {
			o, w = c.validate(v, r.target, at, depth+1)
		}
		if !c.d.since(draft2019) {
			// Before 2019-09 a "$ref" replaces its siblings.
			return o, w
		}
		res, why = and(res, why, o, w)
	}
	for _, kw := range [...]string{"$dynamicRef", "$recursiveRef"} {
		if _, ok := s[kw]; ok {
			res, why = and(res, why, maybe, mismatch{})
		}
	}
	checks := [...]func(any, map[string]any, string, int) (outcome, mismatch){
		c.typeAndValue, c.number, c.str, c.array, c.props, c.composition,
	}
	for _, check := range checks {
		o, w := check(v, s, at, depth)
		if res, why = and(res, why, o, w); res == fail {
			return res, why
		}
	}
	return res, why
}

func failf(at, fix, format string, args ...any) (outcome, mismatch) {
	return fail, mismatch{at: at, why: fmt.Sprintf(format, args...), fix: fix}
}

func (c *instanceValidator) typeAndValue(v any, s map[string]any, at string, _ int) (outcome, mismatch) {
	if t, ok := s["type"]; ok {
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
			return failf(at, fmt.Sprintf("use a value of type %s, or add %q to \"type\"", want, kindOf(v)),
				"%s is %s, but \"type\" is %s", valueName(at), describe(v), compactJSON(t))
		}
	}
	if e, ok := s["enum"].([]any); ok {
		found := false
		for _, allowed := range e {
			if equalJSON(v, allowed) {
				found = true
				break
			}
		}
		if !found {
			return failf(at, "use one of the \"enum\" values: "+listValues(e, 5), "%s is %s, which is not in \"enum\" %s", valueName(at), describe(v), listValues(e, 5))
		}
	}
	if cv, ok := s["const"]; ok && c.d.since(draft06) && !equalJSON(v, cv) {
		return failf(at, "use "+compactJSON(cv), "%s is %s, but \"const\" is %s", valueName(at), describe(v), compactJSON(cv))
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

func (c *instanceValidator) number(v any, s map[string]any, at string, _ int) (outcome, mismatch) {
	f, ok := v.(float64)
	if !ok {
		return pass, mismatch{}
	}
	num := func(kw string) (float64, bool) { n, ok := s[kw].(float64); return n, ok }
	exclusive := func(kw string) bool { b, _ := s[kw].(bool); return b && c.d == draft04 }
	if m, ok := num("minimum"); ok {
		if f < m {
			return failf(at, fmt.Sprintf("use %v or more", m), "%s is %v, below \"minimum\" %v", valueName(at), f, m)
		}
		if f == m && exclusive("exclusiveMinimum") {
			return failf(at, fmt.Sprintf("use a value greater than %v", m), "%s is %v, but \"minimum\" %v is exclusive", valueName(at), f, m)
		}
	}
	if m, ok := num("maximum"); ok {
		if f > m {
			return failf(at, fmt.Sprintf("use %v or less", m), "%s is %v, above \"maximum\" %v", valueName(at), f, m)
		}
		if f == m && exclusive("exclusiveMaximum") {
			return failf(at, fmt.Sprintf("use a value less than %v", m), "%s is %v, but \"maximum\" %v is exclusive", valueName(at), f, m)
		}
	}
	if m, ok := num("exclusiveMinimum"); ok && c.d.since(draft06) && f <= m {
		return failf(at, fmt.Sprintf("use a value greater than %v", m), "%s is %v, not above \"exclusiveMinimum\" %v", valueName(at), f, m)
	}
	if m, ok := num("exclusiveMaximum"); ok && c.d.since(draft06) && f >= m {
		return failf(at, fmt.Sprintf("use a value less than %v", m), "%s is %v, not below \"exclusiveMaximum\" %v", valueName(at), f, m)
	}
	if m, ok := num("multipleOf"); ok && m > 0 {
		q := f / m
		if !math.IsInf(q, 0) && math.Abs(q-math.Round(q)) > 1e-9*math.Max(1, math.Abs(q)) {
			return failf(at, fmt.Sprintf("use a multiple of %v", m), "%s is %v, not a multiple of %v", valueName(at), f, m)
		}
	}
	return pass, mismatch{}
}

func (c *instanceValidator) str(v any, s map[string]any, at string, _ int) (outcome, mismatch) {
	str, ok := v.(string)
	if !ok {
		return pass, mismatch{}
	}
	n := -1
	length := func() int {
		if n < 0 {
			n = utf8.RuneCountInString(str)
		}
		return n
	}
	if m, ok := s["minLength"].(float64); ok && float64(length()) < m {
		return failf(at, fmt.Sprintf("use at least %v characters", m), "%s is %d characters long, shorter than \"minLength\" %v", valueName(at), length(), m)
	}
	if m, ok := s["maxLength"].(float64); ok && float64(length()) > m {
		return failf(at, fmt.Sprintf("use at most %v characters", m), "%s is %d characters long, longer than \"maxLength\" %v", valueName(at), length(), m)
	}
	if p, ok := s["pattern"].(string); ok {
		re := c.regexp(p)
		if re == nil {
			return maybe, mismatch{}
		}
		if !re.MatchString(str) {
			return failf(at, "use a value that matches the pattern, or fix the pattern", "%s %s does not match \"pattern\" %s", valueName(at), quoteShort(str), quoteShort(p))
		}
	}
	return pass, mismatch{}
}

func (c *instanceValidator) array(v any, s map[string]any, at string, depth int) (outcome, mismatch) {
	list, ok := v.([]any)
	if !ok {
		return pass, mismatch{}
	}
	if m, ok := s["minItems"].(float64); ok && float64(len(list)) < m {
		return failf(at, fmt.Sprintf("give at least %v items", m), "%s has %d items, fewer than \"minItems\" %v", valueName(at), len(list), m)
	}
	if m, ok := s["maxItems"].(float64); ok && float64(len(list)) > m {
		return failf(at, fmt.Sprintf("give at most %v items", m), "%s has %d items, more than \"maxItems\" %v", valueName(at), len(list), m)
	}
	if u, _ := s["uniqueItems"].(bool); u {
		if i := firstDuplicate(list); i >= 0 {
			return failf(at, "remove the repeated item", "%s repeats %s, but \"uniqueItems\" is true", valueName(at), compactJSON(list[i]))
		}
	}
	// Positional schemas and the schema for the rest, as the dialect
	// spells them.
	var positional []any
	var rest any
	if c.d == draft2020 {
		positional, _ = s["prefixItems"].([]any)
		if it, ok := s["items"]; ok && isSchemaValue(it) {
			rest = it
		}
	} else if it, ok := s["items"]; ok {
		if tuple, isTuple := it.([]any); isTuple {
			positional = tuple
			if ai, ok := s["additionalItems"]; ok && isSchemaValue(ai) {
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

func (c *instanceValidator) props(v any, s map[string]any, at string, depth int) (outcome, mismatch) {
	obj, ok := v.(map[string]any)
	if !ok {
		return pass, mismatch{}
	}
	if req, ok := s["required"].([]any); ok {
		for _, r := range req {
			name, ok := r.(string)
			if !ok {
				continue
			}
			if _, has := obj[name]; !has {
				return failf(at, fmt.Sprintf("add %s to the value, or remove the value", quoteShort(name)), "%s lacks %s, which \"required\" lists", valueName(at), quoteShort(name))
			}
		}
	}
	if m, ok := s["minProperties"].(float64); ok && float64(len(obj)) < m {
		return failf(at, fmt.Sprintf("give at least %v properties", m), "%s has %d properties, fewer than \"minProperties\" %v", valueName(at), len(obj), m)
	}
	if m, ok := s["maxProperties"].(float64); ok && float64(len(obj)) > m {
		return failf(at, fmt.Sprintf("give at most %v properties", m), "%s has %d properties, more than \"maxProperties\" %v", valueName(at), len(obj), m)
	}
	props, _ := s["properties"].(map[string]any)
	pats, _ := s["patternProperties"].(map[string]any)
	additional, hasAdditional := s["additionalProperties"]
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
				return failf(at, fmt.Sprintf("remove %s from the value, or define it under \"properties\"", quoteShort(name)),
					"%s has %s, which \"additionalProperties\": false rejects", valueName(at), quoteShort(name))
			}
			o, w := c.validate(val, additional, sub, depth+1)
			if res, why = and(res, why, o, w); res == fail {
				return res, why
			}
		}
	}
	return res, why
}

func (c *instanceValidator) composition(v any, s map[string]any, at string, depth int) (outcome, mismatch) {
	res, why := pass, mismatch{}
	if list, ok := s["allOf"].([]any); ok {
		for _, sub := range list {
			o, w := c.validate(v, sub, at, depth+1)
			if res, why = and(res, why, o, w); res == fail {
				return res, why
			}
		}
	}
	if list, ok := s["anyOf"].([]any); ok && len(list) > 0 {
		passes, maybes := c.count(v, list, at, depth)
		switch {
		case passes > 0:
		case maybes > 0:
			res = maybe
		default:
			return failf(at, "use a value one of the \"anyOf\" branches accepts", "%s matches none of the %d \"anyOf\" branches", valueName(at), len(list))
		}
	}
	if list, ok := s["oneOf"].([]any); ok && len(list) > 0 {
		passes, maybes := c.count(v, list, at, depth)
		switch {
		case passes > 1:
			return failf(at, "make the \"oneOf\" branches exclusive (or use \"anyOf\"), or use a value exactly one accepts", "%s matches %d of the \"oneOf\" branches, not exactly one", valueName(at), passes)
		case passes == 0 && maybes == 0:
			return failf(at, "use a value exactly one of the \"oneOf\" branches accepts", "%s matches none of the %d \"oneOf\" branches", valueName(at), len(list))
		case maybes > 0:
			res = maybe
		}
	}
	if sub, ok := s["not"]; ok {
		switch o, _ := c.validate(v, sub, at, depth+1); o {
		case pass:
			return failf(at, "use a value the \"not\" schema rejects", "%s matches the \"not\" schema", valueName(at))
		case maybe:
			res = maybe
		}
	}
	if cond, ok := s["if"]; ok && c.d.since(draft07) {
		branch := "else"
		switch o, _ := c.validate(v, cond, at, depth+1); o {
		case pass:
			branch = "then"
		case maybe:
			return maybe, mismatch{}
		}
		if sub, ok := s[branch]; ok {
			o, w := c.validate(v, sub, at, depth+1)
			res, why = and(res, why, o, w)
		}
	}
	return res, why
}

func (c *instanceValidator) count(v any, list []any, at string, depth int) (passes, maybes int) {
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
