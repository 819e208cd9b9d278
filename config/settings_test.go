package config

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/sdk"
)

// styleRule stands in for a configurable rule: settings with json tags, as
// every rule declares them.
type styleRule struct {
	settings struct {
		Style  string `json:"style"`
		Ignore []string
		Limits struct {
			Max int `json:"max"`
		} `json:"limits"`
	}
	configured bool
}

func (r *styleRule) Meta() sdk.Meta { return sdk.Meta{Name: "tool-name-style"} }
func (r *styleRule) Check(context.Context, *sdk.Snapshot, func(sdk.Issue)) error {
	return nil
}
func (r *styleRule) Configure(decode func(any) error) error {
	r.configured = true
	if err := decode(&r.settings); err != nil {
		return err
	}
	if s := r.settings.Style; s != "" && s != "snake_case" && s != "camelCase" {
		return fmt.Errorf("style %q is not one of snake_case, camelCase", s)
	}
	return nil
}

// plainRule takes no settings.
type plainRule struct{ name string }

func (r plainRule) Meta() sdk.Meta { return sdk.Meta{Name: r.name} }
func (r plainRule) Check(context.Context, *sdk.Snapshot, func(sdk.Issue)) error {
	return nil
}

func TestSettings(t *testing.T) {
	for _, tc := range []struct {
		name, toml string
		want       string // "" for success
	}{
		{"ok", `
[rules.settings.tool-name-style]
style = "snake_case"
Ignore = ["legacyTool"]
limits = { max = 3 }
`, ""},
		{"unknown_key", `
[rules.settings.tool-name-style]
stlye = "snake_case"
`, `c.toml:4:1: unknown setting "stlye" for rule "tool-name-style" (did you mean "style"?)`},
		{"unknown_key_listed", `
[rules.settings.tool-name-style]
colour = "red"
`, `c.toml:4:1: unknown setting "colour" for rule "tool-name-style" (known settings: Ignore, limits, style)`},
		{"nested_unknown", `
[rules.settings.tool-name-style.limits]
max = 2
min = 1
`, `c.toml:5:1: unknown setting "min" for rule "tool-name-style"`},
		{"wrong_type", `
[rules.settings.tool-name-style]
style = 3
`, `c.toml:4:1: rules.settings.tool-name-style.style must be a string, not the integer 3`},
		{"nested_wrong_type", `
[rules.settings.tool-name-style]
limits = { max = "three" }
`, `c.toml:4:12: rules.settings.tool-name-style.limits.max must be an integer, not the string "three"`},
		{"rule_rejects", `
[rules.settings.tool-name-style]
style = "kebab"
`, `c.toml:3:1: rule "tool-name-style" rejected its settings: style "kebab" is not one of snake_case, camelCase`},
		{"no_settings", `
[rules.settings.too-many-tools]
max = 3
`, `c.toml:3:1: rule "too-many-tools" takes no settings: remove [rules.settings.too-many-tools]`},
		{"nan", `
[rules.settings.tool-name-style]
limits = { max = nan }
`, `c.toml:3:1: [rules.settings.tool-name-style] holds nan or inf, which no setting accepts`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg, err := Parse("c.toml", []byte("version = 1\n"+tc.toml), testKnown)
			if err != nil {
				t.Fatal(err)
			}
			style := &styleRule{}
			err = cfg.ConfigureRules([]sdk.Rule{style, plainRule{"too-many-tools"}})
			got := ""
			if err != nil {
				got = err.Error()
			}
			if got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
			if !style.configured {
				t.Error("a configurable rule was not configured")
			}
			if err != nil {
				var ce *Error
				if !errors.As(err, &ce) || ce.Line == 0 {
					t.Errorf("error is not placed: %#v", err)
				}
			}
		})
	}
}

// TestSettingsForAbsentRules: a plugin rule's table waits for its plugin;
// a built-in name the engine does not run is an error.
func TestSettingsForAbsentRules(t *testing.T) {
	src := "version = 1\n[[plugin]]\nname = \"acme\"\n[rules.settings.\"acme/no-foo\"]\nx = 1\n[rules.settings.description-too-short]\nmin-length = 3\n"
	cfg, err := Parse("c.toml", []byte(src), testKnown)
	if err != nil {
		t.Fatal(err)
	}
	err = cfg.ConfigureRules(nil)
	if err == nil || !strings.Contains(err.Error(), `c.toml:6:1: [rules.settings.description-too-short] names no rule this mcplint runs`) || strings.Contains(err.Error(), "acme") {
		t.Errorf("ConfigureRules(nil) = %v", err)
	}
	if err := Default().ConfigureRules([]sdk.Rule{&styleRule{}}); err != nil {
		t.Errorf("defaults: %v", err)
	}
}
