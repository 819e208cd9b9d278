package security

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/runenames"
)

// controlNames are the Unicode name aliases of the C0 and C1 controls,
// which have no character name of their own ("<control>").
var controlNames = map[rune]string{
	0x00: "NULL", 0x01: "START OF HEADING", 0x02: "START OF TEXT", 0x03: "END OF TEXT",
	0x04: "END OF TRANSMISSION", 0x05: "ENQUIRY", 0x06: "ACKNOWLEDGE", 0x07: "BELL",
	0x08: "BACKSPACE", 0x09: "CHARACTER TABULATION", 0x0A: "LINE FEED", 0x0B: "LINE TABULATION",
	0x0C: "FORM FEED", 0x0D: "CARRIAGE RETURN", 0x0E: "SHIFT OUT", 0x0F: "SHIFT IN",
	0x10: "DATA LINK ESCAPE", 0x11: "DEVICE CONTROL ONE", 0x12: "DEVICE CONTROL TWO",
	0x13: "DEVICE CONTROL THREE", 0x14: "DEVICE CONTROL FOUR", 0x15: "NEGATIVE ACKNOWLEDGE",
	0x16: "SYNCHRONOUS IDLE", 0x17: "END OF TRANSMISSION BLOCK", 0x18: "CANCEL",
	0x19: "END OF MEDIUM", 0x1A: "SUBSTITUTE", 0x1B: "ESCAPE", 0x1C: "INFORMATION SEPARATOR FOUR",
	0x1D: "INFORMATION SEPARATOR THREE", 0x1E: "INFORMATION SEPARATOR TWO",
	0x1F: "INFORMATION SEPARATOR ONE", 0x7F: "DELETE",
	0x80: "PADDING CHARACTER", 0x81: "HIGH OCTET PRESET", 0x82: "BREAK PERMITTED HERE",
	0x83: "NO BREAK HERE", 0x84: "INDEX", 0x85: "NEXT LINE", 0x86: "START OF SELECTED AREA",
	0x87: "END OF SELECTED AREA", 0x88: "CHARACTER TABULATION SET",
	0x89: "CHARACTER TABULATION WITH JUSTIFICATION", 0x8A: "LINE TABULATION SET",
	0x8B: "PARTIAL LINE FORWARD", 0x8C: "PARTIAL LINE BACKWARD", 0x8D: "REVERSE LINE FEED",
	0x8E: "SINGLE SHIFT TWO", 0x8F: "SINGLE SHIFT THREE", 0x90: "DEVICE CONTROL STRING",
	0x91: "PRIVATE USE ONE", 0x92: "PRIVATE USE TWO", 0x93: "SET TRANSMIT STATE",
	0x94: "CANCEL CHARACTER", 0x95: "MESSAGE WAITING", 0x96: "START OF GUARDED AREA",
	0x97: "END OF GUARDED AREA", 0x98: "START OF STRING", 0x99: "SINGLE GRAPHIC CHARACTER INTRODUCER",
	0x9A: "SINGLE CHARACTER INTRODUCER", 0x9B: "CONTROL SEQUENCE INTRODUCER",
	0x9C: "STRING TERMINATOR", 0x9D: "OPERATING SYSTEM COMMAND", 0x9E: "PRIVACY MESSAGE",
	0x9F: "APPLICATION PROGRAM COMMAND",
}

// charName names a code point the way the Unicode charts do:
// "U+202E RIGHT-TO-LEFT OVERRIDE".
func charName(r rune) string {
	name, ok := controlNames[r]
	if !ok {
		name = runenames.Name(r)
	}
	if name == "" {
		name = "(unassigned)"
	}
	return fmt.Sprintf("%U %s", r, name)
}

// charList names the distinct code points in rs, in order of first
// appearance, at most four of them and a count of the rest.
func charList(rs []rune) string {
	seen := map[rune]bool{}
	var names []string
	var more int
	for _, r := range rs {
		if seen[r] {
			continue
		}
		seen[r] = true
		if len(names) == 4 {
			more++
			continue
		}
		names = append(names, charName(r))
	}
	s := strings.Join(names, ", ")
	if more > 0 {
		s += fmt.Sprintf(" and %d other kinds", more)
	}
	return s
}

// snippetWidth is how many characters of context a message quotes.
const snippetWidth = 60

// reveal quotes the part of s around byte offset at, as strconv.Quote
// would, so the message shows where the hidden characters sit without
// carrying them, in the one escape style of every report (\u202e,
// \U000e0041, \x1b). A run of more than three runes for which hidden is
// true is one mark ("\U000e0069…\U000e0073 (31 characters)"), so a long
// payload does not push the visible context out of the message.
func reveal(s string, at int, hidden func(r rune) bool) string {
	start := at
	for n := 0; start > 0 && n < snippetWidth/2; n++ {
		_, size := utf8.DecodeLastRuneInString(s[:start])
		start -= size
	}
	var b strings.Builder
	b.WriteByte('"')
	if start > 0 {
		b.WriteString("…")
	}
	i := start
	for shown := 0; i < len(s) && shown < snippetWidth; shown++ {
		r, size := utf8.DecodeRuneInString(s[i:])
		if !hidden(r) {
			q := strconv.QuoteRune(r)
			if r == '"' {
				q = `'\"'`
			}
			b.WriteString(q[1 : len(q)-1])
			i += size
			continue
		}
		var run []rune
		for i < len(s) {
			r, size := utf8.DecodeRuneInString(s[i:])
			if !hidden(r) {
				break
			}
			run = append(run, r)
			i += size
		}
		if len(run) <= 3 {
			for _, r := range run {
				b.WriteString(goEscape(r))
			}
			continue
		}
		fmt.Fprintf(&b, "%s…%s (%d characters)", goEscape(run[0]), goEscape(run[len(run)-1]), len(run))
	}
	if i < len(s) {
		b.WriteString("…")
	}
	b.WriteByte('"')
	return b.String()
}

// goEscape writes r as strconv.Quote escapes a rune it does not print.
func goEscape(r rune) string {
	switch {
	case r < 0x80:
		return fmt.Sprintf(`\x%02x`, r)
	case r > 0xFFFF:
		return fmt.Sprintf(`\U%08x`, r)
	}
	return fmt.Sprintf(`\u%04x`, r)
}

// kindName says in words where a text sits, for messages.
func kindName(k string) string {
	return strings.ReplaceAll(k, "-", " ")
}
