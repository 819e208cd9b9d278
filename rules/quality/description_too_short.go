package quality

import (
	"context"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/rivo/uniseg"

	"github.com/mcplint/mcplint/internal/plural"
	"github.com/mcplint/mcplint/internal/schemawalk"
	"github.com/mcplint/mcplint/internal/snip"
	"github.com/mcplint/mcplint/sdk"
)

// defaultMinDescriptionLength is the shortest description that can name an
// action, its object and one qualifier ("Get the weather for a city" is 26).
// Below 20 characters a description can only restate the tool's name.
const defaultMinDescriptionLength = 20

type descriptionTooShortSettings struct {
	MinLength int `json:"min-length"`
}

// descriptionTooShort reports descriptions shorter than min-length
// characters (grapheme clusters, after trimming white space).
type descriptionTooShort struct {
	settings *descriptionTooShortSettings
}

func (r *descriptionTooShort) Meta() sdk.Meta {
	return sdk.Meta{
		Name:     "description-too-short",
		Category: sdk.CategoryQuality,
		Severity: sdk.Info,
		Summary:  "Tool descriptions are long enough to say what the tool does and when to use it",
		Doc:      doc("description-too-short"),
		Source: "Anthropic, Define tools (platform.claude.com/docs/en/agents-and-tools/tool-use/define-tools): " +
			"detailed descriptions are the most important factor in tool performance; 2025-11-25/server/tools.mdx#tool",
		Default: true,
		Uses:    []string{schemawalk.Flattened.Name},
	}
}

// Configure reads "min-length", a count of characters (0 turns the check off).
func (r *descriptionTooShort) Configure(decode func(any) error) error {
	s := descriptionTooShortSettings{MinLength: defaultMinDescriptionLength}
	if err := decode(&s); err != nil {
		return fmt.Errorf("description-too-short settings: %w", err)
	}
	if s.MinLength < 0 {
		return fmt.Errorf("description-too-short: min-length is %d; set it to 0 or more (0 turns the check off)", s.MinLength)
	}
	r.settings = &s
	return nil
}

func (r *descriptionTooShort) minLength() int {
	if r.settings == nil {
		return defaultMinDescriptionLength
	}
	return r.settings.MinLength
}

func (r *descriptionTooShort) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	limit := r.minLength()
	flat := schemawalk.Tools(ctx, s)
	for i := range s.Tools {
		t := &s.Tools[i]
		raw, _ := description(t, &flat[i])
		text, _ := raw.(string)
		trimmed := strings.TrimSpace(text)
		if trimmed == "" {
			continue // description-missing reports it
		}
		n := graphemesUpTo(trimmed, limit)
		if n >= limit {
			continue
		}
		report(sdk.Issue{
			Tool:    t.Name,
			Pointer: sdk.ToolPointer(i, "description"),
			Message: fmt.Sprintf("description of %s is %s (%q), fewer than %d", toolLabel(i, t.Name), plural.Count(n, "character"), clip(trimmed), limit),
			Fix:     fmt.Sprintf("in at least %d characters, say what the tool does, when to use it rather than the server's other tools, and what it returns", limit),
		})
	}
	return ctx.Err()
}

// graphemesUpTo counts the user-perceived characters of s, stopping at
// limit: long descriptions are the common case and need not be walked to
// the end.
func graphemesUpTo(s string, limit int) int {
	if n, ok := asciiGraphemesUpTo(s, limit); ok {
		return n
	}
	if utf8.RuneCountInString(s) < limit {
		return uniseg.GraphemeClusterCount(s)
	}
	n, state := 0, -1
	for s != "" && n < limit {
		_, s, _, state = uniseg.FirstGraphemeClusterInString(s, state)
		n++
	}
	return n
}

// asciiGraphemesUpTo is graphemesUpTo for text whose first limit
// clusters are ASCII, where each byte is a cluster but CR LF, which is one;
// ok is false when a byte of another script comes first. Descriptions are
// mostly ASCII, and most are long: this spares counting their runes.
func asciiGraphemesUpTo(s string, limit int) (n int, ok bool) {
	for i := 0; i < len(s) && n < limit; n++ {
		if s[i] >= utf8.RuneSelf {
			// It may join the cluster before it (a combining mark).
			return 0, false
		}
		if s[i] == '\r' && i+1 < len(s) && s[i+1] == '\n' {
			i++
		}
		i++
	}
	return n, true
}

// clip shortens a quoted description when min-length is set high, so the
// message stays one readable line.
func clip(s string) string {
	return snip.Runes(s, 80)
}
