package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/mcplint/mcplint/engine/baseline"
	"github.com/mcplint/mcplint/engine/cmdline"
	"github.com/mcplint/mcplint/engine/report"
	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/internal/plural"
)

const baselineUsage = `Usage: mcplint baseline [-o FILE] [lint flags] [TARGET...]

Lints the targets as mcplint does and records every issue found in FILE
(default .mcplint-baseline.json), so that

  mcplint --baseline .mcplint-baseline.json [TARGET...]

hides those issues and fails only on new ones. Issues are recorded by
server, rule, tool, pointer and a hash of the message, never by line, so
editing the input does not bring them back. Issues hidden by [[ignore]] or
inline suppressions are not recorded: they stay hidden by their own
suppression. Commit the file; run mcplint baseline again to accept the
current state.
`

func init() {
	register(command{name: "baseline", summary: "record today's issues so that only new ones fail (--baseline)", run: runBaseline})
}

// lintForBaseline runs the lint command for `mcplint baseline`: it reads
// args as the lint command does (flags, targets, -- COMMAND), applies the
// config's [[ignore]] entries and inline suppressions but no baseline, and
// returns every target's result. When the run cannot happen it prints why
// and returns the exit code (exitUsage, exitTarget) with no targets. The
// lint command sets it; tests replace it.
var lintForBaseline func(ctx context.Context, c *cli, args []string) ([]*result.Target, int)

func runBaseline(ctx context.Context, c *cli, args []string) int {
	out, rest, help, err := baselineArgs(args)
	if err != nil {
		return usageError(c, "baseline: %v", err)
	}
	if help {
		fmt.Fprint(c.Stdout, baselineUsage)
		return exitOK
	}
	targets, code := lintForBaseline(ctx, c, rest)
	if code != exitOK {
		return code
	}
	for _, t := range targets {
		if t.Error != nil {
			fmt.Fprintf(c.Stderr, "mcplint: no baseline written: %s could not be linted (%s), and a baseline without it would hide nothing of it\n",
				report.Escape(t.Name), report.Escape(*t.Error))
			return exitTarget
		}
	}
	path := resolvePath(c.Dir, out)
	b := baseline.FromTargets(targets)
	if err := baseline.Write(path, b); err != nil {
		fmt.Fprintf(c.Stderr, "mcplint: %v\n", err)
		return exitUsage
	}
	shown := displayPath(c.Dir, path)
	// The suggested command lints what was just recorded: the same flags
	// and targets (a command's environment values hidden).
	again := cmdline.Display(append([]string{"mcplint", "--baseline", shown}, rest...))
	fmt.Fprintf(c.Stdout, "Recorded %s of %s in %s.\nLint against it with: %s\n",
		plural.Count(b.Len(), "issue"), plural.Count(len(targets), "server"), shown, again)
	return exitOK
}

// baselineArgs takes the baseline command's own -o/--output out of args
// and leaves the rest, lint flags and targets, for the lint command. After
// "--" everything is the server's command line.
func baselineArgs(args []string) (out string, rest []string, help bool, err error) {
	out = baseline.FileName
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			rest = append(rest, args[i:]...)
			break
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !strings.HasPrefix(a, "-") {
			rest = append(rest, a)
			continue
		}
		switch name {
		case "o", "output":
			if !hasValue {
				if i+1 >= len(args) {
					return "", nil, false, fmt.Errorf("%s needs a file name", a)
				}
				i++
				value = args[i]
			}
			if value == "" {
				return "", nil, false, fmt.Errorf("%s needs a file name", a)
			}
			out = value
		case "h", "help":
			help = true
		default:
			rest = append(rest, a)
		}
	}
	return out, rest, help, nil
}
