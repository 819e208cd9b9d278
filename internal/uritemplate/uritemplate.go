// Package uritemplate checks the syntax of RFC 6570 URI templates, the
// "uri-template" format of JSON Schema. A template is not a URI: its
// expressions ("{name}", "{+path}", "{?q,page}") may stand where a URI
// allows no brace at all, such as the host of "download://{name}", so it
// cannot be checked by parsing it as a URL, which is what the validator
// library's own "uri-template" format does.
package uritemplate

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// Format is the "uri-template" format by Check, for every compiler that
// asserts formats to register in place of the library's (draft-07 and
// older assert them by default).
var Format = &jsonschema.Format{Name: "uri-template", Validate: func(v any) error {
	s, ok := v.(string)
	if !ok {
		return nil
	}
	return Check(s)
}}

// Check returns nil when s is a URI template by the grammar of RFC 6570
// section 2, else what is wrong and where. The operators the RFC reserves
// for future extensions (=,!@|) are errors, as it asks of a processor.
func Check(s string) error {
	for i := 0; i < len(s); {
		switch c := s[i]; {
		case c == '{':
			end := strings.IndexByte(s[i:], '}')
			if end < 0 {
				return fmt.Errorf("the expression at offset %d has no closing '}'", i)
			}
			if err := expression(s[i+1 : i+end]); err != nil {
				return fmt.Errorf("expression %q: %w", s[i:i+end+1], err)
			}
			i += end + 1
		case c == '}':
			return fmt.Errorf("'}' at offset %d closes no expression", i)
		case c == '%':
			if !pctEncoded(s[i:]) {
				return fmt.Errorf("'%%' at offset %d is not followed by two hexadecimal digits", i)
			}
			i += 3
		case c >= utf8.RuneSelf:
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				return fmt.Errorf("invalid UTF-8 at offset %d", i)
			}
			if !ucschar(r) {
				return fmt.Errorf("character %U at offset %d is not allowed in a URI template", r, i)
			}
			i += size
		case !literal(c):
			return fmt.Errorf("character %q at offset %d is not allowed in a URI template", c, i)
		default:
			i++
		}
	}
	return nil
}

// expression checks what stands between the braces: an optional operator
// and one or more comma-separated variable specifications.
func expression(e string) error {
	if e == "" {
		return fmt.Errorf("no variable")
	}
	switch e[0] {
	case '+', '#', '.', '/', ';', '?', '&':
		e = e[1:]
	case '=', ',', '!', '@', '|':
		return fmt.Errorf("operator %q is reserved for future extensions", e[0])
	}
	if e == "" {
		return fmt.Errorf("no variable after the operator")
	}
	for _, spec := range strings.Split(e, ",") {
		if err := varspec(spec); err != nil {
			return err
		}
	}
	return nil
}

// varspec checks one variable name and its modifier: a prefix length
// (":1" to ":9999") or an explode ("*").
func varspec(spec string) error {
	name, prefix, hasPrefix := strings.Cut(spec, ":")
	if !hasPrefix {
		name = strings.TrimSuffix(spec, "*")
	}
	if err := varname(name); err != nil {
		return err
	}
	if hasPrefix {
		if len(prefix) == 0 || len(prefix) > 4 || prefix[0] == '0' || strings.Trim(prefix, "0123456789") != "" {
			return fmt.Errorf("prefix %q of %q is not a length from 1 to 9999", prefix, name)
		}
	}
	return nil
}

// varname checks a variable name: letters, digits, '_' and
// percent-encoded octets, with single dots between them.
func varname(n string) error {
	if n == "" {
		return fmt.Errorf("empty variable name")
	}
	for i := 0; i < len(n); {
		c := n[i]
		switch {
		case c == '%':
			if !pctEncoded(n[i:]) {
				return fmt.Errorf("variable name %q has a '%%' not followed by two hexadecimal digits", n)
			}
			i += 3
			continue
		case c == '.':
			if i == 0 || i == len(n)-1 || n[i-1] == '.' {
				return fmt.Errorf("variable name %q has a '.' not between two characters", n)
			}
		case c == '_', 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		default:
			return fmt.Errorf("variable name %q has %q, which is not a letter, digit, '_' or '.'", n, c)
		}
		i++
	}
	return nil
}

// literal reports whether an ASCII byte may stand outside expressions:
// the RFC's "literals", less '%' (pct-encoded, checked apart).
func literal(c byte) bool {
	if c <= ' ' || c == 0x7f {
		return false
	}
	return !strings.ContainsRune("\"'%<>\\^`{|}", rune(c))
}

// pctEncoded reports whether s starts with '%' and two hexadecimal digits.
func pctEncoded(s string) bool {
	return len(s) >= 3 && s[0] == '%' && hex(s[1]) && hex(s[2])
}

func hex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// ucschar reports whether a non-ASCII character may stand in a literal:
// RFC 3987's ucschar and iprivate ranges.
func ucschar(r rune) bool {
	switch {
	case 0xA0 <= r && r <= 0xD7FF, 0xF900 <= r && r <= 0xFDCF, 0xFDF0 <= r && r <= 0xFFEF:
		return true
	case 0xE000 <= r && r <= 0xF8FF: // iprivate
		return true
	case 0xE0000 <= r && r <= 0xE0FFF: // tags and variation selectors
		return false
	case 0x10000 <= r && r <= 0x10FFFD:
		// Planes 1 to 14 are ucschar, 15 and 16 iprivate, less the two
		// noncharacters that end each plane.
		return r&0xFFFF < 0xFFFE
	}
	return false
}
