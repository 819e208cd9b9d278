package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/mcplint/mcplint/config"
	"github.com/mcplint/mcplint/engine"
	"github.com/mcplint/mcplint/engine/atomicfile"
	"github.com/mcplint/mcplint/engine/baseline"
	"github.com/mcplint/mcplint/engine/exercise"
	"github.com/mcplint/mcplint/engine/lock"
	"github.com/mcplint/mcplint/engine/probe"
	"github.com/mcplint/mcplint/engine/report"
	"github.com/mcplint/mcplint/engine/runner"
	"github.com/mcplint/mcplint/engine/score"
	"github.com/mcplint/mcplint/engine/source/live"
	"github.com/mcplint/mcplint/engine/target"
	"github.com/mcplint/mcplint/plugins"
	"github.com/mcplint/mcplint/rules"
	"github.com/mcplint/mcplint/sdk"
)

const lintUsage = `mcplint lints Model Context Protocol servers: what a model reads from them
(tool names, descriptions, schemas, instructions) and how they speak the protocol.

Usage:
  mcplint [flags] [TARGET...] [-- COMMAND ARGS...]
  mcplint COMMAND [args]

Targets (none: the [server] of the nearest .mcplint.toml):
  ./server-dir          a server folder: its .mcplint.toml [server], package.json,
                        go.mod, pyproject.toml or an executable named server
  server.py, index.js   a script, run with python3 or node
  ./server              an executable
  tools.json            a static tools/list result, a bare array of tools, or a
                        JSON-RPC response wrapping either
  trace.jsonl           a session recorded with 'mcplint record'
  mcp.json              a client config (Claude Desktop mcpServers, VS Code servers):
                        every stdio server in it (--server NAME picks one)
  -- COMMAND ARGS       a server command line, run without a shell

Commands:
%s
Flags (each also settable in .mcplint.toml [output] or [server]):
%s
Examples:
  mcplint                                lint the server named in .mcplint.toml
  mcplint tools.json                     lint a static tool list
  mcplint -- npx -y @modelcontextprotocol/server-memory
  mcplint -f json -o report.json a.json  write the JSON report to a file
  mcplint --only schema tools.json       run the schema rules alone
  mcplint --fail-on warning tools.json   fail CI on warnings too
  mcplint --exercise -f markdown ./server  call the read-only tools, write a scorecard
  mcplint explain schema-invalid         read a rule's documentation

Exit codes:
  0  nothing at or above --fail-on, and every grade meets --min-grade
  1  issues found (or a grade below --min-grade)
  2  usage or configuration error
  3  a target could not be linted (unreadable, malformed, would not start)
`

// lintFlags are the lint command's flags.
type lintFlags struct {
	fs       *flag.FlagSet
	config   string
	format   formatFlag
	output   string
	failOn   choiceFlag
	minGrade choiceFlag
	enable   listFlag
	disable  listFlag
	only     listFlag
	color    choiceFlag
	probes   choiceFlag
	quiet    bool
	noPlugin bool
	server   string
	baseline string
	timeout  time.Duration
	exercise exerciseFlag
}

func newLintFlags() *lintFlags {
	f := &lintFlags{
		failOn:   choiceFlag{value: "error", choices: config.FailOns},
		minGrade: choiceFlag{choices: config.Grades},
		color:    choiceFlag{value: "auto", choices: config.ColorModes},
		probes:   choiceFlag{value: "default", choices: config.ProbeSets},
	}
	fs := flag.NewFlagSet("mcplint", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&f.config, "config", "", "read `FILE` instead of the nearest .mcplint.toml (also MCPLINT_CONFIG)")
	fs.StringVar(&f.config, "c", "", shorthandPrefix+"config")
	fs.Var(&f.format, "format", "report `FORMAT`: text, json, sarif, junit, github or markdown; FORMAT=FILE writes that one to FILE (repeatable)")
	fs.Var(&f.format, "f", shorthandPrefix+"format")
	fs.StringVar(&f.output, "output", "", "write the report to `FILE` instead of stdout")
	fs.StringVar(&f.output, "o", "", shorthandPrefix+"output")
	fs.Var(&f.failOn, "fail-on", "exit 1 when an issue is at or above this `LEVEL`: error, warning, info or never")
	fs.Var(&f.minGrade, "min-grade", "exit 1 when a target's grade is below this `GRADE` (A-F)")
	fs.Var(&f.enable, "enable", "turn on a rule or category (`NAME`, repeatable, comma-separated)")
	fs.Var(&f.disable, "disable", "turn off a rule or category (`NAME`, repeatable, comma-separated)")
	fs.Var(&f.only, "only", "run only these rules or categories (`NAME`, repeatable, comma-separated)")
	fs.StringVar(&f.baseline, "baseline", "", "hide the issues recorded in `FILE` by 'mcplint baseline'")
	fs.Var(&f.color, "color", "color the text report: auto (on a terminal), always or never")
	fs.StringVar(&f.server, "server", "", "lint only the server `NAME` of a client config")
	fs.Var(durationFlag{&f.timeout}, "timeout", "`DURATION` each request to a live server may take, e.g. 30s (default 10s)")
	fs.Var(&f.exercise, "exercise", "call tools with arguments generated from their schemas: alone (or readonly) only tools with readOnlyHint true; all every tool, named on stderr first; as --exercise all or --exercise=all")
	fs.Var(&f.probes, "probes", "active protocol probes of a live server, a `SET`: none, default (in the session; the default) or all (adds a second server start)")
	fs.BoolVar(&f.noPlugin, "no-plugins", false, "do not start rule plugins")
	fs.BoolVar(&f.quiet, "q", false, "quiet: print issues only, nothing for clean targets")
	f.fs = fs
	return f
}

// set reports whether a flag (by any of its names) was given.
func (f *lintFlags) set(names ...string) bool {
	given := false
	f.fs.Visit(func(fl *flag.Flag) {
		for _, n := range names {
			if fl.Name == n {
				given = true
			}
		}
	})
	return given
}

// applyConfig fills the flags the user did not give from [output] and
// [server]: flags win over the config file.
func (f *lintFlags) applyConfig(cfg *config.Config) {
	if !f.set("format", "f") && cfg.Output.Format != "" {
		f.format = formatFlag{cfg.Output.Format}
	}
	if !f.set("output", "o") && cfg.Output.File != "" {
		f.output = filepath.Join(cfg.Dir(), cfg.Output.File)
	}
	if !f.set("fail-on") && cfg.Output.FailOn != "" {
		f.failOn.value = cfg.Output.FailOn
	}
	if !f.set("min-grade") && cfg.Output.MinGrade != "" {
		f.minGrade.value = cfg.Output.MinGrade
	}
	if !f.set("color") && cfg.Output.Color != "" {
		f.color.value = cfg.Output.Color
	}
	if !f.set("server") && cfg.Server.Name != "" {
		f.server = cfg.Server.Name
	}
	if !f.set("timeout") && cfg.Server.Timeout != 0 {
		f.timeout = cfg.Server.Timeout
	}
	if !f.set("exercise") && cfg.Server.Exercise != "" {
		f.exercise.value = cfg.Server.Exercise
	}
	if !f.set("probes") && cfg.Server.Probes != "" {
		f.probes.value = cfg.Server.Probes
	}
}

func runLint(ctx context.Context, c *cli, args []string) int {
	f := newLintFlags()
	positional, command, err := parseInterspersed(f.fs, args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprint(c.Stdout, lintHelp(f.fs))
		return exitOK
	}
	if err != nil {
		return usageError(c, "%v", err)
	}
	run, code := lintReport(ctx, c, f, positional, command, true)
	if run == nil {
		return code
	}
	rep := run.report
	if err := writeReports(c, f, rep, run.metas, run.enabled); err != nil {
		fmt.Fprintf(c.Stderr, "mcplint: %v\n", err)
		return exitUsage
	}
	code = exitCode(rep, f.failOn.value, f.minGrade.value)
	if code == exitTarget {
		explainFailures(c, f, rep)
	}
	return code
}

func init() {
	lintForBaseline = func(ctx context.Context, c *cli, args []string) ([]*report.Target, int) {
		f := newLintFlags()
		positional, command, err := parseInterspersed(f.fs, args)
		if err != nil {
			return nil, usageError(c, "%v", err)
		}
		run, code := lintReport(ctx, c, f, positional, command, false)
		if run == nil {
			return nil, code
		}
		return run.report.Targets, exitOK
	}
}

// lintRun is a finished lint: the report and the rules the formats list.
type lintRun struct {
	report *report.Report
	// metas are every rule known to the run; enabled those that ran.
	metas, enabled []sdk.Meta
}

// lintReport runs a lint as the flags say: config, plugins, targets, the
// lock, the baseline (when withBaseline), the engine. A nil run comes with
// the exit code of what stopped it, already explained on stderr.
func lintReport(ctx context.Context, c *cli, f *lintFlags, positional, command []string, withBaseline bool) (*lintRun, int) {
	all := rules.All()
	cfg, err := loadConfig(c, f.config, all)
	if err != nil {
		fmt.Fprintln(c.Stderr, err)
		return nil, exitUsage
	}
	f.applyConfig(cfg)
	if err := f.format.check(); err != nil {
		return nil, usageError(c, "%v", err)
	}
	var host *plugins.Host
	if !f.noPlugin {
		host, err = startPlugins(ctx, c, cfg, configDir(cfg, c.Dir))
		if err != nil {
			return nil, usageError(c, "%v", err)
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
		return nil, usageError(c, "%v", err)
	}
	targets, err := resolveTargets(c, cfg, f.server, positional, command)
	if err != nil {
		return nil, targetError(c, err)
	}
	pins, err := readLock(c, cfg)
	if err != nil {
		return nil, usageError(c, "%v", err)
	}
	probes, err := probe.ParseSet(f.probes.value)
	if err != nil {
		return nil, usageError(c, "--%v", err)
	}
	loader := engine.Loader{Live: live.Options{Timeout: f.timeout, Probes: probes,
		// The notice of risky calls goes to stderr even when it is not a
		// terminal: it is the user's last word on what is about to run.
		Exercise: exercise.Options{Mode: f.exercise.value, Notice: c.Stderr}}}
	if c.StderrIsTerminal && !f.quiet {
		loader.Live.Stderr = c.Stderr
		loader.Live.Exercise.Progress = c.Stderr
	}
	opts := engine.Options{
		Version: mcplintVersion(), Targets: targets, Config: cfg,
		Rules: all, Selection: sel, Plugins: host, Lock: pins, Load: loader.Load,
	}
	if withBaseline && f.baseline != "" {
		opts.Baseline, err = baseline.Read(resolvePath(c.Dir, f.baseline))
		if err != nil {
			return nil, usageError(c, "--baseline: %v", err)
		}
	}
	if c.StderrIsTerminal && !f.quiet && len(targets) > 1 {
		opts.Progress = c.Stderr
	}
	rep, err := engine.Lint(ctx, opts)
	if err != nil {
		fmt.Fprintf(c.Stderr, "mcplint: %v\n", err)
		return nil, exitUsage
	}
	run := &lintRun{report: rep, metas: metas}
	for _, m := range metas {
		if sel.Enabled(m) {
			run.enabled = append(run.enabled, m)
		}
	}
	return run, exitOK
}

// loadConfig finds and reads the config (--config, MCPLINT_CONFIG, the
// nearest .mcplint.toml, or defaults) and checks every rule's settings.
// Its errors name the file as the user would write it.
func loadConfig(c *cli, flagPath string, all []sdk.Rule) (*config.Config, error) {
	known := config.Known{Rules: make([]sdk.Meta, len(all)), Plugins: discoveredPlugins(c)}
	for i, r := range all {
		known.Rules[i] = r.Meta()
	}
	cfg, err := config.Open(c.Dir, flagPath, c.Getenv, known)
	if err == nil {
		err = cfg.ConfigureRules(all)
	}
	if err != nil {
		return nil, errors.New(strings.ReplaceAll(err.Error(), c.Dir+string(filepath.Separator), ""))
	}
	return cfg, nil
}

// exerciseFlag is --exercise[=MODE]: a flag that works alone, like a
// boolean, or with one of config.ExerciseModes.
type exerciseFlag struct{ value string }

func (e *exerciseFlag) String() string { return e.value }

func (e *exerciseFlag) Set(v string) error {
	switch v {
	case "true":
		v = exercise.ModeReadOnly
	case "false":
		v = exercise.ModeNone
	}
	if !slices.Contains(config.ExerciseModes, v) {
		return fmt.Errorf("want --exercise alone, or --exercise %s", strings.Join(config.ExerciseModes, "|"))
	}
	e.value = v
	return nil
}

// IsBoolFlag lets --exercise stand alone; parseInterspersed joins a mode
// that follows it ("--exercise all"), so a target named like a mode must
// be written as a path (./all).
func (e *exerciseFlag) IsBoolFlag() bool { return true }

// Choices are the modes that may follow --exercise after a space.
func (e *exerciseFlag) Choices() []string { return config.ExerciseModes }

// formatFlag collects --format values: FORMAT, or FORMAT=FILE to send
// that report to a file while another goes to stdout.
type formatFlag []string

var formatNames = []string{"text", "json", "sarif", "junit", "github", "markdown"}

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

func (f formatFlag) specs() []string {
	if len(f) == 0 {
		return []string{"text"}
	}
	return f
}

// writeReports renders every requested format: each FORMAT=FILE to its
// file, the one without a file to -o or stdout.
func writeReports(c *cli, f *lintFlags, rep *report.Report, all, enabled []sdk.Meta) error {
	for _, spec := range f.format.specs() {
		name, file, toFile := strings.Cut(spec, "=")
		if !toFile {
			file = f.output
		}
		write := func(w io.Writer) error {
			switch name {
			case "json":
				return report.WriteJSON(w, rep)
			case "sarif":
				return report.WriteSARIF(w, rep, all)
			case "junit":
				return report.WriteJUnit(w, rep, enabled)
			case "github":
				return report.WriteGitHub(w, rep)
			case "markdown":
				return report.WriteMarkdown(w, rep)
			}
			useColor := f.color.value == "always" || (f.color.value == "auto" && file == "" && c.StdoutIsTerminal && c.Getenv("NO_COLOR") == "")
			return report.WriteText(w, rep, report.TextOptions{Color: useColor, Quiet: f.quiet})
		}
		// Reports are written as they are made: the report of a large
		// server runs to tens of megabytes.
		if file == "" {
			out := bufio.NewWriterSize(c.Stdout, 64<<10)
			if err := write(out); err != nil {
				return err
			}
			if err := out.Flush(); err != nil {
				return err
			}
			continue
		}
		if err := atomicfile.Write(resolvePath(c.Dir, file), 0o644, write); err != nil {
			return err
		}
	}
	return nil
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

// loadTargets resolves lint-style arguments and reads every target; the
// first target that cannot be read is an error.
func loadTargets(ctx context.Context, c *cli, positional, command []string) ([]*sdk.Snapshot, error) {
	cfg, err := loadConfig(c, "", rules.All())
	if err != nil {
		return nil, err
	}
	targets, err := resolveTargets(c, cfg, "", positional, command)
	if err != nil {
		return nil, err
	}
	snaps, errs := engine.LoadAll(ctx, targets, nil)
	for i, err := range errs {
		if err != nil {
			return nil, fmt.Errorf("%s: %w", targets[i].Name, err)
		}
	}
	return snaps, nil
}

// resolveTargets turns the command line (or the config's [server]) into
// the servers to lint, leaving out those that are skipped.
func resolveTargets(c *cli, cfg *config.Config, server string, positional, command []string) ([]target.Target, error) {
	return target.Resolve(positional, command, target.Options{
		Dir: c.Dir, Server: server, Getenv: c.Getenv,
		Config: target.ServerConfig{Command: cfg.Server.Command, Target: cfg.Server.Target, Env: cfg.Server.Env,
			Dir: configDir(cfg, c.Dir), File: cfg.Path},
	})
}

// readLock reads .mcplint.lock beside the config (or in the working
// directory); nil when there is none.
func readLock(c *cli, cfg *config.Config) (*lock.File, error) {
	f, err := lock.Read(filepath.Join(configDir(cfg, c.Dir), lock.FileName))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	return f, err
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
