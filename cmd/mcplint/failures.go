package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/mcplint/mcplint/engine/report"
	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/internal/atomicfile"
)

// explainFailures prints to stderr what stopped a target or a rule (the
// cause of exit 3), for runs whose stdout holds no text report that says
// it: with -f json -o FILE the gate's "could not run" alone would leave a
// CI log or a pre-commit hook without the reason.
func explainFailures(c *cli, rep *result.Report) {
	for _, t := range rep.Targets {
		for _, line := range failureLines(t) {
			fmt.Fprintln(c.Stderr, line)
		}
	}
}

// failureLines are the lines explainFailures prints for t.
func failureLines(t *result.Target) []string {
	var out []string
	if t.Error != nil {
		out = append(out, fmt.Sprintf("mcplint: %s: could not lint: %s", report.Escape(t.Name), firstLine(*t.Error)))
	}
	for _, re := range t.RuleErrors {
		out = append(out, fmt.Sprintf("mcplint: %s: rule %s could not run: %s", report.Escape(t.Name), re.Rule, firstLine(re.Error)))
	}
	return out
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

// writeReportFile writes a report to path (shown is what the user wrote)
// through atomicfile, naming the user's file in errors, never the temporary
// file beside it that atomicfile writes first.
func writeReportFile(path, shown string, write func(io.Writer) error) error {
	dir := filepath.Dir(path)
	if st, err := os.Stat(dir); err != nil {
		return fmt.Errorf("cannot write the report to %s: the folder %s does not exist; create it or name another file", shown, dir)
	} else if !st.IsDir() {
		return fmt.Errorf("cannot write the report to %s: %s is not a folder; name another file", shown, dir)
	}
	err := atomicfile.Write(path, 0o644, write)
	if pe, ok := errors.AsType[*fs.PathError](err); ok && pe.Path != path {
		return fmt.Errorf("cannot write the report to %s: %v", shown, pe.Err)
	}
	if err != nil {
		return fmt.Errorf("cannot write the report to %s: %w", shown, err)
	}
	return nil
}
