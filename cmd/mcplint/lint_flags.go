package main

import (
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/mcplint/mcplint/config"
	"github.com/mcplint/mcplint/engine"
	"github.com/mcplint/mcplint/engine/shard"
	"github.com/mcplint/mcplint/internal/compat"
)

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
	color        colorFlag
	probes       choiceFlag
	quiet        bool
	verbose      bool
	noPlugin     bool
	server       string
	headers      listLines
	baseline     string
	clients      string
	timeout      time.Duration
	startup      time.Duration
	discoverWait time.Duration
	exercise     exerciseFlag
	maxSize      int64
	maxSame      int
	resume       string
	saveTrace    string
	env          listLines
	shard        string
	// requests are what mcplint call, read-resource and get-prompt ask
	// of the server in place of --exercise; no flag sets them.
	requests []engine.Request
}

func newLintFlags() *lintFlags {
	f := &lintFlags{
		failOn:   choiceFlag{value: "error", choices: config.FailOns},
		minGrade: choiceFlag{choices: config.Grades},
		color:    colorFlag{choiceFlag{value: "auto", choices: config.ColorModes}},
		probes:   choiceFlag{value: "default", choices: config.ProbeSets},
		maxSame:  config.DefaultMaxSameIssues,
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
	fs.StringVar(&f.clients, "clients", "", "check names, tool counts and schemas against what these clients accept, and say which ones the server works with (`LIST`, comma-separated: "+strings.Join(compat.BuiltinNames(), ", ")+", or a [compat.profiles] name; over [compat] clients)")
	fs.Var(countFlag{&f.maxSame}, "max-same-issues", "print at most `N` issues of one rule per target in the text and compact reports, and count the rest in one line; 0 prints all; the other formats are never capped")
	fs.Var(&f.color, "color", "color the text report: auto (when stdout is a terminal and NO_COLOR is unset; the default), always or never; --color alone is always")
	fs.StringVar(&f.server, "server", "", "lint only the server `NAME` of a client config")
	fs.Var(&f.env, "env", "set `KEY=VALUE` in the environment of each server mcplint starts, over a config's env (repeatable; values never printed)")
	fs.Var(&f.env, "e", shorthandPrefix+"env")
	fs.Var(&f.headers, "header", "send `'Name: value'` with every request to a URL target (repeatable; ${env:VAR} reads the environment; never printed)")
	fs.Var(durationFlag{&f.timeout}, "timeout", "how long each request to a live server may take, a `DURATION` such as 30s (default 10s)")
	fs.Var(durationFlag{&f.startup}, "startup-timeout", "how long a server started over stdio may take to write its first line, a `DURATION` never less than --timeout (default 1m through npx, uvx, pipx run, docker run and other launchers that may download it first, else 30s)")
	fs.Var(durationFlag{&f.discoverWait}, "discover-wait", "how long server/discover waits alone before initialize is sent beside it, a `DURATION` (default 3s); a late answer still decides the era")
	fs.Var(&f.exercise, "exercise", "call tools with arguments generated from their schemas (the tools to be called are named on stderr first): readonly (or --exercise alone) only tools with readOnlyHint true; closed only those that also declare openWorldHint false (nothing beyond this machine); all every tool")
	fs.Var(&f.probes, "probes", "which protocol probes a live server gets, a `SET`: none (only list); default (the default: questions in the session, and a second server process for request-before-init and a second listing); all (also a third process whose client names itself differently, a pause after initialized, a subscriptions/listen stream on 2026-07-28 servers, and reads of what the server declares: prompts/get, resources/read of listed resources and of a template, completion/complete, logging/setLevel, resources/subscribe, and the ui:// resources of MCP Apps its tools name)")
	fs.StringVar(&f.saveTrace, "save-trace", "", "keep a live server's session (its probes' sessions included) in `FILE`, a trace that lints as the live run did ('mcplint FILE'); findings in the transcript then name its lines")
	fs.StringVar(&f.resume, "resume", "", "keep each target's final report in the folder `DIR` as it is made, and do not lint again a target whose report an earlier run with the same config, rules and files kept there: its kept report stands in the output; for long runs over many servers that may stop part way")
	fs.Var(sizeFlag{&f.maxSize}, "max-file-size", "refuse file targets larger than `SIZE`, e.g. 64MiB or 1GB (default 256MiB)")
	fs.StringVar(&f.shard, "shard", "", "lint one part of the targets, `K/N` (K from 1 to N); env:VAR/N reads K from VAR counted from 1, env0:VAR/N counted from 0 (JOB_COMPLETION_INDEX); a client config's servers stay together; 'mcplint merge' joins the parts' reports")
	fs.BoolVar(&f.noPlugin, "no-plugins", false, "do not start rule plugins")
	fs.BoolVar(&f.quiet, "quiet", false, "print issues and failures only: no clean targets, no empty summary, no progress notes on stderr")
	fs.BoolVar(&f.quiet, "q", false, shorthandPrefix+"quiet")
	fs.BoolVar(&f.verbose, "verbose", false, "print progress notes on stderr even when it is not a terminal: each server started, each target done")
	fs.BoolVar(&f.verbose, "v", false, shorthandPrefix+"verbose")
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

// applyConfig fills the flags the user did not give from the config keys
// they mirror: flags win over the config file.
func (f *lintFlags) applyConfig(cfg *config.Config) error {
	if err := fillFlags(f.fs, cfg, nil); err != nil {
		return err
	}
	// Target resolution reads the cap from the config, so the flag goes
	// there.
	if f.set("max-file-size") {
		cfg.Server.MaxFileSize = f.maxSize
	}
	return nil
}

// fillFlags gives each flag of fs that mirrors a config key (config.Keys)
// and that the user did not give, by its name or its shorthand, the key's
// value from cfg; only names the flags to fill, nil all of them. An error
// means a key's value is one its flag refuses, which the config's own
// checks should have caught.
func fillFlags(fs *flag.FlagSet, cfg *config.Config, only []string) error {
	given := map[string]bool{}
	fs.Visit(func(fl *flag.Flag) {
		given[fl.Name] = true
		if long, ok := strings.CutPrefix(fl.Usage, shorthandPrefix); ok {
			given[long] = true
		}
	})
	for _, k := range config.Keys {
		v, ok := k.FlagValue(cfg)
		if !ok || given[k.Flag] || only != nil && !slices.Contains(only, k.Flag) {
			continue
		}
		fl := fs.Lookup(k.Flag)
		if fl == nil {
			return fmt.Errorf("config key %s mirrors --%s, which this command does not have", k.Path(), k.Flag)
		}
		// Value.Set, not FlagSet.Set: the flag stays "not given", so that
		// what asks whether the user gave it (--exercise's notice, -o's
		// checks) still hears no.
		if err := fl.Value.Set(v); err != nil {
			return fmt.Errorf("config %s: %s = %q: %v", cfg.Path, k.Path(), v, err)
		}
	}
	return nil
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

// colorFlag is --color[=WHEN]: alone it means always, so that it never
// takes the target after it for its value ("mcplint --color ./tools.json");
// parseInterspersed joins a WHEN that follows it ("--color never").
type colorFlag struct{ choiceFlag }

func (c *colorFlag) Set(v string) error {
	switch v {
	case "true":
		v = "always"
	case "false":
		v = "never"
	}
	return c.choiceFlag.Set(v)
}

// IsBoolFlag lets --color stand alone.
func (c *colorFlag) IsBoolFlag() bool { return true }

// Choices are the values that may follow --color after a space.
func (c *colorFlag) Choices() []string { return c.choices }

// settings are what the flags (over the config cfg) ask engine.Run for.
func (f *lintFlags) settings(c *cli, cfg *config.Config, positional, command []string, sh *shard.Shard) engine.Settings {
	s := engine.Settings{
		Version: mcplintVersion(), Dir: c.Dir, Getenv: c.Getenv, Config: cfg,
		Args: positional, Command: command, Server: f.server, Headers: f.headers,
		Enable: f.enable, Disable: f.disable, Only: f.only,
		Probes: f.probes.value, Exercise: f.exercise.value, Requests: f.requests, Timeout: f.timeout, StartupTimeout: f.startup, DiscoverWait: f.discoverWait,
		Baseline:  f.baseline,
		Resume:    f.resume,
		Clients:   f.clientList(),
		Plugins:   engine.PluginSettings{Off: f.noPlugin},
		SaveTrace: engine.SaveTrace{Path: f.saveTrace},
		Shard:     sh,
		// mcplint owns its process: a lint of large files may cap its heap.
		LimitMemory: true,
		// The notice of risky calls goes to stderr even when it is not a
		// terminal: it is the user's last word on what is about to run.
		Notice: c.Stderr,
	}
	if !f.quiet {
		s.SaveTrace.Note = c.Stderr
	}
	switch {
	case f.quiet:
	case c.StderrIsTerminal:
		s.Progress, s.ServerStderr, s.ExerciseProgress = c.Stderr, c.Stderr, c.Stderr
	case f.verbose:
		// The exercise's progress line is rewritten in place, for a
		// terminal only; the other notes are whole lines, fit for a log.
		s.Progress, s.ServerStderr = c.Stderr, c.Stderr
	}
	return s
}

// clientList is --clients as a list: nil when the flag was not given, so
// that the config's [compat] clients stand.
func (f *lintFlags) clientList() []string {
	if !f.set("clients") {
		return nil
	}
	return append([]string{}, compat.SplitList(f.clients)...)
}

// envMap reads the -e KEY=VALUE flags; a later KEY wins. A malformed one
// is named by its position and key alone: its value may be a secret.
func (f *lintFlags) envMap() (map[string]string, error) {
	if len(f.env) == 0 {
		return nil, nil
	}
	out := map[string]string{}
	for i, kv := range f.env {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || k == "" || strings.ContainsAny(k, " \t\r\n\x00") {
			return nil, fmt.Errorf("-e number %d is not KEY=VALUE (its text is not shown: it may hold a secret); write e.g. -e API_TOKEN=$API_TOKEN", i+1)
		}
		out[k] = v
	}
	return out, nil
}

// shardPart reads --shard; nil when it is not given.
func (f *lintFlags) shardPart(getenv func(string) string) (*shard.Shard, error) {
	if f.shard == "" {
		return nil, nil
	}
	sh, err := shard.Parse(f.shard, getenv)
	if err != nil {
		return nil, err
	}
	return &sh, nil
}
