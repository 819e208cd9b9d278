package main

import (
	"fmt"
	"strings"

	"github.com/mcplint/mcplint/engine/report"
	"github.com/mcplint/mcplint/engine/result"
)

// explainFailures prints to stderr what stopped a target or a rule (the
// cause of exit 3), for runs whose stdout holds no text report that says
// it: with -f json -o FILE the gate's "could not run" alone would leave a
// CI log or a pre-commit hook without the reason.
func explainFailures(c *cli, rep *result.Report) {
	for _, t := range rep.Targets {
		if t.Error != nil {
			fmt.Fprintf(c.Stderr, "mcplint: %s: could not lint: %s\n", report.Escape(t.Name), firstLine(*t.Error))
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
