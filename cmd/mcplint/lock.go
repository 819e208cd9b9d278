package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"sort"

	"github.com/mcplint/mcplint/engine"
	"github.com/mcplint/mcplint/engine/lock"
	"github.com/mcplint/mcplint/engine/report"
	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/internal/plural"
	"github.com/mcplint/mcplint/rules"
	"github.com/mcplint/mcplint/sdk"
)

// loadRequest names servers as the lint command does: targets, `-- CMD
// ARGS`, or the [server] of .mcplint.toml when there are none; server
// picks one server of a client config (--server).
type loadRequest struct {
	positional, command []string
	server              string
	// probes is the probe set of a live session ("" is the default).
	probes string
}

// loadSnapshots loads the servers a request names, as the lint command
// does before rules run, and lists those lint would skip (a client
// config's remote or disabled servers). Tests replace it.
var loadSnapshots = loadTargets

func loadTargets(ctx context.Context, c *cli, req loadRequest) ([]*sdk.Snapshot, []result.Skipped, error) {
	cfg, err := loadConfig(c, "", rules.All())
	if err != nil {
		return nil, nil, err
	}
	server := req.server
	if server == "" {
		server = cfg.Server.Name
	}
	return engine.Snapshots(ctx, engine.Settings{Dir: c.Dir, Getenv: c.Getenv, Config: cfg,
		Args: req.positional, Command: req.command, Server: server, Probes: req.probes})
}

const lockUsage = `Usage: mcplint lock [--lock FILE] [--server NAME] [TARGET...] [-- COMMAND ARGS...]

Pins a SHA-256 of every tool definition and of the instructions of each
server the targets name (as the lint command reads them; none: the [server]
of .mcplint.toml); a later lint reports what changed (rule
definition-changed). The servers of a client config that lint skips
(remote or disabled ones) are skipped here too and named on stderr.
Entries of other servers already in the lock file are kept.

Flags:
%s`

func init() {
	register(command{name: "lock", summary: "pin tool definitions in .mcplint.lock", run: runLock})
}

func runLock(ctx context.Context, c *cli, args []string) int {
	fs := flag.NewFlagSet("lock", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	path := fs.String("lock", lock.FileName, "lock `FILE` to write, relative to the working directory")
	server := fs.String("server", "", "pin only the server `NAME` of a client config")
	positional, command, err := parseInterspersed(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprintf(c.Stdout, lockUsage, printFlags(fs))
		return exitOK
	}
	if err != nil {
		return usageError(c, "lock: %v", err)
	}
	file := *path
	if !filepath.IsAbs(file) {
		file = filepath.Join(c.Dir, file)
	}
	snaps, skipped, err := loadSnapshots(ctx, c, loadRequest{positional: positional, command: command, server: *server})
	if te, ok := errors.AsType[*engine.TargetError](err); ok && te.Usage {
		return usageError(c, "lock: %v", te.Err)
	}
	if err != nil {
		fmt.Fprintf(c.Stderr, "mcplint lock: %v\n", err)
		return exitTarget
	}
	for _, sk := range skipped {
		fmt.Fprintf(c.Stderr, "mcplint lock: skipped %s (%s): %s; not pinned\n", report.Escape(sk.Name), report.Escape(sk.Input), report.Escape(sk.Reason))
	}
	if len(snaps) == 0 {
		if len(skipped) > 0 {
			fmt.Fprintf(c.Stderr, "mcplint lock: every server was skipped: nothing to pin, %s left as it was\n", *path)
			return exitTarget
		}
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
		fmt.Fprintf(c.Stdout, "pinned %s of server %q%s\n", plural.Count(len(e.Tools), "tool"), s.Name, instructionsNote(e))
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
