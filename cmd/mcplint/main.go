// Command mcplint lints Model Context Protocol servers: what a model reads
// from them (tool names, descriptions, schemas, instructions) and how they
// speak the protocol.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"syscall"

	"github.com/mcplint/mcplint/engine/reaper"
)

// Exit codes, a contract with CI scripts.
const (
	exitOK     = 0 // nothing at or above --fail-on, and the grade meets --min-grade
	exitIssues = 1 // issues found (or the grade is below --min-grade)
	exitUsage  = 2 // usage or configuration error
	exitTarget = 3 // a target could not be linted
)

// cli is what a command may touch of the outside world, so tests can run
// commands in-process.
type cli struct {
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	// Dir is the working directory commands resolve paths against.
	Dir string
	// Getenv reads the environment.
	Getenv func(string) string
	// StderrIsTerminal enables progress lines and color on stderr.
	StderrIsTerminal bool
	// StdoutIsTerminal enables color in the text report.
	StdoutIsTerminal bool
}

// command is one subcommand. Each lives in its own file and registers itself
// in init, so adding one touches nothing else.
type command struct {
	name    string
	summary string // one line for the top-level help
	run     func(ctx context.Context, c *cli, args []string) int
}

var commands = map[string]command{}

func register(c command) {
	if _, dup := commands[c.name]; dup {
		panic("mcplint: command registered twice: " + c.name)
	}
	commands[c.name] = c
}

func main() {
	// Orphans of the servers mcplint starts (a child that called setsid)
	// become mcplint's, and are killed before it exits.
	reaper.Start()
	stopProfiles := startProfiles(os.Getenv, os.Stderr)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, newCLI(), os.Args[1:])
	stop()
	stopProfiles()
	reaper.KillAdopted()
	os.Exit(code)
}

func newCLI() *cli {
	dir, err := os.Getwd()
	if err != nil {
		dir = "."
	}
	return &cli{
		Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr,
		Dir: dir, Getenv: os.Getenv,
		StderrIsTerminal: isTerminal(os.Stderr),
		StdoutIsTerminal: isTerminal(os.Stdout),
	}
}

// run dispatches to a subcommand; anything that is not one is the lint
// command's arguments.
func run(ctx context.Context, c *cli, args []string) int {
	if len(args) > 0 {
		switch args[0] {
		case "help":
			return runLint(ctx, c, []string{"--help"})
		case "--version", "-version":
			return runVersion(ctx, c, args[1:])
		}
		if cmd, ok := commands[args[0]]; ok {
			return cmd.run(ctx, c, args[1:])
		}
	}
	return runLint(ctx, c, args)
}

// commandNames lists the subcommands in order, for help text.
func commandNames() []string {
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// usageError prints a usage problem and returns exitUsage.
func usageError(c *cli, format string, a ...any) int {
	fmt.Fprintf(c.Stderr, "mcplint: "+format+"\n", a...)
	fmt.Fprintln(c.Stderr, "Run 'mcplint --help' for usage.")
	return exitUsage
}
