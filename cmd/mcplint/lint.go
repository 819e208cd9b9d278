package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/mcplint/mcplint/config"
	"github.com/mcplint/mcplint/engine"
	"github.com/mcplint/mcplint/engine/report"
	"github.com/mcplint/mcplint/engine/runner"
	"github.com/mcplint/mcplint/engine/score"
	"github.com/mcplint/mcplint/engine/target"
	"github.com/mcplint/mcplint/plugins"
	"github.com/mcplint/mcplint/rules"
	"github.com/mcplint/mcplint/sdk"
)

const lintUsage = `mcplint lints Model Context Protocol servers: what a model reads from them
(tool names, descriptions, schemas, instructions) and how they speak the protocol.

Usage:
  mcplint [flags] [TARGET...]
  mcplint COMMAND [args]

Targets:
  tools.json            a static tools/list result, a bare array of tools, or a
                        JSON-RPC response wrapping either

Commands:
%s
Flags:
%s
Examples:
  mcplint tools.json                     lint a static tool list
  mcplint -f json -o report.json a.json  write the JSON report to a file
  mcplint --only schema tools.json       run the schema rules alone
  mcplint --fail-on warning tools.json   fail CI on warnings too
  mcplint explain schema-invalid         read a rule's documentation

Exit codes:
  0  nothing at or above --fail-on, and every grade meets --min-grade
  1  issues found (or a grade below --min-grade)
  2  usage or configuration error
  3  a target could not be linted (unreadable, malformed, would not start)
`

// lintFlags are the lint command's flags.
type lintFlags struct {
	format   choiceFlag
	output   string
	failOn   choiceFlag
	minGrade choiceFlag
	enable   listFlag
	disable  listFlag
	only     listFlag
	color    choiceFlag
	quiet    bool
	noPlugin bool
	server   string
}

func newLintFlags() (*flag.FlagSet, *lintFlags) {
	f := &lintFlags{
		format:   choiceFlag{value: "text", choices: []string{"text", "json"}},
		failOn:   choiceFlag{value: "error", choices: []string{"error", "warning", "info", "never"}},
		minGrade: choiceFlag{choices: []string{"A", "B", "C", "D", "F"}},
		color:    choiceFlag{value: "auto", choices: []string{"auto", "always", "never"}},
	}
	fs := flag.NewFlagSet("mcplint", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Var(&f.format, "format", "report `FORMAT`: text or json")
	fs.Var(&f.format, "f", shorthandPrefix+"format")
	fs.StringVar(&f.output, "output", "", "write the report to `FILE` instead of stdout")
	fs.StringVar(&f.output, "o", "", shorthandPrefix+"output")
	fs.Var(&f.failOn, "fail-on", "exit 1 when an issue is at or above this `LEVEL`: error, warning, info or never")
	fs.Var(&f.minGrade, "min-grade", "exit 1 when a target's grade is below this `GRADE` (A-F)")
	fs.Var(&f.enable, "enable", "turn on a rule or category (`NAME`, repeatable, comma-separated)")
	fs.Var(&f.disable, "disable", "turn off a rule or category (`NAME`, repeatable)")
	fs.Var(&f.only, "only", "run only these rules or categories (`NAME`, repeatable)")
	fs.Var(&f.color, "color", "color the text report: auto (on a terminal), always or never")
	fs.StringVar(&f.server, "server", "", "lint only the server `NAME` of a client config")
	fs.BoolVar(&f.noPlugin, "no-plugins", false, "do not start rule plugins")
	fs.BoolVar(&f.quiet, "q", false, "quiet: print issues only, nothing for clean targets")
	return fs, f
}

func runLint(ctx context.Context, c *cli, args []string) int {
	fs, f := newLintFlags()
	positional, command, err := parseInterspersed(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprint(c.Stdout, lintHelp(fs))
		return exitOK
	}
	if err != nil {
		return usageError(c, "%v", err)
	}
	cfg := config.Default()
	all := rules.All()
	var host *plugins.Host
	if !f.noPlugin {
		host, err = startPlugins(ctx, c, cfg, c.Dir)
		if err != nil {
			return usageError(c, "%v", err)
		}
		defer host.Close()
		all = append(all, host.Rules()...)
	}
	metas := make([]sdk.Meta, len(all))
	for i, r := range all {
		metas[i] = r.Meta()
	}
	sel := runner.SelectionFrom(cfg.Rules, f.enable, f.disable, f.only)
	if err := sel.Check(metas); err != nil {
		return usageError(c, "%v", err)
	}
	targets, err := target.Resolve(positional, command, target.Options{
		Dir: c.Dir, Server: f.server, Getenv: c.Getenv,
		Config: target.ServerConfig{Command: cfg.Server.Command, Target: cfg.Server.Target, Env: cfg.Server.Env,
			Dir: configDir(cfg, c.Dir), File: cfg.Path},
	})
	if err != nil {
		return targetError(c, err)
	}
	opts := engine.Options{
		Version: mcplintVersion(), Targets: targets, Config: cfg,
		Rules: all, Selection: sel, Plugins: host,
	}
	if c.StderrIsTerminal && !f.quiet && len(targets) > 1 {
		opts.Progress = c.Stderr
	}
	rep, err := engine.Lint(ctx, opts)
	if err != nil {
		fmt.Fprintf(c.Stderr, "mcplint: %v\n", err)
		return exitUsage
	}
	if err := writeReport(c, f, rep); err != nil {
		fmt.Fprintf(c.Stderr, "mcplint: %v\n", err)
		return exitUsage
	}
	return exitCode(rep, f.failOn.value, f.minGrade.value)
}

func writeReport(c *cli, f *lintFlags, rep *report.Report) error {
	var buf bytes.Buffer
	var err error
	switch f.format.value {
	case "json":
		err = report.WriteJSON(&buf, rep)
	default:
		useColor := f.color.value == "always" || (f.color.value == "auto" && f.output == "" && c.StdoutIsTerminal && c.Getenv("NO_COLOR") == "")
		err = report.WriteText(&buf, rep, report.TextOptions{Color: useColor, Quiet: f.quiet})
	}
	if err != nil {
		return err
	}
	if f.output == "" {
		_, err = c.Stdout.Write(buf.Bytes())
		return err
	}
	return writeFileAtomic(resolvePath(c.Dir, f.output), buf.Bytes())
}

// exitCode applies the contract: 3 when a target could not be linted (or a
// rule could not run on it), 1 when an issue reaches failOn or a grade is
// below minGrade, else 0.
func exitCode(rep *report.Report, failOn, minGrade string) int {
	threshold := map[string]sdk.Severity{"error": sdk.Error, "warning": sdk.Warning, "info": sdk.Info}[failOn]
	code := exitOK
	for _, t := range rep.Targets {
		if t.Error != nil || len(t.RuleErrors) > 0 {
			return exitTarget
		}
		if !score.Meets(t.Grade, minGrade) {
			code = exitIssues
		}
		for _, is := range t.Issues {
			if threshold != 0 && is.Severity >= threshold {
				code = exitIssues
			}
		}
	}
	return code
}

func lintHelp(fs *flag.FlagSet) string {
	var cmds strings.Builder
	for _, n := range commandNames() {
		fmt.Fprintf(&cmds, "  %-20s  %s\n", n, commands[n].summary)
	}
	return fmt.Sprintf(lintUsage, cmds.String(), printFlags(fs))
}

// targetError reports a target that cannot be resolved: exit 3 when what
// the user named is unreadable or unrecognizable, 2 when the command line
// itself is wrong (no target at all).
func targetError(c *cli, err error) int {
	fmt.Fprintf(c.Stderr, "mcplint: %v\n", err)
	if errors.Is(err, target.ErrNoTarget) || errors.Is(err, target.ErrUsage) {
		fmt.Fprintln(c.Stderr, "Run 'mcplint --help' for usage.")
		return exitUsage
	}
	return exitTarget
}

// configDir is the folder a config's relative paths are read from.
func configDir(cfg *config.Config, wd string) string {
	if cfg.Path == "" {
		return wd
	}
	return filepath.Dir(cfg.Path)
}

func resolvePath(dir, p string) string {
	if filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(dir, p)
}

// writeFileAtomic writes through a temporary file in the same folder and a
// rename, so a reader never sees half a report.
func writeFileAtomic(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return nil
}
