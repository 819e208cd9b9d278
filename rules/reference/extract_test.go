package reference

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// refOracle is toolReferences as first written, with a map of quotation
// marks, a fresh word list per text and lowercased copies of words: the
// allocation-free version must find exactly the same names.
func refOracle(s string) []string {
	if !strings.Contains(s, "tool") && !strings.Contains(s, "Tool") && !strings.ContainsAny(s, "`'\"“‘«") {
		return nil
	}
	quotePairs := map[rune]rune{'`': '`', '"': '"', '\'': '\'', '“': '”', '‘': '’', '«': '»'}
	var ws []word
	gap, broken := 0, false
	emit := func(text string, quoted bool) {
		ws = append(ws, word{text: text, quoted: quoted, spaced: len(ws) > 0 && gap > 0 && !broken})
		gap, broken = 0, false
	}
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if closeQ, ok := quotePairs[r]; ok && (r != '\'' || i == 0 || !isNameByte(s[i-1])) {
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
			text := strings.TrimRight(s[i:j], ".-")
			if text == "" {
				broken = true
			} else {
				emit(text, false)
				broken = j > i+len(text)
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
	var out []string
	for i, w := range ws {
		next := ""
		if i+1 < len(ws) && ws[i+1].spaced {
			next = strings.ToLower(ws[i+1].text)
		}
		followedByTool := next == "tool" || next == "tools"
		verb := strings.ToLower(verbBefore(ws, i))
		switch {
		case w.quoted && followedByTool && hasLetter(w.text):
			out = append(out, w.text)
		case w.quoted && callVerbs[verb] && (isSnake(w.text) || isKebab(w.text)):
			out = append(out, w.text)
		case !w.quoted && toolVerbs[verb] && followedByTool && isSnake(w.text):
			out = append(out, w.text)
		}
	}
	return out
}

var refSeeds = []string{
	"Call `get_location` first, then use the get_forecast tool.",
	"Use the \"Search\" TOOL or INVOKE 'list-files'; try 'add'.",
	"CALL THE get_forecast TOOLS. Running “fetch_page” works; «x_y» tool.",
	"use  the   get_forecast   tool. call. `a_b`",
	"Invoking ‘list_dirs’ and using the `search` tool\u00a0tool.",
	"don't call 'it' tool, it's the 'user's' tool",
	"call the \xff`a_b` tool \xe2\x80",
	"USING `A_B` or Using `a-b-` or trying `a--b` or tries `9_x`",
	"Use this tool; prefer the list tool, or call the   `a_b`, or run:'x_y' tool.",
	"Filter by `labels`; invoke.the `a_b`; using the_ get_x tool; the “a-b”  TOOLS",
}

func TestToolReferencesMatchOracle(t *testing.T) {
	var ws []word
	var got []string
	for _, s := range refSeeds {
		got, ws = toolReferences(got[:0], ws, s)
		if want := refOracle(s); !slices.Equal(got, want) {
			t.Errorf("toolReferences(%q) = %q, want %q", s, got, want)
		}
	}
}

func FuzzToolReferences(f *testing.F) {
	for _, s := range refSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, _ := toolReferences(nil, nil, s)
		if want := refOracle(s); !slices.Equal(got, want) {
			t.Errorf("toolReferences(%q) = %q, want %q", s, got, want)
		}
	})
}
