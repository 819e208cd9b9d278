package security

import (
	"context"
	"fmt"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/bidi"

	"github.com/mcplint/mcplint/rules/internal/visible"
	"github.com/mcplint/mcplint/sdk"
)

// bidiControl reports bidirectional formatting characters, which make text
// display in another order than the one a model reads ("Trojan Source").
type bidiControl struct{}

// Meta describes the rule.
func (bidiControl) Meta() sdk.Meta {
	return sdk.Meta{
		Name:     "bidi-control",
		Category: sdk.CategorySecurity,
		Severity: sdk.Error,
		Summary:  "bidirectional control characters make text display differently from what the model reads",
		Doc:      doc("bidi-control"),
		Source:   "https://trojansource.codes/ (Boucher and Anderson, Trojan Source, CVE-2021-42574); Unicode UAX #9",
		Default:  true,
		OWASP:    "MCP03:2025 Tool Poisoning",
		CWE:      "CWE-451",
		Uses:     []string{visible.Listing.Name},
	}
}

func isBidiControl(r rune) bool {
	switch r {
	case 0x061C, 0x200E, 0x200F:
		return true
	}
	return (r >= 0x202A && r <= 0x202E) || (r >= 0x2066 && r <= 0x2069)
}

func isBidiMark(r rune) bool { return r == 0x061C || r == 0x200E || r == 0x200F }

func isRightToLeft(r rune) bool {
	p, _ := bidi.LookupRune(r)
	c := p.Class()
	return c == bidi.R || c == bidi.AL
}

// hasBidiControl reports whether s holds a character isBidiControl
// reports. Most texts beyond ASCII hold none, and looking up every rune's
// direction costs more than finding the two lead bytes the controls start
// with: U+061C is D8 9C, the others E2 80 or E2 81 and one more byte.
func hasBidiControl(s string) bool {
	if strings.Contains(s, "\u061c") {
		return true
	}
	for i := 0; ; i++ {
		k := strings.IndexByte(s[i:], 0xE2)
		if k < 0 {
			return false
		}
		i += k
		if r, _ := utf8.DecodeRuneInString(s[i:]); isBidiControl(r) {
			return true
		}
	}
}

// Check reports each text that holds bidi controls, once.
func (bidiControl) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	visible.NotPlain(ctx, s, func(t visible.Text) {
		if !hasBidiControl(t.Value) {
			return
		}
		var found []rune
		first, rtl, open := -1, false, 0
		var explicit bool
		for i, r := range t.Value {
			if isRightToLeft(r) {
				rtl = true
			}
			if !isBidiControl(r) {
				continue
			}
			found = append(found, r)
			if first < 0 {
				first = i
			}
			switch {
			case r == 0x202C || r == 0x2069:
				if open > 0 {
					open--
				}
			case !isBidiMark(r):
				explicit = true
				open++
			}
		}
		if len(found) == 0 || (!explicit && rtl) {
			return
		}
		is := sdk.Issue{Tool: t.Owner(), Pointer: t.Pointer()}
		if explicit {
			is.Message = fmt.Sprintf("%s holds bidirectional controls (%s) that reorder what a reviewer sees while the model reads the stored order", kindName(t.Kind.String()), charList(found))
			if open > 0 {
				if open == 1 {
					is.Message += "; 1 of them is never closed, so it reorders everything after it"
				} else {
					is.Message += fmt.Sprintf("; %d of them are never closed, so they reorder everything after them", open)
				}
			}
			is.Fix = "remove the bidirectional override, embedding and isolate characters (U+202A–U+202E, U+2066–U+2069); write the text in the order it should be read"
		} else {
			is.Severity = sdk.Warning
			is.Message = fmt.Sprintf("%s holds invisible direction marks (%s) but no right-to-left text that would need them", kindName(t.Kind.String()), charList(found))
			is.Fix = "remove the direction marks (U+200E, U+200F, U+061C); left-to-right text does not need them"
		}
		is.Message += ": " + reveal(t.Value, first, isBidiControl)
		report(is)
	})
	return nil
}
