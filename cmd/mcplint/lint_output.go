package main

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/mcplint/mcplint/engine/report"
	"github.com/mcplint/mcplint/engine/result"
)

// gateAndWrite decides the exit code with report.Gate, writes every
// report the flags ask for, and returns the code. A failing gate always
// says why: in the text report when there is one on stdout, else on
// stderr, with what stopped a target or rule.
func gateAndWrite(c *cli, f *lintFlags, rep *result.Report) int {
	verdict := report.Gate(rep, f.failOn.value, f.minGrade.value)
	textOnStdout, err := writeReports(c, f, rep, verdict)
	if err != nil {
		fmt.Fprintf(c.Stderr, "mcplint: %v\n", err)
		return exitUsage
	}
	if !textOnStdout {
		for _, reason := range verdict.Reasons {
			fmt.Fprintf(c.Stderr, "mcplint: fail: %s\n", reason)
		}
		explainFailures(c, rep)
	}
	return verdict.Code
}

// formatFlag collects --format values: FORMAT, or FORMAT=FILE to send
// that report to a file while another goes to stdout.
type formatFlag []string

var formatNames = report.FormatNames()

func (f *formatFlag) String() string { return strings.Join(*f, ",") }

func (f *formatFlag) Set(v string) error {
	name, _, _ := strings.Cut(v, "=")
	if !slices.Contains(formatNames, name) {
		return fmt.Errorf("want one of %s, optionally as FORMAT=FILE", strings.Join(formatNames, ", "))
	}
	*f = append(*f, v)
	return nil
}

// check refuses two reports bound for the same place.
func (f formatFlag) check() error {
	toStdout := 0
	for _, spec := range f.specs() {
		name, _, toFile := strings.Cut(spec, "=")
		if !slices.Contains(formatNames, name) {
			return fmt.Errorf("format %q: want one of %s", name, strings.Join(formatNames, ", "))
		}
		if !toFile {
			toStdout++
		}
	}
	if toStdout > 1 {
		return fmt.Errorf("%d formats would share one output: give all but one a file, as --format sarif=out.sarif", toStdout)
	}
	return nil
}

// checkOutput refuses --output when every --format names its own file:
// the file would get no report, and the user would not know.
func (f *lintFlags) checkOutput() error {
	if !f.set("output", "o") {
		return nil // [output] file of the config applies only when it can
	}
	var files []string
	for _, spec := range f.format.specs() {
		if _, _, toFile := strings.Cut(spec, "="); !toFile {
			return nil
		}
		files = append(files, "--format "+spec)
	}
	return fmt.Errorf("--output %s would get no report: every format names its own file (%s); drop --output, or add a --format without =FILE to write there",
		f.output, strings.Join(files, ", "))
}

func (f formatFlag) specs() []string {
	if len(f) == 0 {
		return []string{"text"}
	}
	return f
}

// writeReports renders every requested format: each FORMAT=FILE to its
// file, the one without a file to -o or stdout. It reports whether a text
// report went to stdout, which then carries the gate's reasons.
func writeReports(c *cli, f *lintFlags, rep *result.Report, verdict report.Verdict) (textOnStdout bool, err error) {
	for _, spec := range f.format.specs() {
		name, file, toFile := strings.Cut(spec, "=")
		if !toFile {
			file = f.output
		}
		format, _ := report.FormatNamed(name) // check() refused unknown names
		write := func(w io.Writer) error {
			useColor := f.color.value == "always" || (f.color.value == "auto" && file == "" && c.StdoutIsTerminal && c.Getenv("NO_COLOR") == "")
			return format.Write(w, rep, report.TextOptions{Color: useColor, Quiet: f.quiet, Gate: verdict.Reasons, MaxSameIssues: f.maxSame, FailOn: f.failOn.value})
		}
		// Reports are written as they are made: the report of a large
		// server runs to tens of megabytes.
		if file == "" {
			out := bufio.NewWriterSize(c.Stdout, 64<<10)
			if err := write(out); err != nil {
				return false, err
			}
			if err := out.Flush(); err != nil {
				return false, err
			}
			textOnStdout = textOnStdout || name == "text"
			continue
		}
		if err := writeReportFile(resolvePath(c.Dir, file), file, write); err != nil {
			return false, err
		}
	}
	return textOnStdout, nil
}
