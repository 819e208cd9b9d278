package main

import (
	"fmt"
	"strings"

	"github.com/mcplint/mcplint/engine/report"
)

// explainFailures prints to stderr why a lint exits 3 (a target that could
// not be linted, a rule that could not run) when no text report on stdout
// already says so: with -f json -o FILE, or a report sent to a file, the
// exit code alone would leave a CI log or a pre-commit hook silent.
func explainFailures(c *cli, f *lintFlags, rep *report.Report) {
	for _, spec := range f.format.specs() {
		if spec == "text" && f.output == "" {
			return
		}
	}
	for _, t := range rep.Targets {
		if t.Error != nil {
			fmt.Fprintf(c.Stderr, "mcplint: %s could not be linted: %s\n", report.Escape(t.Name), firstLine(*t.Error))
		}
		for _, re := range t.RuleErrors {
			fmt.Fprintf(c.Stderr, "mcplint: %s: rule %s could not run: %s\n", report.Escape(t.Name), re.Rule, firstLine(re.Error))
		}
	}
}

// firstLine is an error's first line, escaped, with a pointer to the
// report when more follows (a plugin's stack, a server's stderr).
func firstLine(msg string) string {
	first, rest, _ := strings.Cut(strings.TrimRight(msg, "\n"), "\n")
	first = report.Escape(first)
	if rest != "" {
		first += " (more in the report)"
	}
	return first
}
