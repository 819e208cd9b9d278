package naming

import (
	"context"
	"fmt"
	"strings"

	"github.com/mcplint/mcplint/internal/suggest"
	"github.com/mcplint/mcplint/sdk"
)

// Values of the tool-name-style "style" setting.
const (
	styleSettingSnake      = "snake_case"
	styleSettingCamel      = "camelCase"
	styleSettingKebab      = "kebab-case"
	styleSettingConsistent = "consistent"
)

var styleSettings = map[string]style{
	styleSettingSnake: snakeCase,
	styleSettingCamel: camelCase,
	styleSettingKebab: kebabCase,
}

type toolNameStyleSettings struct {
	Style string `json:"style"`
}

// toolNameStyle reports tool names written in another style than the one
// configured, or, by default, than most of the server's names.
type toolNameStyle struct {
	settings toolNameStyleSettings
}

func (r *toolNameStyle) Meta() sdk.Meta {
	return sdk.Meta{
		Name:     "tool-name-style",
		Category: sdk.CategoryNaming,
		Severity: sdk.Info,
		Summary:  "Tool names follow one naming style (snake_case, camelCase or kebab-case)",
		Doc:      doc("tool-name-style"),
		Source:   "2025-11-25/server/tools.mdx#tool-names",
		Default:  true,
	}
}

// Configure reads the "style" setting: snake_case, camelCase, kebab-case or
// consistent (the default).
func (r *toolNameStyle) Configure(decode func(any) error) error {
	s := toolNameStyleSettings{Style: styleSettingConsistent}
	if err := decode(&s); err != nil {
		return fmt.Errorf("tool-name-style settings: %w", err)
	}
	if _, ok := styleSettings[s.Style]; !ok && s.Style != styleSettingConsistent {
		msg := fmt.Sprintf("tool-name-style: style %q is not one of snake_case, camelCase, kebab-case, consistent", s.Style)
		if guess := guessStyleSetting(s.Style); guess != "" {
			msg += fmt.Sprintf(" (did you mean %q?)", guess)
		}
		return fmt.Errorf("%s", msg)
	}
	r.settings = s
	return nil
}

// guessStyleSetting maps near misses such as "snake", "CamelCase" or
// "kebab_case" to the setting value the user meant, by mcplint's one
// did-you-mean policy (package suggest).
func guessStyleSetting(v string) string {
	return suggest.Guess(v, []string{styleSettingSnake, styleSettingCamel, styleSettingKebab, styleSettingConsistent})
}

func (r *toolNameStyle) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	var names []string
	for _, t := range s.Tools {
		if t.Name != "" {
			names = append(names, t.Name)
		}
	}
	if len(names) == 0 {
		return nil
	}
	setting := r.settings.Style
	if setting == "" {
		setting = styleSettingConsistent
	}
	if want, ok := styleSettings[setting]; ok {
		for i, t := range s.Tools {
			if t.Name == "" || want.fits(t.Name) {
				continue
			}
			report(sdk.Issue{
				Tool:    t.Name,
				Pointer: sdk.ToolPointer(i, "name"),
				Message: fmt.Sprintf("tool name %q is not %s (the configured style)", t.Name, want),
				Fix:     fmt.Sprintf("rename it to %q", convert(t.Name, want)),
			})
		}
		return ctx.Err()
	}

	major, _, found := majorityStyle(names)
	for i, t := range s.Tools {
		if t.Name == "" {
			continue
		}
		if !found {
			if fitsAny(t.Name) {
				continue
			}
			target := separatorStyle(names)
			report(sdk.Issue{
				Tool:    t.Name,
				Pointer: sdk.ToolPointer(i, "name"),
				Message: fmt.Sprintf("tool name %q mixes naming styles", t.Name),
				Fix:     fmt.Sprintf("rename it to %q (%s), and write every tool name of the server in that one style", convert(t.Name, target), target),
			})
			continue
		}
		// A name no style conversion can fix (a look-alike letter, a
		// character no style allows) is tool-name-format's and
		// confusable-name's to report.
		if major.fits(t.Name) || convert(t.Name, major) == t.Name {
			continue
		}
		what := "mixes naming styles, while"
		if own, ok := firstStyle(t.Name); ok {
			what = "is " + own.String() + ", but"
		}
		report(sdk.Issue{
			Tool:    t.Name,
			Pointer: sdk.ToolPointer(i, "name"),
			// No counts in the message: adding a tool must not make a
			// baselined issue look new.
			Message: fmt.Sprintf("tool name %q %s the server's tool names are mostly %s", t.Name, what, major),
			Fix:     fmt.Sprintf("rename it to %q to match the rest of the server", convert(t.Name, major)),
		})
	}
	return ctx.Err()
}

// majorityStyle returns the style that most names fit and how many fit it.
// A name that fits several styles (a single lower-case word fits snake_case,
// camelCase and kebab-case) counts for each. On a tie the earliest name that
// fits some but not all of the tied styles decides, so the result does not
// depend on map order. found is false when fewer names fit the best style
// than fit none: such a server has no style to hold the others to.
func majorityStyle(names []string) (major style, count int, found bool) {
	var counts [styleCount]int
	none := 0
	for _, n := range names {
		fit := false
		for s := range styleCount {
			if s.fits(n) {
				counts[s]++
				fit = true
			}
		}
		if !fit {
			none++
		}
	}
	var tied []style
	for s := range styleCount {
		switch {
		case counts[s] > count:
			count, tied = counts[s], []style{s}
		case counts[s] == count && count > 0:
			tied = append(tied, s)
		}
	}
	if count == 0 || count < none {
		return 0, 0, false
	}
	for _, n := range names {
		var fit []style
		for _, s := range tied {
			if s.fits(n) {
				fit = append(fit, s)
			}
		}
		if len(fit) > 0 && len(fit) < len(tied) {
			return fit[0], count, true
		}
	}
	return tied[0], count, true
}

func firstStyle(name string) (style, bool) {
	for s := range styleCount {
		if s.fits(name) {
			return s, true
		}
	}
	return 0, false
}

func fitsAny(name string) bool {
	_, ok := firstStyle(name)
	return ok
}

// separatorStyle picks the style to suggest when the server has none: the
// one whose separator most names already use ("API-get-user" becomes
// "api-get-user"), camelCase when they use none.
func separatorStyle(names []string) style {
	underscores, hyphens := 0, 0
	for _, n := range names {
		if strings.Contains(n, "_") {
			underscores++
		}
		if strings.Contains(n, "-") {
			hyphens++
		}
	}
	switch {
	case hyphens > underscores:
		return kebabCase
	case underscores > 0:
		return snakeCase
	}
	return camelCase
}
