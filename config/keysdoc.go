package config

import (
	"fmt"
	"strings"
)

// KeysMarkdown is the docs' table of every key, made from Keys: the
// README's configuration section holds it, and a test keeps it so.
func KeysMarkdown() string {
	var b strings.Builder
	b.WriteString("| key | default | flag | meaning |\n|---|---|---|---|\n")
	for _, k := range Keys {
		if k.Table == "" && (k.Kind == KindTable || k.Kind == KindTables) {
			continue // its keys have rows; the table says what it is in the text
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", k.docName(), k.defaultDoc(), k.flagDoc(), k.meaningDoc())
	}
	return b.String()
}

// docName is the key as the docs' table names it: "[server] timeout".
func (k *Key) docName() string {
	if k.Table == "" {
		return k.Name
	}
	return header(k.Table) + " " + k.Name
}

func (k *Key) defaultDoc() string {
	switch v := k.Default.(type) {
	case nil:
		if k.Required {
			return "required"
		}
	case string:
		return fmt.Sprintf("`%q`", v)
	default:
		return fmt.Sprintf("`%v`", v)
	}
	if k.DefaultDoc != "" {
		return k.DefaultDoc
	}
	return "—"
}

func (k *Key) flagDoc() string {
	switch {
	case k.Flag == "":
		return ""
	case k.FlagAdds:
		return "`--" + k.Flag + "` adds"
	}
	return "`--" + k.Flag + "`"
}

func (k *Key) meaningDoc() string {
	s := markdownText(k.Doc)
	if k.Kind == KindChoice {
		quoted := make([]string, len(k.Choices))
		for i, c := range k.Choices {
			quoted[i] = "`" + c + "`"
		}
		s += " One of " + strings.Join(quoted, ", ") + "."
	}
	for _, a := range k.Aliases {
		s += " The old spelling `" + a + "` still works, with a warning."
	}
	if k.See != "" {
		s += " See " + k.See + "."
	}
	return s
}

// markdownText escapes what a Markdown table cell would otherwise read as
// markup: a pipe ends the cell, and <instructions> would vanish as a tag.
func markdownText(s string) string {
	return strings.NewReplacer("|", `\|`, "<", `\<`, ">", `\>`).Replace(s)
}
