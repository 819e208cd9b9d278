package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/mcplint/mcplint/config"
	"github.com/mcplint/mcplint/engine/report"
	"github.com/mcplint/mcplint/internal/inputfile"
)

func init() {
	register(command{name: "merge", summary: "join the reports of --shard runs into the report of the whole run", run: runMerge})
}

const mergeUsage = `Usage: mcplint merge [flags] REPORT...

Joins the reports of the shards of one run (each written by
'mcplint --shard K/N --format json', or --format sarif) into the report the
whole run would have written: the same targets in the same order (the order
the whole run names them in, which each shard records), the summary counted
again. The merged report has the shards' format; its exit status follows
--fail-on and --min-grade as lint's does, and as for lint they default to
[output] fail-on and min-grade of the nearest .mcplint.toml.

It refuses, saying which reports: a report that is not of a shard, reports
of another mcplint version, configuration, rule selection, settings or list
of targets (each shard carries a fingerprint of these), a shard given twice,
a missing shard, and JSON and SARIF reports mixed.

Exit status: 0 nothing at or above --fail-on and every grade meets
--min-grade, 1 there is something, 2 usage error or reports that do not
merge, 3 a target of the run could not be linted.

Flags:
%s
Examples:
  mcplint merge shard-*.json > report.json
  mcplint merge -o report.sarif --fail-on never shard-1.sarif shard-2.sarif
`

func runMerge(_ context.Context, c *cli, args []string) int {
	fs := flag.NewFlagSet("merge", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	output := fs.String("output", "", "write the merged report to `FILE` instead of standard output")
	fs.StringVar(output, "o", "", shorthandPrefix+"output")
	failOn := &choiceFlag{value: "error", choices: config.FailOns}
	fs.Var(failOn, "fail-on", "exit 1 when an issue is at or above this `LEVEL`: error, warning, info or never")
	minGrade := &choiceFlag{choices: config.Grades}
	fs.Var(minGrade, "min-grade", "exit 1 when a target's grade is below this `GRADE` (A-F; JSON reports only)")
	configPath := fs.String("config", "", "read [output] fail-on and min-grade from `FILE` instead of the nearest .mcplint.toml (also MCPLINT_CONFIG)")
	fs.StringVar(configPath, "c", "", shorthandPrefix+"config")
	var maxSize int64
	fs.Var(sizeFlag{&maxSize}, "max-file-size", "refuse reports larger than `SIZE`, e.g. 1GiB (default 256MiB)")
	positional, command, err := parseInterspersed(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprintf(c.Stdout, mergeUsage, printFlags(fs))
		return exitOK
	}
	if err != nil {
		return usageError(c, "merge: %v", err)
	}
	if command != nil {
		return usageError(c, "merge: it reads reports, it runs no command: drop the -- and what follows")
	}
	if len(positional) == 0 {
		return usageError(c, "merge: no report given: name the report of each shard, e.g. mcplint merge shard-*.json")
	}
	// The gate is lint's: the flags, else the config's [output].
	cfg, err := openConfig(c, *configPath)
	if err != nil {
		fmt.Fprintln(c.Stderr, err)
		return exitUsage
	}
	// Only the gate: the merged report goes where -o says, and its cap
	// on report files is not the one on lint targets.
	if err := fillFlags(fs, cfg, []string{"fail-on", "min-grade"}); err != nil {
		fmt.Fprintln(c.Stderr, err)
		return exitUsage
	}
	parts := make([]*report.ShardReport, len(positional))
	for i, name := range positional {
		data, err := inputfile.ReadFile(resolvePath(c.Dir, name), maxSize)
		if err != nil {
			fmt.Fprintf(c.Stderr, "mcplint merge: %v\n", err)
			return exitUsage
		}
		if parts[i], err = report.ReadShard(name, data); err != nil {
			fmt.Fprintf(c.Stderr, "mcplint merge: %v\n", err)
			return exitUsage
		}
	}
	merged, err := report.Merge(parts)
	if err != nil {
		fmt.Fprintf(c.Stderr, "mcplint merge: %v\n", err)
		return exitUsage
	}
	verdict, err := merged.Gate(failOn.value, minGrade.value)
	if err != nil {
		return usageError(c, "merge: %v", err)
	}
	if *output == "" {
		out := bufio.NewWriterSize(c.Stdout, 64<<10)
		if err := merged.Write(out); err != nil {
			fmt.Fprintf(c.Stderr, "mcplint merge: %v\n", err)
			return exitUsage
		}
		if err := out.Flush(); err != nil {
			fmt.Fprintf(c.Stderr, "mcplint merge: %v\n", err)
			return exitUsage
		}
	} else if err := writeReportFile(resolvePath(c.Dir, *output), *output, merged.Write); err != nil {
		fmt.Fprintf(c.Stderr, "mcplint merge: %v\n", err)
		return exitUsage
	}
	for _, reason := range verdict.Reasons {
		fmt.Fprintf(c.Stderr, "mcplint: fail: %s\n", strings.TrimSpace(reason))
	}
	return verdict.Code
}
