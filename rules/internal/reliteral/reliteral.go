// Package reliteral finds the literal strings a regular expression cannot
// match without, so that a rule running many expressions over many texts
// skips an expression with one substring search when the text holds none
// of them. Go's regexp engine does this only for a literal prefix common
// to every match; most expressions start with \b or an alternation.
package reliteral

import (
	"regexp"
	"regexp/syntax"
	"strings"
)

// Required returns strings of which every match of re contains at least
// one, or nil when it finds no such set (a match may be anything). The
// answer is conservative: it only follows the parts of the expression
// every match must pass through (concatenations, alternations whose every
// branch has a set, repeats of at least one), so a text that holds none of
// the strings has no match. Case-folded literals are given in lower case;
// search a lower-cased text for them.
func Required(re *regexp.Regexp) []string {
	parsed, err := syntax.Parse(re.String(), syntax.Perl)
	if err != nil {
		return nil
	}
	return required(parsed.Simplify())
}

func required(re *syntax.Regexp) []string {
	switch re.Op {
	case syntax.OpLiteral:
		s := string(re.Rune)
		if re.Flags&syntax.FoldCase != 0 {
			s = strings.ToLower(s)
		}
		return []string{s}
	case syntax.OpCapture:
		return required(re.Sub[0])
	case syntax.OpPlus:
		return required(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return required(re.Sub[0])
		}
	case syntax.OpConcat:
		// Any part's set will do, and so will the product of a run of
		// parts that each match one of a few strings (the parser turns
		// rmdir|rd into r(?:mdir|d)); the set whose shortest string is
		// the longest rejects the most texts.
		var best []string
		consider := func(set []string) {
			if set != nil && (best == nil || shortest(set) > shortest(best)) {
				best = set
			}
		}
		var run []string
		for _, sub := range re.Sub {
			consider(required(sub))
			if set := exact(sub); set != nil {
				if run == nil {
					run = set
				} else {
					run = product(run, set)
				}
				if run != nil && shortest(run) > 0 {
					consider(run)
				}
				continue
			}
			run = nil
		}
		return best
	case syntax.OpAlternate:
		var all []string
		for _, sub := range re.Sub {
			set := required(sub)
			if set == nil {
				return nil
			}
			all = append(all, set...)
		}
		return all
	}
	return nil
}

// exactCap bounds the sets exact and product build.
const exactCap = 64

// exact returns every string re matches when they are few, else nil.
func exact(re *syntax.Regexp) []string {
	switch re.Op {
	case syntax.OpLiteral:
		if re.Flags&syntax.FoldCase != 0 {
			return nil
		}
		return []string{string(re.Rune)}
	case syntax.OpEmptyMatch:
		return []string{""}
	case syntax.OpCapture:
		return exact(re.Sub[0])
	case syntax.OpCharClass:
		var out []string
		for i := 0; i+1 < len(re.Rune); i += 2 {
			for r := re.Rune[i]; r <= re.Rune[i+1]; r++ {
				if len(out) == exactCap {
					return nil
				}
				out = append(out, string(r))
			}
		}
		return out
	case syntax.OpAlternate:
		var out []string
		for _, sub := range re.Sub {
			set := exact(sub)
			if set == nil || len(out)+len(set) > exactCap {
				return nil
			}
			out = append(out, set...)
		}
		return out
	case syntax.OpConcat:
		out := []string{""}
		for _, sub := range re.Sub {
			set := exact(sub)
			if set == nil {
				return nil
			}
			if out = product(out, set); out == nil {
				return nil
			}
		}
		return out
	}
	return nil
}

// product is every a+b, or nil when there would be more than exactCap.
func product(as, bs []string) []string {
	if len(as)*len(bs) > exactCap {
		return nil
	}
	out := make([]string, 0, len(as)*len(bs))
	for _, a := range as {
		for _, b := range bs {
			out = append(out, a+b)
		}
	}
	return out
}

func shortest(set []string) int {
	n := -1
	for _, s := range set {
		if n < 0 || len(s) < n {
			n = len(s)
		}
	}
	return n
}

// ContainsAny reports whether text holds one of the strings; a nil set
// (nothing is required) always does.
func ContainsAny(text string, set []string) bool {
	if set == nil {
		return true
	}
	for _, s := range set {
		if strings.Contains(text, s) {
			return true
		}
	}
	return false
}
