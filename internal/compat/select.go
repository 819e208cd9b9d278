package compat

import (
	"fmt"
	"strings"

	"github.com/mcplint/mcplint/internal/suggest"
)

// Own reads the user's own profiles, given by name in their generic
// (TOML or JSON) form, and resolves them over the built-in ones: the
// result holds every profile a user can select.
func Own(own map[string]map[string]any) (map[string]*Profile, error) {
	mine := map[string]*Profile{}
	for name, table := range own {
		p, err := Decode(table)
		if err != nil {
			return nil, fmt.Errorf("profile %q: %w", name, err)
		}
		if p.Name == "" {
			p.Name = name
		}
		if p.Name != name {
			return nil, fmt.Errorf("profile %q: name %q differs from the table's name", name, p.Name)
		}
		if p.Title == "" {
			p.Title = name
		}
		mine[name] = p
	}
	return Resolve(mine, Builtin())
}

// Select returns the profiles names selects, in order and without
// repeats, from the built-in ones and the user's own (see Own).
func Select(names []string, own map[string]map[string]any) ([]*Profile, error) {
	all, err := Own(own)
	if err != nil {
		return nil, err
	}
	var selected []*Profile
	seen := map[string]bool{}
	for _, n := range names {
		p, ok := all[n]
		if !ok {
			return nil, UnknownError(n, all)
		}
		if !seen[n] {
			seen[n] = true
			selected = append(selected, p)
		}
	}
	return selected, nil
}

// UnknownError says that name is no profile of all, with a guess.
func UnknownError(name string, all map[string]*Profile) error {
	known := sortedKeys(all)
	hint := ""
	if g := suggest.Guess(name, known); g != "" {
		hint = fmt.Sprintf(" (did you mean %q?)", g)
	}
	return fmt.Errorf("no client profile %q%s; known: %s", name, hint, strings.Join(known, ", "))
}

// SplitList reads a comma-separated list of client names (--clients).
func SplitList(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}
