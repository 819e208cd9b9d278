package schema

import (
	"regexp/syntax"
	"strings"
)

// regexProblem says why a JSON Schema regular expression ("pattern", a
// "patternProperties" key) is broken, or returns "" when it is not known to
// be. Schemas use ECMA-262 regular expressions and mcplint parses them with
// Go's RE2 syntax, so only errors that ECMA-262 makes as well count: a
// lookaround, a backreference or a large repeat count is valid ECMA-262 that
// RE2 lacks, and is not reported.
func regexProblem(pattern string) string {
	_, err := syntax.Parse(pattern, syntax.Perl)
	if err == nil {
		return ""
	}
	e, ok := err.(*syntax.Error)
	if !ok {
		return ""
	}
	switch e.Code {
	case syntax.ErrMissingBracket:
		// "[]" (matches nothing) and "[^]" (matches anything) are ECMA-262
		// classes that RE2 reads as unclosed.
		if strings.Contains(pattern, "[]") || strings.Contains(pattern, "[^]") {
			return ""
		}
	case syntax.ErrMissingParen, syntax.ErrUnexpectedParen, syntax.ErrTrailingBackslash,
		syntax.ErrInvalidCharRange, syntax.ErrMissingRepeatArgument, syntax.ErrInvalidRepeatOp,
		syntax.ErrInvalidUTF8:
	default:
		return ""
	}
	return e.Code.String() + ": `" + e.Expr + "`"
}
