package security

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/mcplint/mcplint/rules/internal/visible"
	"github.com/mcplint/mcplint/sdk"
)

// ansiEscape reports terminal escape sequences and other control
// characters, which rewrite what a terminal shows.
type ansiEscape struct{}

// Meta describes the rule.
func (ansiEscape) Meta() sdk.Meta {
	return sdk.Meta{
		Name:     "ansi-escape",
		Category: sdk.CategorySecurity,
		Severity: sdk.Error,
		Summary:  "terminal escape sequences and control characters hide or rewrite text shown in a terminal",
		Doc:      doc("ansi-escape"),
		Source:   "https://blog.trailofbits.com/2025/04/29/deceiving-users-with-ansi-terminal-codes-in-mcp/ (Trail of Bits); ECMA-48",
		Default:  true,
		OWASP:    "MCP03:2025 Tool Poisoning",
		CWE:      "CWE-150",
		Uses:     []string{visible.Listing.Name},
	}
}

func isControl(r rune) bool {
	return (r < 0x20 && r != '\t' && r != '\n' && r != '\r') || (r >= 0x7F && r <= 0x9F)
}

// Check reports each text that holds control characters, once, naming the
// escape sequences it finds.
func (ansiEscape) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	visible.NotPlain(ctx, s, func(t visible.Text) {
		seqs, first, severe := controlSequences(t.Value)
		if len(seqs) == 0 {
			return
		}
		is := sdk.Issue{Tool: t.Owner(), Pointer: t.Pointer()}
		if !severe {
			is.Severity = sdk.Warning
		}
		is.Message = fmt.Sprintf("%s holds terminal control characters: %s; a terminal acts on them instead of showing them, the model reads them: %s",
			kindName(t.Kind.String()), strings.Join(seqs, ", "), reveal(t.Value, first, isControl))
		is.Fix = "remove the escape sequences and control characters; descriptions are plain text, and clients style them"
		report(is)
	})
	return nil
}

// controlSequences describes the control characters of s, reading ESC and
// CSI sequences whole: at most six distinct descriptions, the byte offset
// of the first, and whether any is more than whitespace-like noise.
func controlSequences(s string) (seqs []string, first int, severe bool) {
	first = -1
	seen := map[string]bool{}
	add := func(d string) {
		if seen[d] {
			return
		}
		seen[d] = true
		if len(seqs) < 6 {
			seqs = append(seqs, d)
		}
	}
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if !isControl(r) {
			i += size
			continue
		}
		if first < 0 {
			first = i
		}
		var n int
		var d string
		switch r {
		case 0x1B, 0x9B, 0x9D:
			n, d = escapeSequence(s[i:])
			severe = true
		case 0x0B, 0x0C, 0x00:
			n, d = size, charName(r)
		default:
			n, d = size, charName(r)
			severe = true
		}
		add(d)
		i += n
	}
	return seqs, first, severe
}

// escapeSequence reads one ESC, CSI (U+009B) or OSC (U+009D) sequence at
// the start of s and returns its length and a description such as
// `"\x1b[8m" (SGR: conceal)`.
func escapeSequence(s string) (int, string) {
	r, size := utf8.DecodeRuneInString(s)
	i := size
	kind := ""
	switch {
	case r == 0x9B, r == 0x1B && i < len(s) && s[i] == '[':
		if r == 0x1B {
			i++
		}
		start := i
		for i < len(s) && s[i] >= 0x20 && s[i] <= 0x3F {
			i++
		}
		params := s[start:i]
		if i < len(s) && s[i] >= 0x40 && s[i] <= 0x7E {
			kind = csiMeaning(s[i], params)
			i++
		} else {
			kind = "unterminated control sequence"
		}
	case r == 0x9D, r == 0x1B && i < len(s) && s[i] == ']':
		if r == 0x1B {
			i++
		}
		start := i
		for i < len(s) && s[i] != 0x07 && s[i] != 0x1B && !strings.HasPrefix(s[i:], "\u009c") {
			i++
		}
		kind = oscMeaning(s[start:i])
		switch {
		case i < len(s) && s[i] == 0x07:
			i++
		case strings.HasPrefix(s[i:], "\x1b\\"):
			i += 2
		case strings.HasPrefix(s[i:], "\u009c"):
			i += len("\u009c")
		}
	case r == 0x1B && i < len(s):
		_, n := utf8.DecodeRuneInString(s[i:])
		i += n
		kind = "escape sequence"
	default:
		kind = "escape"
	}
	if i-size > 40 {
		return i, fmt.Sprintf("%s… (%s)", strconv.QuoteToASCII(s[:size+40]), kind)
	}
	return i, fmt.Sprintf("%s (%s)", strconv.QuoteToASCII(s[:i]), kind)
}

func csiMeaning(final byte, params string) string {
	switch final {
	case 'm':
		for _, p := range strings.Split(params, ";") {
			switch p {
			case "8":
				return "SGR: conceal, hides the text that follows"
			case "30", "40", "90", "100":
				return "SGR: black text or background, can make text invisible"
			}
		}
		return "SGR: sets colour or style"
	case 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'f', 'd':
		return "moves the cursor, can overwrite printed text"
	case 'J':
		return "erases the screen"
	case 'K':
		return "erases the line"
	case 's', 'u':
		return "saves or restores the cursor"
	case 'h', 'l':
		return "sets a terminal mode"
	}
	return "control sequence"
}

func oscMeaning(body string) string {
	code, _, _ := strings.Cut(body, ";")
	switch code {
	case "0", "1", "2":
		return "OSC: sets the window title"
	case "8":
		return "OSC 8: hyperlink whose text need not match its target"
	case "52":
		return "OSC 52: writes the clipboard"
	}
	return "operating system command"
}
