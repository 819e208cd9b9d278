package uritemplate

import (
	"fmt"
	"strings"
)

// Expand expands s, a template Check accepts, with vars, by RFC 6570 up to
// level 3: simple ({x}), reserved ({+x}) and fragment ({#x}) expansion,
// and the label, path segment, path-style parameter, query and query
// continuation operators (. / ; ? &), each with several variables. The
// level 4 modifiers, a prefix (":3") and an explode ("*"), are refused
// rather than half-expanded: a URI built from a template mcplint misread
// is a read of a resource the server never offered. An undefined
// variable expands to nothing, as the RFC says; values are strings.
func Expand(s string, vars map[string]string) (string, error) {
	if err := Check(s); err != nil {
		return "", err
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] != '{' {
			b.WriteByte(s[i])
			i++
			continue
		}
		end := i + strings.IndexByte(s[i:], '}')
		if err := expandExpression(&b, s[i+1:end], vars); err != nil {
			return "", fmt.Errorf("expression %q: %w", s[i:end+1], err)
		}
		i = end + 1
	}
	return b.String(), nil
}

// Variables are the variable names of s's expressions, in order, each
// once; nil when s is not a template.
func Variables(s string) []string {
	if Check(s) != nil {
		return nil
	}
	var out []string
	seen := map[string]bool{}
	for i := 0; i < len(s); {
		if s[i] != '{' {
			i++
			continue
		}
		end := i + strings.IndexByte(s[i:], '}')
		e := s[i+1 : end]
		if strings.ContainsRune("+#./;?&", rune(e[0])) {
			e = e[1:]
		}
		for _, spec := range strings.Split(e, ",") {
			name, _, _ := strings.Cut(strings.TrimSuffix(spec, "*"), ":")
			if !seen[name] {
				seen[name] = true
				out = append(out, name)
			}
		}
		i = end + 1
	}
	return out
}

// operator is how one RFC 6570 operator joins its variables (the table
// of appendix A).
type operator struct {
	first, sep string
	named      bool
	ifEmpty    string
	reserved   bool // allow reserved characters unencoded
}

var operators = map[byte]operator{
	0:   {sep: ","},
	'+': {sep: ",", reserved: true},
	'#': {first: "#", sep: ",", reserved: true},
	'.': {first: ".", sep: "."},
	'/': {first: "/", sep: "/"},
	';': {first: ";", sep: ";", named: true},
	'?': {first: "?", sep: "&", named: true, ifEmpty: "="},
	'&': {first: "&", sep: "&", named: true, ifEmpty: "="},
}

func expandExpression(b *strings.Builder, e string, vars map[string]string) error {
	var op byte
	if strings.ContainsRune("+#./;?&", rune(e[0])) {
		op, e = e[0], e[1:]
	}
	o := operators[op]
	first := true
	for _, spec := range strings.Split(e, ",") {
		if strings.ContainsAny(spec, ":*") {
			return fmt.Errorf("%q uses a level 4 modifier (a prefix or an explode), which is not expanded", spec)
		}
		v, defined := vars[spec]
		if !defined {
			continue
		}
		if first {
			b.WriteString(o.first)
			first = false
		} else {
			b.WriteString(o.sep)
		}
		if o.named {
			b.WriteString(spec)
			if v == "" {
				b.WriteString(o.ifEmpty)
				continue
			}
			b.WriteByte('=')
		}
		encode(b, v, o.reserved)
	}
	return nil
}

// encode writes v percent-encoded: every byte but the unreserved ones,
// and with reserved also the reserved ones and existing pct-encodings.
func encode(b *strings.Builder, v string, reserved bool) {
	const hexDigits = "0123456789ABCDEF"
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', strings.IndexByte("-._~", c) >= 0:
			b.WriteByte(c)
		case reserved && strings.IndexByte(":/?#[]@!$&'()*+,;=", c) >= 0:
			b.WriteByte(c)
		case reserved && pctEncoded(v[i:]):
			b.WriteString(v[i : i+3])
			i += 2
		default:
			b.WriteByte('%')
			b.WriteByte(hexDigits[c>>4])
			b.WriteByte(hexDigits[c&15])
		}
	}
}
