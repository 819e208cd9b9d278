package naming

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/mcplint/mcplint/rules/internal/jsonvalue"
	"github.com/mcplint/mcplint/sdk"
	"go.mau.fi/util/confusable"
)

// maxNameLength is the spec's upper bound on a tool name's length.
const maxNameLength = 128

// toolNameFormat reports tool names that are missing, not strings, empty,
// longer than 128 characters or made of characters outside A-Za-z0-9_.-.
type toolNameFormat struct{}

func (toolNameFormat) Meta() sdk.Meta {
	return sdk.Meta{
		Name:     "tool-name-format",
		Category: sdk.CategoryNaming,
		Severity: sdk.Warning,
		Summary:  "Tool names are 1 to 128 characters of A-Z, a-z, 0-9, underscore, hyphen and dot",
		Doc:      doc("tool-name-format"),
		Source:   "2025-11-25/server/tools.mdx#tool-names",
		Default:  true,
	}
}

func (toolNameFormat) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	for i, t := range s.Tools {
		raw, present := t.Def["name"]
		if t.Def == nil {
			raw, present = t.Name, t.Name != ""
		}
		name, isString := raw.(string)
		switch {
		case !present:
			report(sdk.Issue{
				Severity: sdk.Error,
				Pointer:  sdk.ToolPointer(i),
				Message:  fmt.Sprintf("tool %d has no \"name\"", i),
				Fix:      "add a \"name\" of 1 to 128 characters of A-Z, a-z, 0-9, _, - and . (for example \"get_weather\"); clients call a tool by its name",
			})
		case !isString:
			report(sdk.Issue{
				Severity: sdk.Error,
				Pointer:  sdk.ToolPointer(i, "name"),
				Message:  fmt.Sprintf("tool %d's name is %s, not a string", i, jsonvalue.Describe(raw)),
				Fix:      "make \"name\" a string of 1 to 128 characters of A-Z, a-z, 0-9, _, - and .",
			})
		case name == "":
			report(sdk.Issue{
				Severity: sdk.Error,
				Pointer:  sdk.ToolPointer(i, "name"),
				Message:  fmt.Sprintf("tool %d's name is empty", i),
				Fix:      "give the tool a name of 1 to 128 characters of A-Z, a-z, 0-9, _, - and . (for example \"get_weather\")",
			})
		default:
			checkNameText(i, name, report)
		}
	}
	return ctx.Err()
}

func checkNameText(i int, name string, report func(sdk.Issue)) {
	bad := disallowedRunes(name)
	length := utf8.RuneCountInString(name)
	if len(bad) == 0 && length <= maxNameLength {
		return
	}
	var problems []string
	if len(bad) > 0 {
		problems = append(problems, "contains "+describeRunes(bad)+" (allowed: A-Z, a-z, 0-9, _, - and .)")
	}
	if length > maxNameLength {
		problems = append(problems, fmt.Sprintf("is %d characters long, over %d", length, maxNameLength))
	}
	report(sdk.Issue{
		Tool:    name,
		Pointer: sdk.ToolPointer(i, "name"),
		Message: fmt.Sprintf("tool name %q %s", name, strings.Join(problems, " and ")),
		Fix:     formatFix(name, length),
	})
}

func formatFix(name string, length int) string {
	clean := sanitizeName(name)
	switch {
	case clean == "":
		return "rename it using only A-Z, a-z, 0-9, _, - and . (1 to 128 characters)"
	case utf8.RuneCountInString(clean) > maxNameLength:
		return fmt.Sprintf("rename it to a name of at most %d characters of A-Z, a-z, 0-9, _, - and . (it has %d)", maxNameLength, length)
	}
	return fmt.Sprintf("rename it to %q", clean)
}

func allowedNameRune(r rune) bool {
	return isASCIILower(r) || isASCIIUpper(r) || isASCIIDigit(r) || r == '_' || r == '-' || r == '.'
}

// disallowedRunes returns the distinct characters of name outside the
// allowed set, in order of first appearance.
func disallowedRunes(name string) []rune {
	var out []rune
	seen := map[rune]bool{}
	for _, r := range name {
		if !allowedNameRune(r) && !seen[r] {
			seen[r] = true
			out = append(out, r)
		}
	}
	return out
}

// describeRunes quotes characters Go-style, so invisible and control
// characters read as escapes: ' ', '!', '\u200b'.
func describeRunes(rs []rune) string {
	const shown = 5
	var parts []string
	for i, r := range rs {
		if i == shown {
			parts = append(parts, fmt.Sprintf("%d more", len(rs)-shown))
			break
		}
		parts = append(parts, strconv.QuoteRune(r))
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// sanitizeName suggests an allowed name: accents are stripped ("café" becomes
// "cafe"), look-alike letters become the ASCII letter they imitate (a
// Cyrillic "а" becomes "a"), invisible format and control characters are
// dropped, and each run of other disallowed characters becomes one
// underscore between words.
func sanitizeName(name string) string {
	var b strings.Builder
	pendingSep, last := false, rune(0)
	for _, r := range norm.NFKD.String(name) {
		switch {
		case allowedNameRune(r):
			if pendingSep && b.Len() > 0 && last != '_' {
				b.WriteByte('_')
			}
			pendingSep, last = false, r
			b.WriteRune(r)
		case unicode.Is(unicode.Mn, r), unicode.Is(unicode.Cf, r), unicode.IsControl(r):
		default:
			if sk := confusable.Skeleton(string(r)); len(sk) == 1 && allowedNameRune(rune(sk[0])) && unicode.IsLetter(r) {
				if pendingSep && b.Len() > 0 && last != '_' {
					b.WriteByte('_')
				}
				pendingSep, last = false, rune(sk[0])
				b.WriteByte(sk[0])
				continue
			}
			pendingSep = true
		}
	}
	return b.String()
}
