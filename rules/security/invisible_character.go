package security

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rivo/uniseg"

	"github.com/mcplint/mcplint/internal/snip"
	"github.com/mcplint/mcplint/rules/internal/visible"
	"github.com/mcplint/mcplint/sdk"
)

// invisibleCharacter reports zero-width and other default-ignorable
// characters that carry nothing a reader can see.
type invisibleCharacter struct{}

// Meta describes the rule.
func (invisibleCharacter) Meta() sdk.Meta {
	return sdk.Meta{
		Name:     "invisible-character",
		Category: sdk.CategorySecurity,
		Severity: sdk.Error,
		Summary:  "zero-width and other invisible characters hide data or break up words in model-visible text",
		Doc:      doc("invisible-character"),
		Source:   "Unicode UAX #44 Default_Ignorable_Code_Point and UTS #51 emoji sequences; https://paulbutler.org/2025/smuggling-arbitrary-data-through-an-emoji/ (variation-selector smuggling)",
		Default:  true,
		OWASP:    "MCP03:2025 Tool Poisoning",
		CWE:      "CWE-451",
		Uses:     []string{visible.Listing.Name},
	}
}

// isInvisible reports the code points this rule is about: default
// ignorables other than tags and bidi controls, and the blank braille cell.
func isInvisible(r rune) bool {
	if r < 0xAD {
		return false
	}
	if r == 0x2800 {
		return true
	}
	if isTag(r) || isBidiControl(r) {
		return false
	}
	return isDefaultIgnorable(r)
}

// isDefaultIgnorable is the derived property Default_Ignorable_Code_Point
// (DerivedCoreProperties.txt), built from the properties Go ships.
func isDefaultIgnorable(r rune) bool {
	if unicode.Is(unicode.Other_Default_Ignorable_Code_Point, r) || unicode.Is(unicode.Variation_Selector, r) {
		return true
	}
	if !unicode.Is(unicode.Cf, r) {
		return false
	}
	switch {
	case unicode.Is(unicode.White_Space, r),
		r >= 0xFFF9 && r <= 0xFFFB,
		r >= 0x13430 && r <= 0x1343F,
		unicode.Is(unicode.Prepended_Concatenation_Mark, r):
		return false
	}
	return true
}

func isVariationSelector(r rune) bool {
	return (r >= 0xFE00 && r <= 0xFE0F) || (r >= 0xE0100 && r <= 0xE01EF) || (r >= 0x180B && r <= 0x180D) || r == 0x180F
}

// Check reports each text that holds invisible characters, once.
func (invisibleCharacter) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	visible.NotPlain(ctx, s, func(t visible.Text) {
		found, at := invisibles(t.Value)
		if len(found) == 0 {
			return
		}
		is := sdk.Issue{Tool: t.Owner(), Pointer: t.Pointer(), Severity: sdk.Warning}
		if len(found) == 1 {
			is.Message = fmt.Sprintf("%s holds an invisible %s: %s", kindName(t.Kind.String()), charName(found[0]), reveal(t.Value, at[0], isInvisible))
		} else {
			is.Message = fmt.Sprintf("%s holds %d invisible characters (%s)", kindName(t.Kind.String()), len(found), charList(found))
			decoded := decodeInvisible(found)
			if decoded != "" {
				is.Message += fmt.Sprintf(" that encode the hidden text %s", strconv.Quote(snip.Runes(decoded, 160)))
			}
			is.Message += ": " + reveal(t.Value, at[0], isInvisible)
			// Characters that carry something are an error: a run that
			// decodes, a byte's worth of them, or padding inside a word
			// that keeps it from a keyword filter. A few between words,
			// copied with a heading, hide nothing.
			if decoded != "" || len(found) >= 8 || splitsWord(t.Value, at) {
				is.Severity = sdk.Error
			}
		}
		is.Fix = "delete the invisible characters; if words must not break, rephrase instead of using zero-width characters"
		report(is)
	})
	return nil
}

// invisibles returns the invisible characters of s that no script or emoji
// sequence needs, and the byte offset of each.
func invisibles(s string) (found []rune, at []int) {
	// Only invisible characters are ever found, and most texts beyond
	// ASCII have none: one pass over the runes costs far less than
	// cutting the text into grapheme clusters.
	if !hasInvisible(s) {
		return nil, nil
	}
	offset := 0
	state := -1
	rest := s
	for len(rest) > 0 {
		var cluster string
		cluster, rest, _, state = uniseg.FirstGraphemeClusterInString(rest, state)
		emoji := false
		prev := rune(-1)
		// A variation selector that was allowed stops being innocent when
		// another follows it: a base takes one, a payload takes many.
		allowedVS, allowedAt := rune(-1), -1
		for i, r := range cluster {
			if i == 0 {
				emoji = isEmojiBase(r)
			}
			if isInvisible(r) {
				if needed(s, offset+i, r, prev, emoji, i+utf8.RuneLen(r) < len(cluster)) {
					if isVariationSelector(r) {
						allowedVS, allowedAt = r, offset+i
					}
				} else {
					if allowedVS >= 0 && prev == allowedVS && isVariationSelector(r) {
						found, at = append(found, allowedVS), append(at, allowedAt)
						allowedVS = -1
					}
					found, at = append(found, r), append(at, offset+i)
				}
			}
			prev = r
		}
		offset += len(cluster)
	}
	return found, at
}

// splitsWord reports whether an invisible character at one of the offsets
// at stands between two letters of s, other invisible characters aside:
// "ig\u200bnore" is one word to the model and two to a filter.
func splitsWord(s string, at []int) bool {
	for _, o := range at {
		before, after := rune(-1), rune(-1)
		for i := o; i > 0; {
			r, n := utf8.DecodeLastRuneInString(s[:i])
			if !isInvisible(r) {
				before = r
				break
			}
			i -= n
		}
		for i := o; i < len(s); {
			r, n := utf8.DecodeRuneInString(s[i:])
			if !isInvisible(r) {
				after = r
				break
			}
			i += n
		}
		if unicode.IsLetter(before) && unicode.IsLetter(after) {
			return true
		}
	}
	return false
}

// hasInvisible reports whether s holds a character isInvisible reports.
func hasInvisible(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0xC2 {
			// ASCII, or a byte inside a character: no invisible character
			// starts there (the first, U+00AD, is 0xC2 0xAD).
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if isInvisible(r) {
			return true
		}
		i += size - 1
	}
	return false
}

// needed reports whether the invisible r at byte offset at of s does a
// job text needs. prev is the rune before it in its grapheme cluster (-1 at
// the cluster's start), emoji whether the cluster starts with an emoji, and
// inside whether more runes follow in the cluster.
func needed(s string, at int, r, prev rune, emoji, inside bool) bool {
	before, _ := utf8.DecodeLastRuneInString(s[:at])
	if at == 0 {
		before = -1
	}
	after, _ := utf8.DecodeRuneInString(s[at+utf8.RuneLen(r):])
	switch {
	case r == 0x200D && emoji && inside && !isInvisible(after):
		// GB11: a ZWJ only stays inside a cluster between two pictographs.
		return true
	case r == 0xFE0E || r == 0xFE0F:
		if prev >= 0x80 && !isInvisible(prev) {
			return true
		}
		// Keycaps: 1️⃣ is a digit, VS16 and U+20E3.
		return (prev == '#' || prev == '*' || (prev >= '0' && prev <= '9')) && after == 0x20E3
	case r >= 0xFE00 && r <= 0xFE0D:
		// Standardized variation sequences: math symbols, CJK, Myanmar,
		// Phags-pa, Manichaean, and the short-stroke zero.
		return (prev >= 0x80 && !isInvisible(prev)) || prev == '0'
	case r >= 0xE0100 && r <= 0xE01EF:
		return prev >= 0 && unicode.Is(unicode.Han, prev)
	case (r >= 0x180B && r <= 0x180D) || r == 0x180F:
		return prev >= 0 && unicode.Is(unicode.Mongolian, prev)
	case r == 0x200C || r == 0x200D:
		return joinerScript(before) != nil && joinerScript(before) == joinerScript(after)
	}
	return false
}

// isEmojiBase approximates Extended_Pictographic, which Go does not ship:
// the symbols block of emoji and the Other Symbol category.
func isEmojiBase(r rune) bool {
	return (r >= 0x1F000 && r <= 0x1FAFF) || unicode.Is(unicode.So, r)
}

// joinerScripts use ZWJ and ZWNJ between letters to choose a ligature or
// glyph form.
var joinerScripts = []*unicode.RangeTable{
	unicode.Arabic, unicode.Syriac, unicode.Nko, unicode.Mongolian, unicode.Thaana,
	unicode.Devanagari, unicode.Bengali, unicode.Gurmukhi, unicode.Gujarati, unicode.Oriya,
	unicode.Tamil, unicode.Telugu, unicode.Kannada, unicode.Malayalam, unicode.Sinhala,
	unicode.Myanmar, unicode.Khmer, unicode.Tibetan, unicode.Javanese, unicode.Balinese,
}

// joinerScript returns the script table of a letter or mark in a joining
// script, or nil.
func joinerScript(r rune) *unicode.RangeTable {
	if r < 0x80 || !(unicode.IsLetter(r) || unicode.IsMark(r)) {
		return nil
	}
	for _, t := range joinerScripts {
		if unicode.Is(t, r) {
			return t
		}
	}
	return nil
}

// decodeInvisible recognizes two encodings of bytes in invisible characters
// and returns the text when it is printable: one variation selector per
// byte (U+FE00–FE0F for 0–15, U+E0100–E01EF for 16–255), and binary in two
// distinct zero-width characters, eight to a byte.
func decodeInvisible(rs []rune) string {
	var b []byte
	for _, r := range rs {
		switch {
		case r >= 0xFE00 && r <= 0xFE0F:
			b = append(b, byte(r-0xFE00))
		case r >= 0xE0100 && r <= 0xE01EF:
			b = append(b, byte(r-0xE0100+16))
		}
	}
	if len(b) >= 3 && len(b) == len(rs) && printable(string(b)) {
		return string(b)
	}
	var distinct []rune
	for _, r := range rs {
		if !strings.ContainsRune(string(distinct), r) {
			distinct = append(distinct, r)
		}
	}
	if len(distinct) != 2 || len(rs) < 16 || len(rs)%8 != 0 {
		return ""
	}
	for _, one := range distinct {
		b = b[:0]
		for i := 0; i < len(rs); i += 8 {
			var c byte
			for _, r := range rs[i : i+8] {
				c <<= 1
				if r == one {
					c |= 1
				}
			}
			b = append(b, c)
		}
		if printable(string(b)) {
			return string(b)
		}
	}
	return ""
}

func printable(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if !unicode.IsPrint(r) && r != '\n' && r != '\t' {
			return false
		}
	}
	return true
}
