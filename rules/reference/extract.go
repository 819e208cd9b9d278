package reference

import (
	"strings"
	"unicode/utf8"

	"github.com/mcplint/mcplint/rules/internal/bytepair"
)

// A word of a text, for finding tool references.
type word struct {
	text   string
	quoted bool // the whole word sat between a pair of quotation marks
	// spaced is true when only spaces separate it from the word before.
	spaced bool
}

var callVerbs = map[string]bool{
	"use": true, "uses": true, "using": true, "call": true, "calls": true, "calling": true,
	"invoke": true, "invokes": true, "invoking": true, "run": true, "runs": true, "running": true,
	"try": true, "tries": true, "trying": true,
}

var toolVerbs = map[string]bool{
	"use": true, "uses": true, "using": true, "call": true, "calls": true, "calling": true,
	"invoke": true, "invokes": true, "invoking": true,
}

// closingQuote returns the closing quotation mark of an opening one.
func closingQuote(r rune) (rune, bool) {
	switch r {
	case '`', '"', '\'':
		return r, true
	case '“':
		return '”', true
	case '‘':
		return '’', true
	case '«':
		return '»', true
	}
	return 0, false
}

func isNameByte(c byte) bool { return nameBytes[c] }

// nameBytes holds the bytes of tool names: splitWords tests every byte of
// every text, and one lookup is cheaper than the comparisons.
var nameBytes = func() (t [256]bool) {
	for c := range 256 {
		b := byte(c)
		t[c] = b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '_' || b == '-' || b == '.'
	}
	return t
}()

// splitWords cuts s into words of tool-name characters, marking the quoted
// ones, and returns them in out's storage. A word is spaced when only
// spaces (one or more) separate it from the word before; any other
// character breaks that adjacency.
func splitWords(out []word, s string) []word {
	out = out[:0]
	gap, broken := 0, false
	emit := func(text string, quoted bool) {
		out = append(out, word{text: text, quoted: quoted, spaced: len(out) > 0 && gap > 0 && !broken})
		gap, broken = 0, false
	}
	for i := 0; i < len(s); {
		r, size := rune(s[i]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(s[i:])
		}
		if closeQ, ok := closingQuote(r); ok && (r != '\'' || i == 0 || !isNameByte(s[i-1])) {
			j := i + size
			for j < len(s) && isNameByte(s[j]) {
				j++
			}
			if c, csize := utf8.DecodeRuneInString(s[j:]); j > i+size && c == closeQ {
				emit(s[i+size:j], true)
				i = j + csize
				continue
			}
		}
		if isNameByte(s[i]) {
			j := i
			for j < len(s) && isNameByte(s[j]) {
				j++
			}
			// Trailing periods and hyphens end a sentence or a range; a
			// loop, as TrimRight with a cutset builds the set every call.
			k := j
			for k > i && (s[k-1] == '.' || s[k-1] == '-') {
				k--
			}
			text := s[i:k]
			if text == "" {
				broken = true
			} else {
				emit(text, false)
				broken = j > i+len(text) // a trailing period ends the phrase
			}
			i = j
			continue
		}
		if r == ' ' {
			gap++
		} else {
			broken = true
		}
		i += size
	}
	return out
}

// toolReferences appends to out the names that s refers to as tools; ws
// is storage for splitWords, returned for the next text.
func toolReferences(out []string, ws []word, s string) ([]string, []word) {
	if !mayRefer(s) {
		return out, ws
	}
	ws = splitWords(ws, s)
	for i, w := range ws {
		followedByTool := false
		if i+1 < len(ws) && ws[i+1].spaced {
			// Words are ASCII, so only four or five bytes can spell these.
			next := ws[i+1].text
			followedByTool = (len(next) == 4 || len(next) == 5) && (strings.EqualFold(next, "tool") || strings.EqualFold(next, "tools"))
		}
		if !w.quoted && !followedByTool {
			// Every reference is a quoted name or a name before "tool".
			continue
		}
		verb := verbBefore(ws, i)
		switch {
		case w.quoted && followedByTool && hasLetter(w.text):
			out = append(out, w.text)
		case w.quoted && isVerb(callVerbs, verb) && (isSnake(w.text) || isKebab(w.text)):
			out = append(out, w.text)
		case !w.quoted && followedByTool && isVerb(toolVerbs, verb) && isSnake(w.text):
			out = append(out, w.text)
		}
	}
	return out, ws
}

// mayReference reports whether s has "tool" or a quotation mark, without
// which it refers to no tool. Each mark is looked for on its own: byte and
// substring searches skip through a text many bytes at a time, where
// strings.ContainsAny tests every byte against its set.
func mayReference(s string) bool {
	return strings.Contains(s, "tool") || strings.Contains(s, "Tool") ||
		strings.IndexByte(s, '`') >= 0 || strings.IndexByte(s, '\'') >= 0 || strings.IndexByte(s, '"') >= 0 ||
		strings.Contains(s, "“") || strings.Contains(s, "‘") || strings.Contains(s, "«")
}

// mayRefer reports whether s can refer to a tool, in one pass over it: a
// reference is a quoted name after a verb of calling (calledQuote) or a
// word before "tool" (namedTool). Most quoted names in descriptions are
// parameters and values, and most uses of "tool" are "this tool", so
// nearly every text is ruled out without splitting it into words.
// mayReference, the older and looser test, still rules: it passes every
// text with a quotation mark, and a "TOOL" without one refers to nothing.
// It is not asked first, as almost every text has a quotation mark or an
// apostrophe.
func mayRefer(s string) bool {
	for i := 0; ; i++ {
		k := leads.Index(s[i:])
		if k < 0 {
			return false
		}
		i += k
		if s[i] == ' ' {
			if namedTool(s, i) && mayReference(s) {
				return true
			}
		} else if calledQuote(s, i) {
			return true
		}
	}
}

// leads are where mayRefer stops: a space before a t of either case, and
// the first byte of each opening quotation mark closingQuote knows, which
// is followed by a name (the last byte of a text starts neither).
var leads = func() *bytepair.Set {
	var set bytepair.Set
	set.Add(' ', 't')
	set.Add(' ', 'T')
	for _, q := range "`\"'“‘«" {
		set.AddAny(string(q)[0])
	}
	return &set
}()

// calledQuote reports whether s[i:] starts with a run of tool-name
// characters between an opening quotation mark and its closing one, as
// splitWords would find it, after a verb of calling ("use `x`", "call the
// 'x'"). Apostrophes inside words ("don't") open nothing.
func calledQuote(s string, i int) bool {
	r, size := rune(s[i]), 1
	if r >= utf8.RuneSelf {
		r, size = utf8.DecodeRuneInString(s[i:])
	}
	closeQ, ok := closingQuote(r)
	if !ok || r == '\'' && i > 0 && isNameByte(s[i-1]) {
		return false
	}
	j := i + size
	for j < len(s) && isNameByte(s[j]) {
		j++
	}
	if c, _ := utf8.DecodeRuneInString(s[j:]); j == i+size || c != closeQ {
		return false
	}
	verb, at := wordBefore(s, i)
	if strings.EqualFold(verb, "the") {
		verb, _ = wordBefore(s, at)
	}
	return isVerb(callVerbs, verb)
}

// wordBefore returns the run of tool-name characters that one or more
// spaces separate from s[i:], and where it starts; "" when there is none.
func wordBefore(s string, i int) (string, int) {
	end := i
	for end > 0 && s[end-1] == ' ' {
		end--
	}
	if end == i {
		return "", i
	}
	start := end
	for start > 0 && isNameByte(s[start-1]) {
		start--
	}
	return s[start:end], start
}

// namedTool reports whether the space at s[i] starts " tool", in any case,
// after spaces that follow a closing quotation mark or a snake_case word
// after a verb of using ("call get_forecast tool"): a word before "tool"
// refers to a tool only then.
func namedTool(s string, i int) bool {
	if i+5 > len(s) || s[i+1]|0x20 != 't' || s[i+2]|0x20 != 'o' || s[i+3]|0x20 != 'o' || s[i+4]|0x20 != 'l' {
		return false
	}
	end := i
	for end > 0 && s[end-1] == ' ' {
		end--
	}
	switch r, _ := utf8.DecodeLastRuneInString(s[:end]); r {
	case '`', '"', '\'', '”', '’', '»':
		return true
	}
	name, at := wordBefore(s, i+1)
	if !isSnake(name) {
		return false
	}
	verb, at := wordBefore(s, at)
	if strings.EqualFold(verb, "the") {
		verb, _ = wordBefore(s, at)
	}
	return isVerb(toolVerbs, verb)
}

// isVerb looks word up in verbs, which hold short lowercase words,
// ignoring ASCII case without allocating.
func isVerb(verbs map[string]bool, word string) bool {
	var buf [16]byte
	if word == "" || len(word) > len(buf) {
		return false
	}
	b := buf[:len(word)]
	for i := range len(word) {
		c := word[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		b[i] = c
	}
	return verbs[string(b)]
}

// verbBefore returns the word before ws[i], skipping "the", when only
// spaces separate them.
func verbBefore(ws []word, i int) string {
	if !ws[i].spaced || i == 0 {
		return ""
	}
	prev := ws[i-1]
	if strings.EqualFold(prev.text, "the") && !prev.quoted {
		if !prev.spaced || i < 2 {
			return ""
		}
		prev = ws[i-2]
	}
	if prev.quoted {
		return ""
	}
	return prev.text
}

func hasLetter(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' {
			return true
		}
	}
	return false
}

// isSnake reports lowercase words joined by underscores: get_forecast.
func isSnake(s string) bool { return joined(s, '_') }

// isKebab reports lowercase words joined by hyphens: get-forecast.
func isKebab(s string) bool { return joined(s, '-') }

func joined(s string, sep byte) bool {
	if s == "" || s[0] == sep || s[len(s)-1] == sep || strings.IndexByte(s, sep) < 0 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9':
		case c == sep:
			if s[i-1] == sep {
				return false
			}
		default:
			return false
		}
	}
	return hasLetter(s)
}
