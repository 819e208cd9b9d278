package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/mcplint/mcplint/engine"
	"github.com/mcplint/mcplint/engine/report"
	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/sdk"
)

// streams reports whether every report asked for can be written a target
// at a time (report.Format.Stream), so that the lint need not hold them.
func (f formatFlag) streams() bool {
	for _, spec := range f.specs() {
		name, _, _ := strings.Cut(spec, "=")
		if format, ok := report.FormatNamed(name); !ok || format.Stream == nil {
			return false
		}
	}
	return true
}

// errLintStopped says the lint itself failed while its reports were being
// written, so that no report file replaces the one before it.
var errLintStopped = errors.New("the lint stopped")

// streamLint runs the lint s describes with every report written as each
// target is final: the memory it holds does not grow with the number of
// targets. The gate and the notes on stderr are made from what each target
// left behind (a few lines), and said once the run is over, as
// gateAndWrite says them.
func streamLint(ctx context.Context, c *cli, f *lintFlags, s engine.Settings) int {
	gate := report.NewGater(f.failOn.value, f.minGrade.value)
	notes := &runNotes{}
	streams := report.Tee{gate, notes}
	specs := f.format.specs()
	var runErr error
	// Each report file is open (atomically, through writeReportFile) for
	// the whole run: open them one inside the other, then lint.
	var open func(i int) error
	open = func(i int) error {
		if i == len(specs) {
			s.Stream = streams
			if _, err := engine.Run(ctx, s); err != nil {
				runErr = err
				return errLintStopped
			}
			return nil
		}
		name, file, toFile := strings.Cut(specs[i], "=")
		if !toFile {
			file = f.output
		}
		format, _ := report.FormatNamed(name) // check() refused unknown names
		if file == "" {
			out := bufio.NewWriterSize(c.Stdout, 64<<10)
			streams = append(streams, format.Stream(out))
			if err := open(i + 1); err != nil {
				return err
			}
			return out.Flush()
		}
		return writeReportFile(resolvePath(c.Dir, file), file, func(w io.Writer) error {
			streams = append(streams, format.Stream(w))
			return open(i + 1)
		})
	}
	if err := open(0); runErr != nil {
		return runError(c, runErr)
	} else if err != nil {
		fmt.Fprintf(c.Stderr, "mcplint: %v\n", err)
		return exitUsage
	}
	if f.set("exercise") && f.exercise.value != "none" && !f.quiet {
		noteNothingToCall(c, notes.files, notes.nFiles)
	}
	for _, reason := range gate.Verdict.Reasons {
		fmt.Fprintf(c.Stderr, "mcplint: fail: %s\n", reason)
	}
	for _, line := range notes.failures {
		fmt.Fprintln(c.Stderr, line)
	}
	return gate.Verdict.Code
}

// runNotes keeps, of each target, what the command says on stderr once
// the run is over: why a target or rule failed, and the first files
// --exercise could call nothing in.
type runNotes struct {
	failures []string
	files    []string
	nFiles   int
}

func (n *runNotes) Begin(*result.Report) error { return nil }
func (n *runNotes) End(*result.Report) error   { return nil }

func (n *runNotes) Target(t *result.Target) error {
	n.failures = append(n.failures, failureLines(t)...)
	if t.Source != sdk.SourceLive {
		if n.nFiles < noteMost {
			n.files = append(n.files, report.Escape(t.Input))
		}
		n.nFiles++
	}
	return nil
}
