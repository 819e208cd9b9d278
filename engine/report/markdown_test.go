package report

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
)

func TestWriteMarkdown(t *testing.T) {
	var buf bytes.Buffer
	r := richSample()
	r.HelpURI = "https://docs.example.com/mcplint/rules.md#{rule}"
	if err := WriteMarkdown(&buf, r); err != nil {
		t.Fatal(err)
	}
	golden(t, "report.md", buf.Bytes())
	out := buf.String()
	if strings.ContainsRune(out, '\u202e') || strings.ContainsRune(out, 0xE0069) || strings.ContainsRune(out, 0x1b) {
		t.Errorf("Markdown report carries raw bidi, tag or escape characters")
	}
	// Every row of a table has as many cells as its header: a server's "|"
	// must not open a new one.
	cells := regexp.MustCompile(`(^|[^\\])\|`)
	columns := 0
	for _, line := range strings.Split(out, "\n") {
		if !strings.HasPrefix(line, "|") {
			columns = 0
			continue
		}
		n := len(cells.FindAllString(line, -1))
		if columns == 0 {
			columns = n
		} else if n != columns {
			t.Errorf("table row has %d separators, header has %d: %s", n, columns, line)
		}
	}
	for _, bad := range []string{"<b>", "`rm -rf`", "@"} {
		if strings.Contains(strings.ReplaceAll(out, "@<!-- -->", ""), bad) {
			t.Errorf("server text %q reached the Markdown unescaped", bad)
		}
	}
}

// TestMarkdownRuleLinks: a rule links to its documentation only where
// [output] help-uri says it is, and a plugin's rule never does.
func TestMarkdownRuleLinks(t *testing.T) {
	for _, tc := range []struct{ helpURI, rule, want string }{
		{"", "input-schema-missing", "input-schema-missing"},
		{"https://x.example/r#{rule}", "input-schema-missing", "[input-schema-missing](https://x.example/r#input-schema-missing)"},
		{"https://x.example/r#{rule}", "acme/no-foo", "acme/no-foo"},
	} {
		r := richSample()
		r.HelpURI = tc.helpURI
		if got := ruleLink(r, tc.rule); got != tc.want {
			t.Errorf("help-uri %q: ruleLink(%s) = %q, want %q", tc.helpURI, tc.rule, got, tc.want)
		}
	}
}

// TestMarkdownTopIssues: the digest of issues to fix opens every report
// with issues; when it lists them all, the per-target table is folded away
// so nothing is shown twice.
func TestMarkdownTopIssues(t *testing.T) {
	one := richSample()
	one.Targets = one.Targets[:1]
	var buf bytes.Buffer
	if err := WriteMarkdown(&buf, one); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "Top issues to fix") || !strings.Contains(buf.String(), "<summary>4 issues in detail</summary>") {
		t.Errorf("one target with 4 issues: no digest, or its table is not folded:\n%s", buf.String())
	}
	if !strings.HasPrefix(buf.String(), "## ❌ mcplint: grade C (0.71), 2 errors") {
		t.Errorf("one target's report does not open with its grade: %q", strings.SplitN(buf.String(), "\n", 2)[0])
	}
	for len(one.Targets[0].Issues) <= topIssues {
		one.Targets[0].Issues = append(one.Targets[0].Issues, one.Targets[0].Issues[0])
	}
	buf.Reset()
	if err := WriteMarkdown(&buf, one); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "Top issues to fix") || strings.Contains(buf.String(), "in detail</summary>") {
		t.Errorf("one target with %d issues: no digest, or the full table is folded", len(one.Targets[0].Issues))
	}
	buf.Reset()
	one.Targets[0].Issues = nil
	WriteMarkdown(&buf, one)
	if strings.Contains(buf.String(), "Top issues") {
		t.Error("a clean target got a digest")
	}
}

func TestMarkdownText(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"plain words", "plain words"},
		{"a|b", `a\|b`},
		{"`code`", "\\`code\\`"},
		{"<img src=x onerror=y>", "&lt;img src=x onerror=y&gt;"},
		{"ping @octocat about #12", "ping @<!-- -->octocat about #<!-- -->12"},
		{"**bold** _it_ [link](http://x) ~del~", `\*\*bold\*\* \_it\_ \[link\](http://x) \~del\~`},
		{"evil\u202etool\nnext", `evil\\u202etool\\nnext`},
		{`back\slash &amp;`, `back\\slash &amp;amp;`},
	} {
		if got := mdText(tc.in); got != tc.want {
			t.Errorf("mdText(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
