// Package ruledoc renders a rule's documentation from its Meta, the one
// source for `mcplint explain` and docs/rules.md.
package ruledoc

import (
	"fmt"
	"strings"

	"github.com/mcplint/mcplint/sdk"
)

// Markdown renders one rule's section: a heading, its facts, the doc and
// its source.
func Markdown(m sdk.Meta) string {
	var b strings.Builder
	fmt.Fprintf(&b, "## %s\n\n", m.Name)
	fmt.Fprintf(&b, "%s.\n\n", strings.TrimSuffix(m.Summary, "."))
	preset := "off by default (enable it, or use `preset = \"all\"`)"
	if m.Default {
		preset = "on in the recommended preset"
	}
	fmt.Fprintf(&b, "- Category: %s\n- Default severity: %s\n- %s\n", m.Category, m.Severity, upperFirst(preset))
	if m.OWASP != "" {
		fmt.Fprintf(&b, "- OWASP MCP Top 10: %s\n", m.OWASP)
	}
	if m.CWE != "" {
		fmt.Fprintf(&b, "- CWE: [%s](https://cwe.mitre.org/data/definitions/%s.html)\n", m.CWE, strings.TrimPrefix(m.CWE, "CWE-"))
	}
	if m.Era != "" {
		fmt.Fprintf(&b, "- Applies to the %s protocol era only\n", m.Era)
	}
	if m.Since != "" {
		fmt.Fprintf(&b, "- Applies to protocol version %s and later (silent for a server that negotiated an older one)\n", m.Since)
	}
	if m.Source != "" {
		fmt.Fprintf(&b, "- Source: %s\n", m.Source)
	}
	if doc := strings.TrimSpace(m.Doc); doc != "" {
		b.WriteString("\n" + doc + "\n")
	}
	return b.String()
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
