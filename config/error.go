package config

import (
	"fmt"
	"sort"
	"strings"

	"github.com/mcplint/mcplint/internal/suggest"
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
// be a typo, or the one candidate that starts with it (a short form such
// as "warn" for "warning"), else "": mcplint's one did-you-mean policy
// (package suggest).
func Suggest(name string, candidates []string) string {
	return suggest.Guess(name, candidates)
}

// didYouMean formats Suggest's answer as a message suffix.
func didYouMean(name string, candidates []string) string {
	if s := Suggest(name, candidates); s != "" {
		return fmt.Sprintf(" (did you mean %q?)", s)
	}
	return ""
}
