package main

import (
	"os"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"github.com/mcplint/mcplint/config"
	"github.com/mcplint/mcplint/engine/report"
)

const readmePath = "../../README.md"

// TestReadmeContentsAreTheHeadings: the README's table of contents lists
// its sections (## and ###) in order, linked by the anchors GitHub gives
// them. MCPLINT_UPDATE_GOLDEN rewrites it.
func TestReadmeContentsAreTheHeadings(t *testing.T) {
	checkReadmeBlock(t, "contents", "its headings", contents)
}

// checkReadmeBlock compares the README's <!-- name --> … <!-- /name -->
// block with what want makes of the README from the block's end on (what
// is the source, for the message), or rewrites the block with it under
// MCPLINT_UPDATE_GOLDEN.
func checkReadmeBlock(t *testing.T, name, what string, want func(rest string) string) {
	t.Helper()
	open, close := "<!-- "+name+" -->\n", "<!-- /"+name+" -->\n"
	data, err := os.ReadFile(readmePath)
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	i, j := strings.Index(readme, open), strings.Index(readme, close)
	if i < 0 || j < i {
		t.Fatalf("README has no %q … %q block", strings.TrimSpace(open), strings.TrimSpace(close))
	}
	made := want(readme[j:])
	if os.Getenv("MCPLINT_UPDATE_GOLDEN") != "" {
		readme = readme[:i+len(open)] + made + readme[j:]
		if err := os.WriteFile(readmePath, []byte(readme), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if got := readme[i+len(open) : j]; got != made {
		t.Errorf("README's %s differ from %s (run with MCPLINT_UPDATE_GOLDEN=1 to rewrite them)\n--- README\n%s--- %s\n%s", name, what, got, what, made)
	}
}

var heading = regexp.MustCompile("(?m)^(##|###) (.+)$")

// contents lists the ## and ### headings of md outside code blocks.
func contents(md string) string {
	var b strings.Builder
	seen := map[string]int{}
	inFence := false
	for _, line := range strings.Split(md, "\n") {
		if strings.HasPrefix(line, "```") {
			inFence = !inFence
			continue
		}
		m := heading.FindStringSubmatch(line)
		if inFence || m == nil {
			continue
		}
		slug := anchor(m[2])
		if n := seen[slug]; n > 0 {
			seen[slug]++
			slug += "-" + string(rune('0'+n))
		} else {
			seen[slug] = 1
		}
		indent := ""
		if m[1] == "###" {
			indent = "  "
		}
		b.WriteString(indent + "- [" + strings.ReplaceAll(m[2], "`", "") + "](#" + slug + ")\n")
	}
	return b.String()
}

// anchor is GitHub's anchor for a heading: lower case, letters, digits,
// hyphens and underscores kept, spaces made hyphens, the rest dropped.
func anchor(h string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(h) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

func TestAnchor(t *testing.T) {
	for h, want := range map[string]string{
		"Active probes: `--probes none|default|all`": "active-probes---probes-nonedefaultall",
		"Configuration: `.mcplint.toml`":             "configuration-mcplinttoml",
		"Testing your Go server with `mcplinttest`":  "testing-your-go-server-with-mcplinttest",
	} {
		if got := anchor(h); got != want {
			t.Errorf("anchor(%q) = %q, want %q", h, got, want)
		}
	}
}

// TestReadmeFormatsAreTheFormats: the README's table of output formats
// names every format --format takes, in its order, and no other.
func TestReadmeFormatsAreTheFormats(t *testing.T) {
	data, err := os.ReadFile(readmePath)
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	i := strings.Index(readme, "\n## Output formats\n")
	if i < 0 {
		t.Fatal("README has no Output formats section")
	}
	section := readme[i+1:]
	if j := strings.Index(section[3:], "\n## "); j >= 0 {
		section = section[:j+3]
	}
	row := regexp.MustCompile("(?m)^\\| `([a-z]+)` \\|")
	var got []string
	for _, m := range row.FindAllStringSubmatch(section, -1) {
		got = append(got, m[1])
	}
	if want := report.FormatNames(); strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("README's formats table lists %v, --format takes %v", got, want)
	}
}

// TestReadmeConfigKeysAreTheTable: the README's table of config keys is
// the one config.Keys makes, so that it cannot drift from what the parser
// reads. MCPLINT_UPDATE_GOLDEN rewrites it.
func TestReadmeConfigKeysAreTheTable(t *testing.T) {
	checkReadmeBlock(t, "config-keys", "config.Keys", func(string) string { return config.KeysMarkdown() })
}
