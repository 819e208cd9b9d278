package exercise

import (
	"context"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/mcplint/mcplint/engine/internal/mcp"
	"github.com/mcplint/mcplint/sdk"
)

// OldTextUnread marks, in a scenario's event, an edit whose old text
// mcplint could not read from the file first: a generated string, which
// the file need not hold, so the tool's refusal says nothing of the server.
const OldTextUnread = "old-text-unread"

// oldTextRunes bounds the old text taken from a file.
const oldTextRunes = 200

// fillOldText prepares a happy edit call (a file path argument and an
// argument named like old text, as edit_file's edits[].oldText or an
// old_string) by reading the file with the server's own read tool first:
// the old text becomes the file's first non-empty line, and the new text
// beside it the same line, so the edit succeeds and changes nothing. With
// no read tool, or no text read, the scenario is marked OldTextUnread.
func fillOldText(ctx context.Context, c *mcp.Client, tools []sdk.Tool, sc *Scenario, opts Options) {
	if sc.Kind != Happy {
		return
	}
	slots := oldTextSlots(sc.Args)
	if len(slots) == 0 {
		return
	}
	path := ""
	for k, v := range sc.Args {
		if s, ok := v.(string); ok && s != "" && pathKind(k, sc.Tool) == "file" {
			path = s
			break
		}
	}
	if path == "" {
		return
	}
	line := ""
	if reader, prop, ok := fileReader(tools, sc.Tool); ok {
		m, err := c.RequestWithProgress(ctx, MethodToolsCall, map[string]any{"name": reader, "arguments": map[string]any{prop: path}}, opts.Timeout, opts.progressCeiling())
		if err == nil {
			line = firstLine(resultText(m))
		}
	}
	if line == "" {
		sc.OldTextUnread = true
		return
	}
	for _, obj := range slots {
		for k, v := range obj {
			if _, isText := v.(string); !isText {
				continue
			}
			if w := nameWords(k); slices.Contains(w, "old") || slices.Contains(w, "new") {
				obj[k] = line
			}
		}
	}
}

// oldTextSlots are the objects among args (args itself included) that hold
// a string under a key named like old text: "oldText", "old_string".
func oldTextSlots(v any) []map[string]any {
	var out []map[string]any
	var walk func(v any, depth int)
	walk = func(v any, depth int) {
		if depth > 8 {
			return
		}
		switch x := v.(type) {
		case map[string]any:
			for k, val := range x {
				if _, ok := val.(string); ok && slices.Contains(nameWords(k), "old") {
					out = append(out, x)
					break
				}
			}
			for _, val := range x {
				walk(val, depth+1)
			}
		case []any:
			for _, val := range x {
				walk(val, depth+1)
			}
		}
	}
	walk(v, 0)
	return out
}

// fileReader is a read-only tool that reads one file's text, and its path
// property: named with "read" (not "media", "image" or "multiple"), with a
// file path property that is all it requires. The text reader is preferred.
func fileReader(tools []sdk.Tool, editor string) (name, prop string, ok bool) {
	best := -1
	for _, t := range tools {
		w := nameWords(t.Name)
		if t.Name == editor || !ReadOnly(t) || !slices.Contains(w, "read") ||
			slices.ContainsFunc(w, func(s string) bool { return s == "media" || s == "image" || s == "multiple" }) {
			continue
		}
		s, _ := t.InputSchema.(map[string]any)
		props, _ := s["properties"].(map[string]any)
		for p := range props {
			if pathKind(p, t.Name) != "file" {
				continue
			}
			if req := requiredOf(s); len(req) > 1 || len(req) == 1 && req[0] != p {
				continue
			}
			score := 0
			if slices.Contains(w, "text") {
				score = 1
			}
			if score > best || (score == best && t.Name < name) {
				best, name, prop = score, t.Name, p
			}
		}
	}
	return name, prop, best >= 0
}

// firstLine is the first line of text that holds more than blanks, as it
// is in the file, cut to oldTextRunes on a rune boundary.
func firstLine(text string) string {
	for _, l := range strings.Split(text, "\n") {
		l = strings.TrimSuffix(l, "\r")
		if strings.TrimSpace(l) == "" {
			continue
		}
		if utf8.RuneCountInString(l) > oldTextRunes {
			l = string([]rune(l)[:oldTextRunes])
		}
		return l
	}
	return ""
}
