package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"runtime/trace"
	"strings"

	"github.com/mcplint/mcplint/engine"
	"github.com/mcplint/mcplint/engine/report"
	"github.com/mcplint/mcplint/engine/result"
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
  server.json           an MCP Registry server.json, a list of them or a registry export:
                        every remote and package of each server (--server NAME#remote[0])
  https://host/mcp      a remote server over Streamable HTTP (--header for credentials)
  -- COMMAND ARGS       a server command line, run without a shell

Commands:
%s
Flags (most also settable in .mcplint.toml; a flag wins over it):
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

func lintHelp(fs *flag.FlagSet) string {
	var cmds strings.Builder
	for _, n := range commandNames() {
		fmt.Fprintf(&cmds, "  %-20s  %s\n", n, commands[n].summary)
	}
	return fmt.Sprintf(lintUsage, cmds.String(), printFlags(fs))
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
	if len(positional) > 0 {
		if msg := mistypedCommand(c, positional[0]); msg != "" {
			return usageError(c, "%s", msg)
		}
	}
	s, code := lintSettings(c, f, positional, command, true)
	if s == nil {
		return code
	}
	if f.format.streams() && s.Shard == nil {
		return streamLint(ctx, c, f, *s)
	}
	rep, code := runSettings(ctx, c, f, *s)
	if rep == nil {
		return code
	}
	defer trace.StartRegion(ctx, "write").End()
	return gateAndWrite(c, f, rep)
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
	s, code := lintSettings(c, f, positional, command, withBaseline)
	if s == nil {
		return nil, code
	}
	return runSettings(ctx, c, f, *s)
}

// lintSettings reads the config and checks the flags, and returns the
// settings of the lint they ask for; nil with the exit code of what is
// wrong, already explained on stderr.
func lintSettings(c *cli, f *lintFlags, positional, command []string, withBaseline bool) (*engine.Settings, int) {
	if f.quiet && f.verbose {
		return nil, usageError(c, "-q (--quiet) and -v (--verbose) ask for opposite things; give one")
	}
	cfg, err := openConfig(c, f.config)
	if err != nil {
		fmt.Fprintln(c.Stderr, err)
		return nil, exitUsage
	}
	if err := f.applyConfig(cfg); err != nil {
		fmt.Fprintln(c.Stderr, err)
		return nil, exitUsage
	}
	if err := f.format.check(); err != nil {
		return nil, usageError(c, "%v", err)
	}
	if err := f.checkOutput(); err != nil {
		return nil, usageError(c, "%v", err)
	}
	env, err := f.envMap()
	if err != nil {
		return nil, usageError(c, "%v", err)
	}
	sh, err := f.shardPart(c.Getenv)
	if err != nil {
		return nil, usageError(c, "%v", err)
	}
	if sh != nil && !withBaseline {
		return nil, usageError(c, "--shard: a baseline holds the issues of every target, and a shard lints some of them; record the baseline without --shard")
	}
	s := f.settings(c, cfg, positional, command, sh)
	s.Env = env
	if !withBaseline {
		// A baseline is recorded from today's issues, none hidden, each
		// finding apart.
		s.Baseline, s.KeepRepeats = "", true
	}
	return &s, exitOK
}

// runSettings runs the lint s describes and returns its whole report; a
// nil report comes with the exit code of what stopped it.
func runSettings(ctx context.Context, c *cli, f *lintFlags, s engine.Settings) (*result.Report, int) {
	rep, err := engine.Run(ctx, s)
	if err != nil {
		return nil, runError(c, err)
	}
	if f.set("exercise") && f.exercise.value != "none" && !f.quiet {
		var files []string
		for _, t := range rep.Targets {
			if t.Source != sdk.SourceLive {
				files = append(files, report.Escape(t.Input))
			}
		}
		noteNothingToCall(c, files, len(files))
	}
	if rep.Shard != nil && !f.quiet {
		noteShard(c, rep.Shard)
	}
	return rep, exitOK
}

// noteNothingToCall tells stderr which targets --exercise could not call a
// tool of: a file holds what a server said, not a server. The flag alone
// is named, for a config's [server] exercise is meant for its live server
// and the files linted beside it need no word.
//
// files are the first of them (escaped), n how many there are in all.
func noteNothingToCall(c *cli, files []string, n int) {
	if n == 0 {
		return
	}
	list := strings.Join(files[:min(len(files), noteMost)], ", ")
	if n > noteMost {
		list = fmt.Sprintf("%s and %d more", list, n-noteMost)
	}
	fmt.Fprintf(c.Stderr, "mcplint: --exercise: nothing to call in %s: a tool list or a trace is what a server said, not a server; to call tools, give the server's folder, its command after --, or its URL\n", list)
}

// noteShard tells stderr how much of the run a shard lints: a part with
// nothing in it is no failure (a few targets that see each other stay in
// one part), but a user who sees an empty report should know why.
func noteShard(c *cli, sh *result.Shard) {
	n := len(sh.Targets) + len(sh.Skipped)
	fmt.Fprintf(c.Stderr, "mcplint: shard %d/%d: %d of the run's %d targets", sh.Index, sh.Count, n, sh.Total)
	if n == 0 && sh.Total > 0 {
		fmt.Fprint(c.Stderr, " (the servers of a client config, and up to 64 targets named one by one, stay in one shard together)")
	}
	fmt.Fprintln(c.Stderr)
}

// noteMost is how many files noteNothingToCall names.
const noteMost = 3

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
