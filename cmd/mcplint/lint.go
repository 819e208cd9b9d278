package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/mcplint/mcplint/config"
	"github.com/mcplint/mcplint/engine"
	"github.com/mcplint/mcplint/engine/report"
	"github.com/mcplint/mcplint/engine/result"
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
                        every stdio and http server in it (--server NAME picks one)
  https://host/mcp      a remote server over Streamable HTTP (--header for credentials)
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
	fs           *flag.FlagSet
	config       string
	format       formatFlag
	output       string
	failOn       choiceFlag
	minGrade     choiceFlag
	enable       listFlag
	disable      listFlag
	only         listFlag
	color        choiceFlag
	probes       choiceFlag
	quiet        bool
	noPlugin     bool
	server       string
	headers      listLines
	baseline     string
	timeout      time.Duration
	discoverWait time.Duration
	exercise     exerciseFlag
	maxSize      int64
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
	fs.Var(&f.format, "format", "report `FORMAT`: "+strings.Join(formatNames, ", ")+"; FORMAT=FILE writes that one to FILE (repeatable)")
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
	fs.Var(&f.headers, "header", "send `'Name: value'` with every request to a URL target (repeatable; ${env:VAR} reads the environment; never printed)")
	fs.Var(durationFlag{&f.timeout}, "timeout", "`DURATION` each request to a live server may take, e.g. 30s (default 10s)")
	fs.Var(durationFlag{&f.discoverWait}, "discover-wait", "`DURATION` server/discover waits alone before initialize is sent beside it (default 3s); a late answer still decides the era")
	fs.Var(&f.exercise, "exercise", "call tools with arguments generated from their schemas (the tools to be called are named on stderr first): alone (or readonly) only tools with readOnlyHint true; closed only those that also declare openWorldHint false (nothing beyond this machine); all every tool; as --exercise all or --exercise=all")
	fs.Var(&f.probes, "probes", "active protocol probes of a live server, a `SET`: none, default (in the session; the default) or all (adds a second server start)")
	fs.Var(sizeFlag{&f.maxSize}, "max-file-size", "refuse file targets larger than `SIZE`, e.g. 64MiB or 1GB (default 256MiB)")
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
	if !f.set("discover-wait") && cfg.Server.DiscoverWait != 0 {
		f.discoverWait = cfg.Server.DiscoverWait
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
	// Target resolution reads the cap from the config, so the flag goes
	// there.
	if f.set("max-file-size") {
		cfg.Server.MaxFileSize = f.maxSize
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
	rep, code := lintReport(ctx, c, f, positional, command, true)
	if rep == nil {
		return code
	}
	verdict := report.Gate(rep, f.failOn.value, f.minGrade.value)
	textOnStdout, err := writeReports(c, f, rep, verdict)
	if err != nil {
		fmt.Fprintf(c.Stderr, "mcplint: %v\n", err)
		return exitUsage
	}
	// A failing gate always says why: in the text report when there is
	// one on stdout, else on stderr, with what stopped a target or rule.
	if !textOnStdout {
		for _, reason := range verdict.Reasons {
			fmt.Fprintf(c.Stderr, "mcplint: fail: %s\n", reason)
		}
		explainFailures(c, rep)
	}
	return verdict.Code
}

func init() {
	lintForBaseline = func(ctx context.Context, c *cli, args []string) ([]*result.Target, int) {
		f := newLintFlags()
		positional, command, err := parseInterspersed(f.fs, args)
		if err != nil {
			return nil, usageError(c, "%v", err)
		}
		rep, code := lintReport(ctx, c, f, positional, command, false)
		if rep == nil {
			return nil, code
		}
		return rep.Targets, exitOK
	}
}

// lintReport runs a lint as the flags say, through engine.Run, with the
// baseline only when withBaseline. A nil report comes with the exit code
// of what stopped it, already explained on stderr.
func lintReport(ctx context.Context, c *cli, f *lintFlags, positional, command []string, withBaseline bool) (*result.Report, int) {
	cfg, err := openConfig(c, f.config)
	if err != nil {
		fmt.Fprintln(c.Stderr, err)
		return nil, exitUsage
	}
	f.applyConfig(cfg)
	if err := f.format.check(); err != nil {
		return nil, usageError(c, "%v", err)
	}
	if err := f.checkOutput(); err != nil {
		return nil, usageError(c, "%v", err)
	}
	s := engine.Settings{
		Version: mcplintVersion(), Dir: c.Dir, Getenv: c.Getenv, Config: cfg,
		Args: positional, Command: command, Server: f.server, Headers: f.headers,
		Enable: f.enable, Disable: f.disable, Only: f.only,
		Probes: f.probes.value, Exercise: f.exercise.value, Timeout: f.timeout, DiscoverWait: f.discoverWait,
		Plugins: engine.PluginSettings{Off: f.noPlugin},
		// The notice of risky calls goes to stderr even when it is not a
		// terminal: it is the user's last word on what is about to run.
		Notice: c.Stderr,
	}
	if withBaseline {
		s.Baseline = f.baseline
	} else {
		s.KeepRepeats = true // a baseline records each finding
	}
	if c.StderrIsTerminal && !f.quiet {
		s.Progress, s.ServerStderr, s.ExerciseProgress = c.Stderr, c.Stderr, c.Stderr
	}
	rep, err := engine.Run(ctx, s)
	if err != nil {
		return nil, runError(c, err)
	}
	return rep, exitOK
}

// runError explains why engine.Run could not lint and returns the exit code.
func runError(c *cli, err error) int {
	var usage *engine.UsageError
	var cfgErr *engine.ConfigError
	var tgt *engine.TargetError
	switch {
	case errors.As(err, &usage):
		return usageError(c, "%v", usage.Err)
	case errors.As(err, &cfgErr):
		fmt.Fprintln(c.Stderr, relativeToDir(c, cfgErr.Err))
	case errors.As(err, &tgt):
		fmt.Fprintf(c.Stderr, "mcplint: %v\n", tgt.Err)
		if !tgt.Usage {
			return exitTarget
		}
		fmt.Fprintln(c.Stderr, "Run 'mcplint --help' for usage.")
	default:
		fmt.Fprintf(c.Stderr, "mcplint: %v\n", err)
	}
	return exitUsage
}

// openConfig finds and reads the config (--config, MCPLINT_CONFIG, the
// nearest .mcplint.toml, or defaults) without configuring any rule: the
// lint's engine.Run does that, once. Its errors name the file as the user
// would write it.
func openConfig(c *cli, flagPath string) (*config.Config, error) {
	all := rules.All()
	known := config.Known{Rules: make([]sdk.Meta, len(all)), Plugins: discoveredPlugins(c)}
	for i, r := range all {
		known.Rules[i] = r.Meta()
	}
	cfg, err := config.Open(c.Dir, flagPath, c.Getenv, known)
	if err != nil {
		return nil, relativeToDir(c, err)
	}
	return cfg, nil
}

// relativeToDir names the files in err relative to the working directory.
func relativeToDir(c *cli, err error) error {
	return errors.New(strings.ReplaceAll(err.Error(), c.Dir+string(filepath.Separator), ""))
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
		return nil, relativeToDir(c, err)
	}
	return cfg, nil
}

// listLines is a repeatable flag whose values are kept whole (a header
// value may hold commas).
type listLines []string

func (l *listLines) String() string { return "" }

func (l *listLines) Set(v string) error {
	*l = append(*l, v)
	return nil
}

// exerciseFlag is --exercise[=MODE]: a flag that works alone, like a
// boolean, or with one of config.ExerciseModes.
type exerciseFlag struct{ value string }

func (e *exerciseFlag) String() string { return e.value }

func (e *exerciseFlag) Set(v string) error {
	switch v {
	case "true":
		v = "readonly"
	case "false":
		v = "none"
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
			return format.Write(w, rep, report.TextOptions{Color: useColor, Quiet: f.quiet, Gate: verdict.Reasons})
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

func lintHelp(fs *flag.FlagSet) string {
	var cmds strings.Builder
	for _, n := range commandNames() {
		fmt.Fprintf(&cmds, "  %-20s  %s\n", n, commands[n].summary)
	}
	return fmt.Sprintf(lintUsage, cmds.String(), printFlags(fs))
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
