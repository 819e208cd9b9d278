package security

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/mcplint/mcplint/internal/plural"
	"github.com/mcplint/mcplint/internal/snip"
	"github.com/mcplint/mcplint/rules/internal/visible"
	"github.com/mcplint/mcplint/sdk"
)

// hiddenUnicodeTag reports Unicode tag characters, which no font draws but
// every model reads as the ASCII they shadow ("ASCII smuggling").
type hiddenUnicodeTag struct{}

// Meta describes the rule.
func (hiddenUnicodeTag) Meta() sdk.Meta {
	return sdk.Meta{
		Name:     "hidden-unicode-tag",
		Category: sdk.CategorySecurity,
		Severity: sdk.Error,
		Summary:  "Unicode tag characters (U+E0000–E007F) hide text that the model reads and the user cannot see",
		Doc:      doc("hidden-unicode-tag"),
		Source:   "https://embracethered.com/blog/posts/2024/hiding-and-finding-text-with-unicode-tags/ (Rehberger, ASCII Smuggler); Unicode UTS #51 §2.5.1 emoji tag sequences",
		Default:  true,
		OWASP:    "MCP03:2025 Tool Poisoning",
		CWE:      "CWE-451",
		Uses:     []string{visible.Listing.Name},
	}
}

// Check reports each text that holds tag characters outside an emoji tag
// sequence, with the text they spell.
func (r hiddenUnicodeTag) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	visible.NotPlain(ctx, s, func(t visible.Text) {
		// Tag characters are U+E0000–E007F: F3 A0 80 80 … F3 A0 81 BF.
		if !strings.Contains(t.Value, "\xf3\xa0\x80") && !strings.Contains(t.Value, "\xf3\xa0\x81") {
			return
		}
		first, count, hidden := smuggledTags(t.Value)
		if count == 0 {
			return
		}
		msg := fmt.Sprintf("%s holds %s", kindName(t.Kind.String()), plural.Count(count, "invisible Unicode tag character"))
		if hidden != "" {
			verb := "spell"
			if count == 1 {
				verb = "spells"
			}
			msg += fmt.Sprintf(" that %s the hidden text %s", verb, strconv.Quote(snip.Runes(hidden, 160)))
		}
		msg += "; the model reads them, the user sees nothing: " + reveal(t.Value, first, isTag)
		report(sdk.Issue{
			Tool:    t.Owner(),
			Pointer: t.Pointer(),
			Message: msg,
			Fix:     "remove every character in U+E0000–U+E007F from this text; a subdivision flag is U+1F3F4, its tag letters and U+E007F, nothing else",
		})
	})
	return nil
}

func isTag(r rune) bool { return r >= 0xE0000 && r <= 0xE007F }

// smuggledTags finds tag characters that are not part of a well-formed
// emoji tag sequence: the byte offset of the first, how many there are, and
// the ASCII they mirror (runs joined by a space).
func smuggledTags(s string) (first, count int, hidden string) {
	var b strings.Builder
	first = -1
	prevEnd := -1
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == 0x1F3F4 {
			if end, ok := emojiTagSequence(s, i+size); ok {
				i = end
				continue
			}
		}
		if !isTag(r) {
			i += size
			continue
		}
		if first < 0 {
			first = i
		}
		count++
		if prevEnd >= 0 && prevEnd != i && b.Len() > 0 {
			b.WriteByte(' ')
		}
		if r >= 0xE0020 && r <= 0xE007E {
			b.WriteRune(r - 0xE0000)
		}
		i += size
		prevEnd = i
	}
	return first, count, strings.TrimSpace(b.String())
}

// emojiTagSequence reads the tag spec and terminator of a flag that started
// just before at: 2 to 7 tag digits or lowercase tag letters (a CLDR
// subdivision id: a two-letter or three-digit region and 1–4 more) and
// U+E007F CANCEL TAG. It returns the offset after the terminator.
func emojiTagSequence(s string, at int) (int, bool) {
	n := 0
	for i := at; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r >= 0xE0030 && r <= 0xE0039, r >= 0xE0061 && r <= 0xE007A:
			n++
			if n > 7 {
				return 0, false
			}
		case r == 0xE007F:
			return i + size, n >= 2
		default:
			return 0, false
		}
		i += size
	}
	return 0, false
}
