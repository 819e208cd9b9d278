package exercise

import (
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

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
