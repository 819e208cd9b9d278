package main

import (
	"context"
	"flag"
	"fmt"
	"path/filepath"
	"sort"

	"github.com/mcplint/mcplint/engine/lock"
	"github.com/mcplint/mcplint/sdk"
)

// loadSnapshots loads the servers named by lint-style arguments (targets,
// `-- CMD ARGS`, the [server] of .mcplint.toml when there are none), as the
// lint command does before rules run. Tests replace it.
var loadSnapshots = loadTargets

func init() {
	register(command{name: "lock", summary: "pin tool definitions in .mcplint.lock", run: runLock})
}

func runLock(ctx context.Context, c *cli, args []string) int {
	fs := flag.NewFlagSet("lock", flag.ContinueOnError)
	fs.SetOutput(c.Stderr)
	path := fs.String("lock", lock.FileName, "lock file to write, relative to the working directory")
	fs.Usage = func() {
		fmt.Fprintln(c.Stderr, "usage: mcplint lock [--lock FILE] [TARGET...] [-- COMMAND ARGS...]")
		fmt.Fprintln(c.Stderr, "Pins a SHA-256 of every tool definition and of the instructions of each server;")
		fmt.Fprintln(c.Stderr, "a later lint reports what changed (rule definition-changed).")
		fs.PrintDefaults()
	}
	positional, command, err := parseInterspersed(fs, args)
	if err != nil {
		if err == flag.ErrHelp {
			return exitOK
		}
		return exitUsage
	}
	file := *path
	if !filepath.IsAbs(file) {
		file = filepath.Join(c.Dir, file)
	}
	snaps, err := loadSnapshots(ctx, c, positional, command)
	if err != nil {
		fmt.Fprintf(c.Stderr, "mcplint lock: %v\n", err)
		return exitTarget
	}
	if len(snaps) == 0 {
		return usageError(c, "lock: no server to pin; name a target or set [server] in .mcplint.toml")
	}
	f, err := lock.ReadOrNew(file)
	if err != nil {
		fmt.Fprintf(c.Stderr, "mcplint lock: %v\n", err)
		return exitUsage
	}
	sort.Slice(snaps, func(i, j int) bool { return snaps[i].Name < snaps[j].Name })
	for _, s := range snaps {
		e, err := lock.Pin(s)
		if err != nil {
			fmt.Fprintf(c.Stderr, "mcplint lock: %v\n", err)
			return exitTarget
		}
		f.Servers[s.Name] = e
		fmt.Fprintf(c.Stdout, "pinned %d tools of server %q%s\n", len(e.Tools), s.Name, instructionsNote(e))
	}
	if err := lock.Write(file, f); err != nil {
		fmt.Fprintf(c.Stderr, "mcplint lock: %v\n", err)
		return exitTarget
	}
	fmt.Fprintf(c.Stdout, "wrote %s\n", *path)
	return exitOK
}

func instructionsNote(e *sdk.LockEntry) string {
	if e.Instructions != "" {
		return " and its instructions"
	}
	return ""
}
