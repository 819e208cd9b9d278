package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/mcplint/mcplint/config"
	"github.com/mcplint/mcplint/internal/atomicfile"
)

const initUsage = `Usage: mcplint init [--force] [DIR]

Writes a commented starter .mcplint.toml in DIR (default: the working
directory), next to your server. When it can tell how the server runs
(go.mod, package.json bin or main, server.py, a pyproject script, an
executable named server, or a static tools.json) it fills in [server].
An existing file is kept unless --force is given.
`

func init() {
	register(command{name: "init", summary: "write a commented starter .mcplint.toml next to your server", run: runInit})
}

func runInit(_ context.Context, c *cli, args []string) int {
	fs := flag.NewFlagSet("init", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	force := fs.Bool("force", false, "overwrite an existing .mcplint.toml")
	positional, _, err := parseInterspersed(fs, args)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(c.Stdout, initUsage)
			return exitOK
		}
		return usageError(c, "init: %v", err)
	}
	if len(positional) > 1 {
		return usageError(c, "init takes at most one folder, got %s", strings.Join(positional, " "))
	}
	dir := c.Dir
	if len(positional) == 1 {
		dir = resolvePath(c.Dir, positional[0])
	}
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return usageError(c, "init: %s is not a folder", displayPath(c.Dir, dir))
	}
	path := filepath.Join(dir, config.FileName)
	shown := displayPath(c.Dir, path)
	// Lstat, not Stat: a dangling link planted as .mcplint.toml exists too,
	// and writing through it would create whatever file it names.
	if st, err := os.Lstat(path); err == nil && !*force {
		what := "already exists"
		if st.Mode()&os.ModeSymlink != 0 {
			what = "is a symbolic link"
		}
		fmt.Fprintf(c.Stderr, "mcplint: %s %s; keep it, or run mcplint init --force to replace it (a link is replaced, not followed)\n", shown, what)
		return exitUsage
	}
	detected, found := config.DetectServer(dir)
	// Atomic, and replacing a link rather than writing through it.
	if err := atomicfile.WriteFile(path, config.Starter(detected, found), 0o644); err != nil {
		fmt.Fprintf(c.Stderr, "mcplint: writing %s: %v\n", shown, err)
		return exitUsage
	}
	switch {
	case found && detected.Target != "":
		fmt.Fprintf(c.Stdout, "Wrote %s: lints %s (found %s).\n", shown, detected.Target, detected.From)
	case found:
		fmt.Fprintf(c.Stdout, "Wrote %s: starts %s (detected from %s).\n", shown, strings.Join(detected.Command, " "), detected.From)
	default:
		fmt.Fprintf(c.Stdout, "Wrote %s: no server recognized here; fill in [server] before running mcplint without a target.\n", shown)
	}
	fmt.Fprintln(c.Stdout, "Next: mcplint config verify, then mcplint.")
	return exitOK
}
