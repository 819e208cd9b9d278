package exercise

import (
	"math"
	"math/rand/v2"
	"net/url"
	"regexp"
	"regexp/syntax"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxDepth bounds how deep generated values nest: a recursive schema
// ({"$ref": "#"} under a property) is cut there.
const maxDepth = 8

// maxRefHops bounds a chain of references ({"$ref": "#/$defs/a"} where a
// is {"$ref": "#/$defs/b"} …), cycles included.
const maxRefHops = 32

// gen generates values from one tool's input schema. Variant v picks
// among the valid values a schema allows, so happy-1, happy-2 and happy-3
// differ where the schema lets them: happy-1 sends the required
// properties with middle-of-the-range values, happy-2 every property,
// happy-3 the required ones and every other optional one, at the bounds.
type gen struct {
	root map[string]any
	rng  *rand.Rand
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

// path is the value of a file or folder argument: a path inside the
// server's roots when they are known; for a folder, else the server's
// working directory. The property's description settles a plain "path"
// ("Path to the Git repository" is a folder).
func (g *gen) path(s map[string]any, hint string) (string, bool) {
	kind := pathKind(hint, g.tool)
	if d, _ := s["description"].(string); kind == "file" && describesFolder(d) {
		kind = "dir"
	}
	if p, ok := g.roots.path(kind, hint, g.readOnly); ok {
		return p, true
	}
	if kind == "dir" {
		return ".", true
	}
	return "", false
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

// waitWords name a number that says how long a tool should wait or work.
var waitWords = []string{"duration", "delay", "sleep", "wait", "timeout", "interval", "seconds", "secs", "ms", "millis", "milliseconds"}

// waits reports whether a property named hint says how long to wait.
func waits(hint string) bool {
	return slices.ContainsFunc(nameWords(hint), func(w string) bool { return slices.Contains(waitWords, w) })
}

// waitsFor reports a numeric property that says how long to wait: it is
// sent in every happy-path call, with the shortest value allowed, so that
// a demo of a long operation does not run for its default's time (a
// person trying a tool asks for one second, not for ten).
func (g *gen) waitsFor(schema any, name string) bool {
	s, ok := g.resolve(schema).(map[string]any)
	if !ok || !waits(name) {
		return false
	}
	t := typeFor(s)
	return t == "number" || t == "integer"
}

// shortest is the smallest value a number schema allows, and at least 1
// when it allows that (0 often means "forever" or "default").
func (g *gen) shortest(s map[string]any, integer bool) float64 {
	x := g.number(s, integer, 1) // variant 1 is the lower bound when there is one
	if _, hasLo, _ := bound(s, "minimum", "exclusiveMinimum"); !hasLo {
		x = 1
		if hi, hasHi, _ := bound(s, "maximum", "exclusiveMaximum"); hasHi && hi < 1 {
			x = hi
		}
	}
	return x
}

// number picks a number within the bounds: the middle of the range for
// variant 0, the lower bound for 1, the upper for 2. Without bounds it
// avoids 0, which tools often refuse (a count, a page, a limit).
func (g *gen) number(s map[string]any, integer bool, v int) float64 {
	lo, hasLo, loEx := bound(s, "minimum", "exclusiveMinimum")
	hi, hasHi, hiEx := bound(s, "maximum", "exclusiveMaximum")
	step := 1.0
	if !integer {
		step = 0.5
	}
	if hasLo && loEx {
		lo += step
		if integer {
			lo = math.Floor(lo)
		}
	} else if hasLo && integer {
		lo = math.Ceil(lo)
	}
	if hasHi && hiEx {
		hi -= step
		if integer {
			hi = math.Ceil(hi)
		}
	} else if hasHi && integer {
		hi = math.Floor(hi)
	}
	var x float64
	switch {
	case hasLo && hasHi && v%3 == 0:
		x = lo + (hi-lo)/2
		if integer {
			x = math.Floor(x)
		}
	case hasLo && (v%3 == 1 || !hasHi):
		x = lo
		if v%3 == 0 && lo < 1 && (!hasHi || hi >= 1) {
			x = 1
		}
	case hasHi:
		x = hi
		if v%3 == 0 && hi > 1 {
			x = 1
		}
	default:
		x = []float64{1, 5, 10}[v%3]
	}
	if m, ok := num(s["multipleOf"]); ok && m > 0 {
		q := math.Ceil(x/m) * m
		if hasHi && q > hi {
			q = math.Floor(x/m) * m
		}
		x = q
	}
	if hasLo && x < lo || hasHi && x > hi {
		g.unsure = true
	}
	return x
}

// bound reads a lower or upper bound in both drafts' forms:
// exclusiveMinimum as a number (2019-09 and later) or as a boolean beside
// minimum (draft 4). The tighter one wins.
func bound(s map[string]any, inclusive, exclusive string) (val float64, ok, excl bool) {
	val, ok = num(s[inclusive])
	switch e := s[exclusive].(type) {
	case bool:
		excl = ok && e
	case float64:
		upper := inclusive == "maximum"
		if !ok || (!upper && e >= val) || (upper && e <= val) {
			val, ok, excl = e, true, true
		}
	}
	return val, ok, excl
}

func num(v any) (float64, bool) {
	f, ok := v.(float64)
	return f, ok && !math.IsNaN(f) && !math.IsInf(f, 0)
}

func count(s map[string]any, key string) (int, bool) {
	f, ok := num(s[key])
	if !ok || f < 0 {
		return 0, false
	}
	return int(math.Min(f, 64)), true
}

// str generates a string: a value of the declared format, else one that
// matches the pattern, else a plausible word for the property name; then
// fitted to minLength and maxLength.
func (g *gen) str(s map[string]any, hint string, v int) string {
	pattern, _ := s["pattern"].(string)
	var out string
	if f, ok := s["format"].(string); ok && formats[f] != nil {
		list := formats[f]
		out = list[v%len(list)]
	} else if pattern != "" {
		out = g.matching(pattern, v)
	} else if p, ok := g.path(s, hint); ok {
		out = p
	} else {
		out = g.text(hint, v)
	}
	if lo, ok := count(s, "minLength"); ok && utf8.RuneCountInString(out) < lo {
		out += strings.Repeat("x", lo-utf8.RuneCountInString(out))
	}
	if hi, ok := count(s, "maxLength"); ok && utf8.RuneCountInString(out) > hi {
		out = string([]rune(out)[:hi])
	}
	if pattern != "" {
		if re := g.regexp(pattern); re == nil || !re.MatchString(out) {
			g.unsure = true
		}
	}
	return out
}

func (g *gen) regexp(pattern string) *regexp.Regexp {
	if re, ok := g.regexps[pattern]; ok {
		return re
	}
	re, err := regexp.Compile(pattern)
	if err != nil {
		re = nil
	}
	if g.regexps == nil {
		g.regexps = map[string]*regexp.Regexp{}
	}
	g.regexps[pattern] = re
	return re
}

// matching builds a string the pattern matches by walking its syntax tree:
// the first character of each class (a letter or digit when the class has
// one), one repetition of each loop, the v-th branch of an alternation.
// Patterns Go cannot parse give "example", which str then flags.
func (g *gen) matching(pattern string, v int) string {
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return "example"
	}
	var b strings.Builder
	var walk func(re *syntax.Regexp)
	walk = func(re *syntax.Regexp) {
		if b.Len() > 4096 {
			return
		}
		switch re.Op {
		case syntax.OpLiteral:
			b.WriteString(string(re.Rune))
		case syntax.OpCharClass:
			b.WriteRune(pickRune(re.Rune))
		case syntax.OpAnyChar, syntax.OpAnyCharNotNL:
			b.WriteRune('a')
		case syntax.OpCapture:
			walk(re.Sub[0])
		case syntax.OpStar, syntax.OpPlus, syntax.OpQuest:
			walk(re.Sub[0])
		case syntax.OpRepeat:
			for range max(re.Min, min(1, re.Max)) {
				walk(re.Sub[0])
			}
		case syntax.OpConcat:
			for _, sub := range re.Sub {
				walk(sub)
			}
		case syntax.OpAlternate:
			walk(re.Sub[v%len(re.Sub)])
		}
	}
	walk(re)
	return b.String()
}

// pickRune picks a character from a class's ranges: a letter or digit when
// there is one, so the value reads as an identifier.
func pickRune(ranges []rune) rune {
	for _, r := range []rune{'a', 'A', '0'} {
		for i := 0; i+1 < len(ranges); i += 2 {
			if ranges[i] <= r && r <= ranges[i+1] {
				return r
			}
		}
	}
	for i := 0; i+1 < len(ranges); i += 2 {
		for r := ranges[i]; r <= ranges[i+1] && r-ranges[i] < 256; r++ {
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				return r
			}
		}
	}
	if len(ranges) > 0 {
		return ranges[0]
	}
	return 'a'
}

// formats are valid values of the formats JSON Schema defines.
var formats = map[string][]string{
	"date":                  {"2025-01-15", "2024-06-30"},
	"date-time":             {"2025-01-15T10:30:00Z", "2024-06-30T23:59:59+02:00"},
	"time":                  {"10:30:00Z", "23:59:59+02:00"},
	"duration":              {"P1D", "PT1H30M"},
	"email":                 {"user@example.com"},
	"idn-email":             {"user@example.com"},
	"hostname":              {"example.com"},
	"idn-hostname":          {"example.com"},
	"ipv4":                  {"192.0.2.1"},
	"ipv6":                  {"2001:db8::1"},
	"uri":                   {"https://example.com/", "https://example.org/docs"},
	"uri-reference":         {"https://example.com/", "/docs"},
	"iri":                   {"https://example.com/"},
	"iri-reference":         {"https://example.com/"},
	"url":                   {"https://example.com/"},
	"uri-template":          {"https://example.com/{id}"},
	"uuid":                  {"3fa85f64-5717-4562-b3fc-2c963f66afa6", "123e4567-e89b-42d3-a456-426614174000"},
	"json-pointer":          {"/example"},
	"relative-json-pointer": {"0"},
	"regex":                 {"^example$"},
}

// hints are plausible strings for common property names, matched by the
// name's words.
var hints = []struct {
	words  []string
	values []string
}{
	{[]string{"url", "uri", "link", "endpoint", "href", "website"}, []string{"https://example.com/", "https://example.org/docs"}},
	{[]string{"email", "mail"}, []string{"user@example.com"}},
	{[]string{"city", "location", "place", "town"}, []string{"Paris", "London", "Berlin"}},
	{[]string{"country"}, []string{"FR", "GB"}},
	{[]string{"lang", "language", "locale"}, []string{"en", "fr"}},
	{[]string{"date", "day", "since", "until"}, []string{"2025-01-15", "2024-06-30"}},
	{[]string{"time", "timestamp"}, []string{"2025-01-15T10:30:00Z"}},
	{[]string{"zone", "timezone", "tz"}, []string{"UTC", "Europe/Paris"}},
	{[]string{"dir", "directory", "folder", "root", "cwd"}, []string{"."}},
	{[]string{"path", "file", "filename"}, []string{"README.md", "."}},
	{[]string{"id", "uuid", "key"}, []string{"1", "2"}},
	{[]string{"query", "q", "search", "term", "keyword", "keywords", "filter"}, []string{"test", "hello world"}},
	{[]string{"text", "message", "msg", "prompt", "content", "input", "body", "comment"}, []string{"hello", "Hello, world!"}},
	{[]string{"name", "title", "label", "username", "user"}, []string{"example", "test"}},
	{[]string{"color", "colour"}, []string{"blue", "red"}},
	{[]string{"format", "type", "kind", "mode"}, []string{"json", "text"}},
}

// text is a plausible string for a property named hint: a word that fits
// the name.
func (g *gen) text(hint string, v int) string {
	words := nameWords(hint)
	for _, h := range hints {
		for _, w := range words {
			if slices.Contains(h.words, w) {
				return h.values[g.pick(v, len(h.values))]
			}
		}
	}
	return []string{"example", "test", "sample"}[v%3]
}

// nameWords splits a property name into lower-case words: "userId",
// "user_id" and "user-id" all give ["user", "id"]. The last word decides
// first ("file_path" is a path), so the list is reversed.
func nameWords(name string) []string {
	var words []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			words = append(words, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	prev := rune(0)
	for _, r := range name {
		switch {
		case !unicode.IsLetter(r) && !unicode.IsDigit(r):
			flush()
		case unicode.IsUpper(r) && unicode.IsLower(prev):
			flush()
			cur = append(cur, r)
		default:
			cur = append(cur, r)
		}
		prev = r
	}
	flush()
	slices.Reverse(words)
	return words
}
