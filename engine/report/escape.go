package report

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Escape makes untrusted text safe to print on a terminal, on one line: a
// linter must never be the channel of the attack it reports. Printable text
// passes unchanged; everything a terminal would act on or a reader could not
// see is written out:
//
//   - C0 and C1 controls and DEL as \xNN (ESC is \x1b), with \t \n \r as such;
//   - tag characters (U+E0000–U+E007F) as \U000e0041, as strconv.Quote
//     writes them, so that a report has one escape style throughout;
//   - bidi controls, zero-width and other invisible or format characters,
//     variation selectors and line/paragraph separators as \uXXXX (or
//     \U000XXXXX);
//   - bytes that are not UTF-8 as \xNN.
//
// A backslash is left alone: text that spells "\x1b" is shown as written.
func Escape(s string) string {
	if isPlain(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r < 0x20 || (r >= 0x7f && r <= 0x9f):
			fmt.Fprintf(&b, `\x%02x`, r)
		case r >= 0xE0000 && r <= 0xE007F:
			fmt.Fprintf(&b, `\U%08x`, r)
		case Hidden(r):
			if r > 0xFFFF {
				fmt.Fprintf(&b, `\U%08x`, r)
			} else {
				fmt.Fprintf(&b, `\u%04x`, r)
			}
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// Hidden reports whether r is invisible or changes how text around it is
// shown: format characters (bidi controls, zero-width characters, tags),
// variation selectors, other default-ignorable code points, and line and
// paragraph separators.
func Hidden(r rune) bool {
	return unicode.In(r, unicode.Cf, unicode.Variation_Selector,
		unicode.Other_Default_Ignorable_Code_Point, unicode.Zl, unicode.Zp)
}

// isPlain is the fast path: printable ASCII needs no work.
func isPlain(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f {
			return false
		}
	}
	return true
}
