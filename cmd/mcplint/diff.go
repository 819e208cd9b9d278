package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"

	"github.com/mcplint/mcplint/engine"
	"github.com/mcplint/mcplint/engine/diff"
	"github.com/mcplint/mcplint/engine/gitrev"
	"github.com/mcplint/mcplint/engine/report"
	"github.com/mcplint/mcplint/internal/atomicfile"
	"github.com/mcplint/mcplint/internal/plural"
	"github.com/mcplint/mcplint/rules"
	"github.com/mcplint/mcplint/sdk"
)

func init() {
	register(command{name: "diff", summary: "classify what changed between two versions of a server", run: runDiff})
}

const diffUsage = `Usage: mcplint diff [flags] OLD NEW
       mcplint diff [flags] OLD -- NEW_COMMAND [ARGS...]
       mcplint diff [flags] -- OLD_COMMAND [ARGS...] -- NEW_COMMAND [ARGS...]

Compares two versions of a server and classifies every change to its tools,
instructions, prompts and resources:

  breaking    a client or agent that worked with OLD may fail with NEW: a tool
              removed or renamed, a new required parameter, a parameter
              removed, a type narrowed, an enum value removed, a bound
              tightened, additionalProperties closed, an output field
              removed or retyped, a tool now destructive or no longer
              read-only
  risky       what the model reads changed in a way to review: text a
              security rule flags on NEW and not on OLD, a description
              rewritten (word similarity under --similarity) while its
              schema did not change, a new open-world or destructive tool
  compatible  new tools and optional parameters, widened types and bounds,
              text edits

Each side is read as a lint target is: a tool list, a trace, a client config
(--server picks its server), a URL, a server folder or script, a command
after --, or git:REV:PATH, a file at a git revision (git show REV:PATH, run
in the working directory: PATH from the repository's top, or ./PATH). With
two commands, the second -- separates them; a command that itself takes --
can be dumped first (mcplint dump) or put in a client config.

Exit status: 0 no change at or above --fail-on, 1 there is one, 2 usage
error, 3 a side could not be read.

Flags:
%s
Each change has a kind (tool-removed, required-property-added,
enum-value-removed, description-rewritten, ...); --kinds lists them all.

Examples:
  mcplint diff git:main:tools.json tools.json
  mcplint diff git:origin/main:tools.json tools.json --format markdown
  mcplint diff pinned.json -- npx -y @modelcontextprotocol/server-everything
`

// diffSide is one version as the command line names it.
type diffSide struct {
	arg     string   // a target or git:REV:PATH
	command []string // or a command
}

func (s diffSide) String() string {
	if s.command != nil {
		return strings.Join(s.command, " ")
	}
	return s.arg
}

func runDiff(ctx context.Context, c *cli, args []string) int {
	fs := flag.NewFlagSet("diff", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	format := &choiceFlag{value: "text", choices: diff.Formats}
	fs.Var(format, "format", "output `FORMAT`: "+strings.Join(diff.Formats, ", "))
	fs.Var(format, "f", shorthandPrefix+"format")
	output := fs.String("output", "", "write the diff to `FILE` instead of standard output")
	fs.StringVar(output, "o", "", shorthandPrefix+"output")
	failOn := &choiceFlag{value: "breaking", choices: diff.FailOn}
	fs.Var(failOn, "fail-on", "exit 1 on a change of this `CLASS` or worse: "+strings.Join(diff.FailOn, ", ")+" (any: every change)")
	server := fs.String("server", "", "the server `NAME` of a side that is a client config")
	similarity := fs.Float64("similarity", diff.DefaultSimilarity, "a description whose word similarity falls under `RATIO` (0 to 1) while its input schema did not change is risky")
	noSecurity := fs.Bool("no-security", false, "do not run the security rules on the two sides")
	kinds := fs.Bool("kinds", false, "list every kind of change and what it means, and exit")
	positional, command, err := parseInterspersed(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprintf(c.Stdout, diffUsage, printFlags(fs))
		return exitOK
	}
	if err != nil {
		return usageError(c, "diff: %v", err)
	}
	if *kinds {
		for _, k := range diff.KindNames() {
			fmt.Fprintf(c.Stdout, "%-30s %s\n", k, diff.Kinds[k])
		}
		return exitOK
	}
	if *similarity <= 0 || *similarity > 1 {
		return usageError(c, "diff: --similarity %v: want a ratio above 0 and at most 1, such as 0.5", *similarity)
	}
	old, cur, err := diffSides(positional, command)
	if err != nil {
		return usageError(c, "diff: %v", err)
	}
	cfg, err := loadConfig(c, "", rules.All())
	if err != nil {
		fmt.Fprintf(c.Stderr, "mcplint diff: %v\n", err)
		return exitUsage
	}
	var snaps [2]*sdk.Snapshot
	var errs [2]error
	var wg sync.WaitGroup
	for i, s := range []diffSide{old, cur} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			snaps[i], errs[i] = loadDiffSide(ctx, c, s, *server, cfg.Server.MaxFileSize)
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err == nil {
			continue
		}
		which := [2]string{"OLD", "NEW"}[i]
		if te, ok := errors.AsType[*engine.TargetError](err); ok && te.Usage {
			return usageError(c, "diff: %s: %v", which, te.Err)
		}
		if ue, ok := errors.AsType[*diffUsageError](err); ok {
			return usageError(c, "diff: %s: %v", which, ue.err)
		}
		fmt.Fprintf(c.Stderr, "mcplint diff: %s: %v\n", which, err)
		return exitTarget
	}
	opt := diff.Options{Similarity: *similarity}
	if !*noSecurity {
		sec, err := engine.SecurityRules(cfg)
		if err != nil {
			fmt.Fprintf(c.Stderr, "mcplint diff: %v\n", err)
			return exitUsage
		}
		var ruleErr error
		var mu sync.Mutex
		opt.Findings = func(s *sdk.Snapshot) []sdk.Issue {
			issues, err := engine.SecurityFindings(ctx, sec, s)
			if err != nil {
				mu.Lock()
				ruleErr = err
				mu.Unlock()
			}
			return issues
		}
		defer func() {
			if ruleErr != nil {
				fmt.Fprintf(c.Stderr, "mcplint diff: a security rule failed, so a risky change may be missing: %v\n", ruleErr)
			}
		}()
	}
	rep := diff.NewReport(mcplintVersion(), snaps[0], snaps[1], opt)
	var out bytes.Buffer
	if err := diff.Write(&out, rep, format.value); err != nil {
		fmt.Fprintf(c.Stderr, "mcplint diff: %v\n", err)
		return exitUsage
	}
	if *output == "" {
		if _, err := c.Stdout.Write(out.Bytes()); err != nil {
			fmt.Fprintf(c.Stderr, "mcplint diff: %v\n", err)
			return exitTarget
		}
	} else if err := atomicfile.WriteFile(resolvePath(c.Dir, *output), out.Bytes(), 0o644); err != nil {
		fmt.Fprintf(c.Stderr, "mcplint diff: %v\n", err)
		return exitTarget
	}
	if diff.Fails(rep.Changes, failOn.value) {
		fmt.Fprintf(c.Stderr, "mcplint diff: failing: %s at or above --fail-on %s\n", plural.Count(countAtOrAbove(rep, failOn.value), "change"), failOn.value)
		return exitIssues
	}
	return exitOK
}

func countAtOrAbove(r *diff.Report, failOn string) int {
	n := 0
	for _, ch := range r.Changes {
		if failOn == "any" || ch.Class == diff.Breaking || (failOn == "risky" && ch.Class == diff.Risky) {
			n++
		}
	}
	return n
}

// diffSides splits the command line into the two sides: two targets; a
// target and, after --, a command; or, after --, two commands separated
// by a second --.
func diffSides(positional, command []string) (old, cur diffSide, err error) {
	switch {
	case command == nil && len(positional) == 2:
		return diffSide{arg: positional[0]}, diffSide{arg: positional[1]}, nil
	case command != nil && len(positional) == 1:
		if len(command) == 0 {
			return old, cur, errors.New(`"--" must be followed by NEW's command`)
		}
		return diffSide{arg: positional[0]}, diffSide{command: command}, nil
	case command != nil && len(positional) == 0:
		k := slices.Index(command, "--")
		if k <= 0 || k == len(command)-1 {
			return old, cur, errors.New("name both commands: mcplint diff -- OLD_COMMAND [ARGS] -- NEW_COMMAND [ARGS]")
		}
		return diffSide{command: command[:k]}, diffSide{command: command[k+1:]}, nil
	}
	n := len(positional)
	if command != nil {
		n++
	}
	return old, cur, fmt.Errorf("want two versions, OLD and NEW, got %d: mcplint diff OLD NEW (see mcplint diff --help)", n)
}

// diffUsageError is a side the command line names wrongly.
type diffUsageError struct{ err error }

func (e *diffUsageError) Error() string { return e.err.Error() }

// loadDiffSide reads one version of the server.
func loadDiffSide(ctx context.Context, c *cli, s diffSide, server string, maxSize int64) (*sdk.Snapshot, error) {
	if s.command == nil {
		spec, isGit, err := gitrev.Parse(s.arg)
		if err != nil {
			return nil, &diffUsageError{err}
		}
		if isGit {
			data, err := gitrev.Read(ctx, c.Dir, spec, maxSize)
			if err != nil {
				return nil, err
			}
			return engine.SnapshotOfData(s.arg, engine.SnapshotName(spec.Path), data)
		}
	}
	// A diff compares what the server lists; the conformance probes
	// would only cost time.
	req := loadRequest{command: s.command, server: server, probes: "none"}
	if s.command == nil {
		req.positional = []string{s.arg}
	}
	snaps, skipped, err := loadSnapshots(ctx, c, req)
	if err != nil {
		return nil, err
	}
	switch {
	case len(snaps) == 1:
		return snaps[0], nil
	case len(snaps) == 0 && len(skipped) > 0:
		return nil, fmt.Errorf("%s: skipped: %s", report.Escape(skipped[0].Name), report.Escape(skipped[0].Reason))
	}
	names := make([]string, len(snaps))
	for i, sn := range snaps {
		names[i] = sn.Name
	}
	return nil, &diffUsageError{fmt.Errorf("%s holds %d servers (%s); pick one with --server NAME", s, len(snaps), strings.Join(names, ", "))}
}
