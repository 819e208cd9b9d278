package config

import (
	"fmt"
	"sort"
	"strings"

	"github.com/mcplint/mcplint/sdk"
)

// Position is a place in a config file. Line and Column are 1-based;
// Column counts Unicode code points, as editors do.
type Position struct {
	Line, Column int
}

// Error is one problem with a config file, placed at the key or table it is
// about.
type Error struct {
	File   string
	Line   int
	Column int
	Msg    string
}

func (e *Error) Error() string {
	if e.Line == 0 {
		return e.File + ": " + e.Msg
	}
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Column, e.Msg)
}

// Errors are every problem found in one config file, in file order. A
// config is rejected as a whole, so a user fixes all of them in one pass.
type Errors []*Error

func (es Errors) Error() string {
	lines := make([]string, len(es))
	for i, e := range es {
		lines[i] = e.Error()
	}
	return strings.Join(lines, "\n")
}

// Unwrap lets errors.As find the first *Error.
func (es Errors) Unwrap() []error {
	out := make([]error, len(es))
	for i, e := range es {
		out[i] = e
	}
	return out
}

func (es Errors) sort() {
	sort.SliceStable(es, func(i, j int) bool {
		if es[i].Line != es[j].Line {
			return es[i].Line < es[j].Line
		}
		return es[i].Column < es[j].Column
	})
}

// Suggest returns the candidate closest to name when it is close enough to
// be a typo (a few edits, relative to the name's length), else "".
func Suggest(name string, candidates []string) string {
	best, bestDist := "", 0
	limit := max(1, min(3, len([]rune(name))/3))
	lower := strings.ToLower(name)
	for _, c := range candidates {
		if c == name {
			continue
		}
		d := sdk.EditDistance(lower, strings.ToLower(c))
		if d <= limit && (best == "" || d < bestDist || d == bestDist && c < best) {
			best, bestDist = c, d
		}
	}
	if best != "" || len([]rune(name)) < 3 {
		return best
	}
	// A short form ("warn" for "warning") is a typo of another kind: take
	// it when exactly one candidate starts with it.
	for _, c := range candidates {
		if c != name && strings.HasPrefix(strings.ToLower(c), lower) {
			if best != "" {
				return ""
			}
			best = c
		}
	}
	return best
}

// didYouMean formats Suggest's answer as a message suffix.
func didYouMean(name string, candidates []string) string {
	if s := Suggest(name, candidates); s != "" {
		return fmt.Sprintf(" (did you mean %q?)", s)
	}
	return ""
}
