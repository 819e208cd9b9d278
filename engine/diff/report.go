package diff

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/mcplint/mcplint/engine/report"
	"github.com/mcplint/mcplint/internal/snip"
	"github.com/mcplint/mcplint/sdk"
)

// Version is the version of the JSON form of Report
// (docs/schema/diff.v1.json).
const Version = 1

// Report is a whole comparison, as the formats write it.
type Report struct {
	Version int    `json:"version"`
	Mcplint string `json:"mcplint"`
	Old     Side   `json:"old"`
	New     Side   `json:"new"`
	// Semver is the version bump the changes call for (see Semver).
	Semver string        `json:"semver"`
	Counts map[Class]int `json:"counts"`
	// Similarity is the threshold the rug-pull check used.
	Similarity float64  `json:"similarity"`
	Changes    []Change `json:"changes"`
}

// Side describes one version.
type Side struct {
	// Name is the server's name, Input what the user named.
	Name   string              `json:"name"`
	Input  string              `json:"input"`
	Server *sdk.Implementation `json:"server,omitempty"`
	Tools  int                 `json:"tools"`
}

// NewReport compares old and cur and returns the report.
func NewReport(version string, old, cur *sdk.Snapshot, opt Options) *Report {
	if opt.Similarity <= 0 {
		opt.Similarity = DefaultSimilarity
	}
	cs := Compare(old, cur, opt)
	if cs == nil {
		cs = []Change{}
	}
	locate(cs, cur)
	return &Report{Version: Version, Mcplint: version, Old: sideOf(old), New: sideOf(cur),
		Semver: Semver(cs), Counts: Count(cs), Similarity: opt.Similarity, Changes: cs}
}

func sideOf(s *sdk.Snapshot) Side {
	return Side{Name: s.Name, Input: s.Input, Server: s.Server, Tools: len(s.Tools)}
}

// Formats are the output formats of a diff, in the order help lists them.
var Formats = []string{"text", "json", "markdown", "sarif"}

// Write renders r in format (one of Formats).
func Write(w io.Writer, r *Report, format string) error {
	switch format {
	case "json":
		return WriteJSON(w, r)
	case "markdown":
		return WriteMarkdown(w, r)
	case "sarif":
		return WriteSARIF(w, r)
	case "text":
		return WriteText(w, r)
	}
	return fmt.Errorf("unknown format %q (want %s)", format, strings.Join(Formats, ", "))
}

// WriteJSON writes r as indented JSON (docs/schema/diff.v1.json), with
// the characters a terminal would act on or hide written as \u escapes,
// as the lint's JSON report does.
func WriteJSON(w io.Writer, r *Report) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(r); err != nil {
		return err
	}
	_, err := w.Write(report.EscapeJSON(buf.Bytes()))
	return err
}

// textKinds are the changes of a text, whose old and new wording the text
// formats show.
var textKinds = map[string]bool{"text-added": true, "text-removed": true, "text-changed": true,
	"description-rewritten": true, "instructions-changed": true}

// excerpt is how many characters of a changed text the text formats show.
const excerpt = 300

func sideText(s Side) string {
	var b strings.Builder
	b.WriteString(report.Escape(s.Input))
	if s.Server != nil && s.Server.Version != "" {
		fmt.Fprintf(&b, " (%s %s)", report.Escape(s.Server.Name), report.Escape(s.Server.Version))
	}
	fmt.Fprintf(&b, ", %d tools", s.Tools)
	return b.String()
}

func summary(r *Report) string {
	if len(r.Changes) == 0 {
		return "no changes"
	}
	return fmt.Sprintf("%d breaking, %d risky, %d compatible; suggested version bump: %s",
		r.Counts[Breaking], r.Counts[Risky], r.Counts[Compatible], r.Semver)
}

// WriteText writes r for a terminal: one line per change, grouped by
// class, worst first, with the old and new wording of changed texts.
// Text from the servers is escaped.
func WriteText(w io.Writer, r *Report) error {
	b := bufio.NewWriter(w)
	fmt.Fprintf(b, "old: %s\nnew: %s\n", sideText(r.Old), sideText(r.New))
	for _, cl := range []Class{Breaking, Risky, Compatible} {
		first := true
		for _, c := range r.Changes {
			if c.Class != cl {
				continue
			}
			if first {
				fmt.Fprintf(b, "\n%s:\n", cl)
				first = false
			}
			where := report.Escape(c.Owner)
			if c.Pointer != "" {
				where += " " + report.Escape(c.Pointer)
			}
			fmt.Fprintf(b, "  %s: %s [%s]\n", where, report.Escape(c.Message), c.Kind)
			if textKinds[c.Kind] {
				if s, ok := c.Old.(string); ok {
					fmt.Fprintf(b, "      - %s\n", report.Escape(snip.Runes(s, excerpt)))
				}
				if s, ok := c.New.(string); ok {
					fmt.Fprintf(b, "      + %s\n", report.Escape(snip.Runes(s, excerpt)))
				}
			}
		}
	}
	fmt.Fprintf(b, "\n%s\n", summary(r))
	return b.Flush()
}

// WriteMarkdown writes r for a pull-request comment: a summary, then a
// table per class, worst first.
func WriteMarkdown(w io.Writer, r *Report) error {
	b := bufio.NewWriter(w)
	fmt.Fprintf(b, "### mcplint diff\n\n")
	fmt.Fprintf(b, "**Old:** %s  \n**New:** %s\n\n", report.MarkdownText(sideText(r.Old)), report.MarkdownText(sideText(r.New)))
	fmt.Fprintf(b, "**%s**\n", report.MarkdownText(summary(r)))
	headings := map[Class]string{Breaking: "Breaking changes", Risky: "Risky changes (review before you trust them)", Compatible: "Compatible changes"}
	for _, cl := range []Class{Breaking, Risky, Compatible} {
		var rows []Change
		for _, c := range r.Changes {
			if c.Class == cl {
				rows = append(rows, c)
			}
		}
		if len(rows) == 0 {
			continue
		}
		fmt.Fprintf(b, "\n#### %s (%d)\n\n| Where | Change | Kind |\n|---|---|---|\n", headings[cl], len(rows))
		for _, c := range rows {
			msg := report.MarkdownText(c.Message)
			if textKinds[c.Kind] {
				if s, ok := c.New.(string); ok {
					msg += "<br>now: " + report.MarkdownText(snip.Runes(s, excerpt))
				}
			}
			fmt.Fprintf(b, "| `%s` | %s | %s |\n", codeSpan(strings.TrimSpace(c.Owner+" "+c.Pointer)), msg, c.Kind)
		}
	}
	return b.Flush()
}

// codeSpan makes text safe inside a Markdown code span in a table cell.
func codeSpan(s string) string {
	return strings.NewReplacer("`", "'", "|", `\|`).Replace(report.Escape(s))
}

// KindNames lists Kinds sorted, for documentation and tests.
func KindNames() []string {
	out := make([]string, 0, len(Kinds))
	for k := range Kinds {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
