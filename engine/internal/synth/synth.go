// Package synth generates large tool lists that look like real MCP servers'
// for benchmarks: nothing in it is random at run time, so a benchmark reads
// the same bytes on every machine and every run.
//
// ToolList(n, seed) is a tools/list result, pretty-printed with two-space
// indentation, holding "instructions" and n tools. Each tool has a
// snake_case name (unique; a numeric suffix separates repeats), most have a
// title, and every description is English prose of 200 to 2,000 characters
// with punctuation, code identifiers in backticks, units and examples. The
// inputSchema is an object schema of one to eight properties drawn from
// strings (with enum, format, pattern or length limits), integers and
// numbers with bounds and defaults, booleans, arrays of strings, arrays of
// objects, nested objects and, in about one tool in seven, "$ref"s into a
// "$defs" section. About one tool in seven has an outputSchema and three in
// five have annotations.
//
// Like real lists it has defects, each in about one tool in forty: a
// property without "type", a "required" name that is not among the
// properties, and a description shorter than twenty characters (the one
// exception to the 200-character floor).
//
// ToolList(10000, seed) is 10 to 20 MB.
package synth

import (
	"bytes"
	"math/rand/v2"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/mcplint/mcplint/engine/internal/orderedjson"
)

// ToolList returns a tools/list result of n tools generated from seed.
func ToolList(n int, seed int64) []byte {
	g := &gen{r: rand.New(rand.NewPCG(uint64(seed), 0x6d63706c696e74)), seen: map[string]int{}}
	tools := make(array, n)
	for i := range tools {
		tools[i] = g.tool()
	}
	doc := object{
		{"instructions", g.prose(300, 900)},
		{"tools", tools},
	}
	var b bytes.Buffer
	b.Grow(n * 1600)
	orderedjson.Write(&b, doc, 0)
	b.WriteByte('\n')
	return b.Bytes()
}

// The tool list is built of ordered JSON values, so that it keeps its
// members in the order servers write them.
type (
	object = orderedjson.Object
	member = orderedjson.Member
	array  = orderedjson.Array
)

type gen struct {
	r    *rand.Rand
	seen map[string]int
}

func (g *gen) pick(words []string) string { return words[g.r.IntN(len(words))] }

func (g *gen) chance(p float64) bool { return g.r.Float64() < p }

func (g *gen) tool() object {
	domain, verb, noun := g.pick(domains), g.pick(verbs), g.pick(nouns)
	name := domain + "_" + verb + "_" + noun
	if k := g.seen[name]; k > 0 {
		g.seen[name] = k + 1
		name += "_" + strconv.Itoa(k+1)
	} else {
		g.seen[name] = 1
	}
	t := object{{"name", name}}
	if g.chance(0.7) {
		t = append(t, member{"title", title(verb) + " " + title(strings.ReplaceAll(noun, "_", " "))})
	}
	desc := g.prose(200, 2000)
	if g.chance(0.025) {
		desc = g.pick(shortDescriptions)
	}
	t = append(t, member{"description", desc})
	t = append(t, member{"inputSchema", g.inputSchema()})
	if g.chance(0.15) {
		t = append(t, member{"outputSchema", g.outputSchema()})
	}
	if g.chance(0.6) {
		read := verb == "list" || verb == "get" || verb == "search" || verb == "export"
		a := object{{"readOnlyHint", read}}
		if !read {
			a = append(a, member{"destructiveHint", verb == "delete" || verb == "archive"})
		}
		if g.chance(0.5) {
			a = append(a, member{"openWorldHint", g.chance(0.5)})
		}
		t = append(t, member{"annotations", a})
	}
	return t
}

func (g *gen) inputSchema() object {
	var defs object
	if g.chance(0.15) {
		for _, name := range g.distinct(defNames, 1+g.r.IntN(2)) {
			defs = append(defs, member{name, g.objectSchema(2, 1)})
		}
	}
	props, required := g.properties(1+g.r.IntN(4), 1, defs)
	if g.chance(0.025) && len(props) > 0 {
		k := g.r.IntN(len(props))
		props[k].Value = withoutType(props[k].Value.(object))
	}
	if g.chance(0.025) {
		required = append(required, g.pick(paramNames)+"_id")
	}
	s := object{{"type", "object"}, {"properties", props}}
	if len(required) > 0 {
		s = append(s, member{"required", required})
	}
	if g.chance(0.5) {
		s = append(s, member{"additionalProperties", false})
	}
	if defs != nil {
		s = append(s, member{"$defs", defs})
	}
	return s
}

func withoutType(o object) object {
	out := object{}
	for _, m := range o {
		if m.Key != "type" {
			out = append(out, m)
		}
	}
	return out
}

func (g *gen) outputSchema() object {
	props, required := g.properties(1+g.r.IntN(3), 1, nil)
	return object{{"type", "object"}, {"properties", props}, {"required", required}}
}

func (g *gen) objectSchema(n, depth int) object {
	props, required := g.properties(n, depth+1, nil)
	s := object{{"type", "object"}, {"properties", props}}
	if len(required) > 0 {
		s = append(s, member{"required", required})
	}
	return s
}

// properties returns n properties; depth limits nesting and defs are the
// schemas a property may refer to.
func (g *gen) properties(n, depth int, defs object) (object, array) {
	var props object
	var required array
	for _, name := range g.distinct(paramNames, n) {
		props = append(props, member{name, g.property(name, depth, defs)})
		if g.chance(0.4) {
			required = append(required, name)
		}
	}
	return props, required
}

func (g *gen) property(name string, depth int, defs object) object {
	if len(defs) > 0 && g.chance(0.4) {
		return object{{"$ref", "#/$defs/" + defs[g.r.IntN(len(defs))].Key}}
	}
	kind := g.r.IntN(12)
	if depth > 1 && kind >= 10 {
		kind = g.r.IntN(10)
	}
	desc := g.fill(g.pick(paramSentences))
	if g.chance(0.3) {
		desc += " " + g.fill(g.pick(paramSentences))
	}
	switch kind {
	case 0, 1, 2, 3:
		return object{{"type", "string"}, {"description", desc}}
	case 4:
		values := g.distinct(enumValues, 2+g.r.IntN(4))
		enum := make(array, len(values))
		for i, v := range values {
			enum[i] = v
		}
		return object{{"type", "string"}, {"description", desc}, {"enum", enum}, {"default", values[0]}}
	case 5:
		s := object{{"type", "string"}, {"description", desc}}
		switch g.r.IntN(3) {
		case 0:
			s = append(s, member{"format", g.pick([]string{"date-time", "uri", "email", "uuid", "date"})})
		case 1:
			s = append(s, member{"pattern", g.pick([]string{`^[a-z0-9_-]{1,64}$`, `^\d{4}-\d{2}-\d{2}$`, `^[A-Z]{2,10}-\d+$`})})
		default:
			s = append(s, member{"minLength", 1}, member{"maxLength", 64 << g.r.IntN(6)})
		}
		return s
	case 6:
		lo := g.r.IntN(2)
		return object{{"type", "integer"}, {"description", desc}, {"minimum", lo}, {"maximum", 10 << g.r.IntN(8)}, {"default", lo + 20}}
	case 7:
		return object{{"type", "number"}, {"description", desc}, {"minimum", 0}, {"exclusiveMaximum", 1.5 * float64(1+g.r.IntN(100))}}
	case 8:
		return object{{"type", "boolean"}, {"description", desc}, {"default", g.chance(0.5)}}
	case 9:
		return object{{"type", "array"}, {"description", desc}, {"items", object{{"type", "string"}}}, {"maxItems", 5 + g.r.IntN(100)}}
	case 10:
		return object{{"type", "array"}, {"description", desc}, {"items", g.objectSchema(1+g.r.IntN(2), depth)}}
	}
	s := g.objectSchema(1+g.r.IntN(2), depth)
	return append(object{s[0], {"description", desc}}, s[1:]...)
}

// distinct picks n different words (fewer when words runs out).
func (g *gen) distinct(words []string, n int) []string {
	n = min(n, len(words))
	out := make([]string, 0, n)
	for _, i := range g.r.Perm(len(words))[:n] {
		out = append(out, words[i])
	}
	return out
}

// prose returns sentences totalling lo to hi characters, more often short
// than long; hi must exceed lo by at least the longest sentence.
func (g *gen) prose(lo, hi int) string {
	u := g.r.Float64()
	target := lo + int(float64(hi-lo)*u*u*u)
	var b strings.Builder
	for b.Len() < target {
		s := g.fill(g.pick(sentences))
		if b.Len()+1+len(s) > hi && b.Len() >= lo {
			break
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(s)
	}
	out := b.String()
	for len(out) > hi {
		_, size := utf8.DecodeLastRuneInString(out[:hi])
		out = out[:hi-size+1]
	}
	return out
}

// fill fills a template's {placeholders}.
func (g *gen) fill(t string) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(t, '{')
		if i < 0 {
			b.WriteString(t)
			return b.String()
		}
		j := strings.IndexByte(t[i:], '}') + i
		b.WriteString(t[:i])
		noun := strings.ReplaceAll(g.pick(nouns), "_", " ")
		switch t[i+1 : j] {
		case "verb":
			b.WriteString(g.pick(verbs))
		case "noun":
			b.WriteString(noun)
		case "nouns":
			b.WriteString(plural(noun))
		case "a noun":
			if strings.ContainsRune("aeiou", rune(noun[0])) {
				b.WriteString("an ")
			} else {
				b.WriteString("a ")
			}
			b.WriteString(noun)
		case "param":
			b.WriteString(g.pick(paramNames))
		case "value":
			b.WriteString(g.pick(enumValues))
		case "n":
			b.WriteString(strconv.Itoa(1 + g.r.IntN(500)))
		case "domain":
			b.WriteString(g.pick(domains))
		default:
			panic("synth: unknown placeholder " + t[i:j+1])
		}
		t = t[j+1:]
	}
}

func plural(noun string) string {
	switch {
	case strings.HasSuffix(noun, "y"):
		return noun[:len(noun)-1] + "ies"
	case strings.HasSuffix(noun, "h"), strings.HasSuffix(noun, "s"):
		return noun + "es"
	}
	return noun + "s"
}

func title(s string) string {
	words := strings.Fields(s)
	for i, w := range words {
		words[i] = strings.ToUpper(w[:1]) + w[1:]
	}
	return strings.Join(words, " ")
}
