// Command mcplint lints Model Context Protocol servers: what a model reads
// from them (tool names, descriptions, schemas, instructions) and how they
// speak the protocol.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"syscall"
	"time"

	"github.com/mcplint/mcplint/engine/reaper"
	"github.com/mcplint/mcplint/internal/suggest"
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
	go exitAfterSignal(ctx)
	code := run(ctx, newCLI(), os.Args[1:])
	if ctx.Err() != nil {
		fmt.Fprintln(os.Stderr, "mcplint: stopped by a signal (SIGINT or SIGTERM)")
	}
	stop()
	stopProfiles()
	reaper.KillAdopted()
	os.Exit(code)
}

// stopGrace is how long mcplint may take to stop after SIGINT or SIGTERM.
// Stopping cancels every session, and a session ends its server within
// its own grace; a server that keeps it busy past that (a flood of
// requests on a stream) must not keep mcplint alive.
const stopGrace = 10 * time.Second

// exitAfterSignal ends mcplint stopGrace after ctx is cancelled by a
// signal, if it has not ended by itself: servers die with it (their
// parent-death signal) and the orphans it adopted are killed first.
func exitAfterSignal(ctx context.Context) {
	<-ctx.Done()
	time.Sleep(stopGrace)
	fmt.Fprintf(os.Stderr, "mcplint: still stopping %v after the signal; exiting now\n", stopGrace)
	reaper.KillAdopted()
	os.Exit(exitTarget)
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

// bareWord is what a command name could be mistyped as: no path
// separator, no dot, no URL; a name like a file's is always a target.
var bareWord = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)

// mistypedCommand says why the lint command's first target must be a
// mistyped command, or returns "": it is a bare word (letters, digits, -
// and _), nothing of that name is in the working folder, and it is the
// name of a command (which must come first, before any flag) or near one
// by the did-you-mean policy of rule names (package suggest: a third of
// its letters mistyped, or the start, three letters or more, of one
// command's name). A file of that name is linted when written ./NAME.
func mistypedCommand(c *cli, arg string) string {
	if !bareWord.MatchString(arg) {
		return ""
	}
	if _, err := os.Lstat(filepath.Join(c.Dir, arg)); !errors.Is(err, fs.ErrNotExist) {
		return ""
	}
	names := append(commandNames(), "help")
	if slices.Contains(names, arg) {
		return fmt.Sprintf("%q is a command, and a command comes before any flag (mcplint %s ...); to lint a file of that name, write ./%s", arg, arg, arg)
	}
	if near := suggest.Guess(arg, names); near != "" {
		return fmt.Sprintf("unknown command %q (did you mean %q?); to lint a file of that name, write ./%s", arg, near, arg)
	}
	return ""
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
