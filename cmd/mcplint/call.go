package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/mcplint/mcplint/engine"
	"github.com/mcplint/mcplint/engine/report"
	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/sdk"
)

// askCommand is one of the commands that send a server one request the
// user names: call, read-resource, get-prompt.
type askCommand struct {
	name, method, what, summary string
	// args says whether the request takes --arg and --args.
	args bool
}

var askCommands = []askCommand{
	{name: "call", method: engine.MethodCallTool, what: "TOOL", args: true,
		summary: "call one tool with your arguments (--arg k=v), print its answer, then lint the session"},
	{name: "read-resource", method: engine.MethodReadResource, what: "URI",
		summary: "read one resource by URI, print it, then lint the session"},
	{name: "get-prompt", method: engine.MethodGetPrompt, what: "NAME", args: true,
		summary: "get one prompt with your arguments (--arg k=v), print it, then lint the session"},
}

const askUsage = `Usage:
  mcplint %[1]s %[2]s%[3]s [flags] [TARGET] [-- COMMAND ARGS...]

%[4]s.
The server is named as for a lint: a folder, a script, a client config
(--server NAME), a URL, or its command line after --; none: the [server]
of the nearest .mcplint.toml. The request is sent after the listing, in
place of --exercise, recorded in the session, and judged as an exercise
call; the answer is printed first, then the lint report of the session
(with --format json the answer is the scenario's "answer" field).
%[5]s
Exit codes: those of a lint, and 1 when the request got an error or no
answer; 2 when the server has no %[6]s of that name (the nearest is named).

Flags (also every lint flag; see mcplint --help):
%[7]s`

func init() {
	for _, a := range askCommands {
		register(command{name: a.name, summary: a.summary, run: func(ctx context.Context, c *cli, args []string) int {
			return runAsk(ctx, c, a, args)
		}})
	}
}

func runAsk(ctx context.Context, c *cli, a askCommand, args []string) int {
	f := newLintFlags()
	var pairs listLines
	var argsJSON string
	if a.args {
		f.fs.Var(&pairs, "arg", "an argument `KEY=VALUE`: VALUE is read as JSON when it is valid JSON (5, true, [1,2], {\"a\":1}, \"5\"), else as a string (repeatable)")
		f.fs.StringVar(&argsJSON, "args", "", "the arguments as one JSON `OBJECT`; --arg sets keys over it")
	}
	positional, command, err := parseInterspersed(f.fs, args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprint(c.Stdout, askHelp(a, f.fs))
		return exitOK
	}
	if err != nil {
		return usageError(c, "%s: %v", a.name, err)
	}
	if len(positional) == 0 {
		return usageError(c, "%s needs the %s: mcplint %s %s [TARGET] [-- COMMAND ARGS...]", a.name, what(a), a.name, a.what)
	}
	if len(positional) > 2 {
		return usageError(c, "%s takes one %s and one target, not %d arguments; name one server (a client config's with --server NAME)", a.name, a.what, len(positional))
	}
	if f.set("exercise") {
		return usageError(c, "%s sends only the request it names; --exercise belongs to a lint (mcplint --exercise TARGET)", a.name)
	}
	q := engine.Request{Method: a.method, Name: positional[0]}
	if a.args {
		if q.Args, err = requestArgs(argsJSON, pairs); err != nil {
			return usageError(c, "%s: %v", a.name, err)
		}
	}
	f.requests = []engine.Request{q}
	rep, code := lintReport(ctx, c, f, positional[1:], command, true)
	if rep == nil {
		return code
	}
	answered, asked := 0, 0
	textOut := stdoutIsText(f)
	for _, t := range rep.Targets {
		if t.Source != sdk.SourceLive || t.Error != nil {
			continue
		}
		asked++
		r := requestResult(t, q)
		if r == nil {
			continue // the engine said on stderr why it was not sent
		}
		answered++
		if textOut {
			printAnswer(c, t, r, len(rep.Targets) > 1)
		}
		if !r.Passed && r.Inconclusive == "" {
			code = exitIssues
		}
	}
	switch {
	case asked == 0:
		fmt.Fprintf(c.Stderr, "mcplint: %s: no live server among the targets: a tool list or a trace is what a server said, not a server; give the server's folder, its command after --, or its URL\n", a.name)
		return exitUsage
	case answered == 0:
		return exitUsage
	}
	return max(code, gateAndWrite(c, f, rep))
}

func what(a askCommand) string {
	switch a.method {
	case engine.MethodReadResource:
		return "resource's URI"
	case engine.MethodGetPrompt:
		return "prompt's name"
	}
	return "tool's name"
}

func askHelp(a askCommand, fs *flag.FlagSet) string {
	argsUsage, example := "", ""
	switch a.method {
	case engine.MethodCallTool:
		argsUsage = " [--arg KEY=VALUE...] [--args JSON]"
		example = "\nExample:\n  mcplint call get_forecast --arg city=Paris,FR --arg days=3 -- ./weather\n"
	case engine.MethodGetPrompt:
		argsUsage = " [--arg KEY=VALUE...]"
		example = "\nExample:\n  mcplint get-prompt review --arg topic=gardening -- ./notebook\n"
	default:
		example = "\nExample:\n  mcplint read-resource notes://readme -- ./notebook\n"
	}
	kind := map[string]string{engine.MethodCallTool: "tool", engine.MethodReadResource: "resource", engine.MethodGetPrompt: "prompt"}[a.method]
	summary := strings.ToUpper(a.summary[:1]) + a.summary[1:]
	return fmt.Sprintf(askUsage, a.name, a.what, argsUsage, summary, example, kind, printFlags(fs))
}

// requestArgs builds the arguments from --args and the --arg pairs, which
// win. A value that is valid JSON is that JSON; any other is a string, so
// --arg city=Paris needs no quotes and --arg id='"5"' sends the string.
func requestArgs(argsJSON string, pairs []string) (map[string]any, error) {
	out := map[string]any{}
	if argsJSON != "" {
		dec := json.NewDecoder(strings.NewReader(argsJSON))
		dec.UseNumber()
		var v any
		if err := dec.Decode(&v); err != nil || dec.More() {
			return nil, fmt.Errorf("--args is not one JSON object: %s", jsonProblem(err))
		}
		obj, ok := v.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("--args must be a JSON object such as '{\"city\": \"Paris\"}', not %s", jsonKind(v))
		}
		out = obj
	}
	for i, p := range pairs {
		k, v, ok := strings.Cut(p, "=")
		if !ok || k == "" {
			return nil, fmt.Errorf("--arg number %d (%q) is not KEY=VALUE; write e.g. --arg city=Paris", i+1, p)
		}
		out[k] = argValue(v)
	}
	return out, nil
}

// argValue reads VALUE as JSON when it is one JSON value, else as text.
func argValue(s string) any {
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err == nil && !dec.More() {
		return v
	}
	return s
}

func jsonProblem(err error) string {
	if err == nil {
		return "more follows the first value"
	}
	return err.Error()
}

func jsonKind(v any) string {
	switch v.(type) {
	case []any:
		return "an array"
	case string:
		return "a string"
	case nil:
		return "null"
	case bool:
		return "a boolean"
	}
	return "a number"
}

// stdoutIsText reports whether the report on stdout is one a person
// reads, before which the answer is printed.
func stdoutIsText(f *lintFlags) bool {
	for _, spec := range f.format.specs() {
		if name, _, toFile := strings.Cut(spec, "="); !toFile && f.output == "" {
			return name == "text" || name == "compact"
		}
	}
	return true // every report goes to a file: stdout is the answer's
}

// requestResult is the scenario of t that is the request q.
func requestResult(t *result.Target, q engine.Request) *result.ExerciseCall {
	if t.Exercise == nil {
		return nil
	}
	for i, r := range t.Exercise.Scenarios {
		if r.Tool == q.Subject() && (r.Scenario == engine.ScenarioCall || r.Scenario == engine.ScenarioRead || r.Scenario == engine.ScenarioGet) {
			return &t.Exercise.Scenarios[i]
		}
	}
	return nil
}

// printAnswer writes the answer to stdout, escaped for a terminal: what
// the server answered, or why there is no answer.
func printAnswer(c *cli, t *result.Target, r *result.ExerciseCall, named bool) {
	var b bytes.Buffer
	if named {
		fmt.Fprintf(&b, "%s:\n", report.Escape(t.Name))
	}
	if r.Answer != "" {
		// Escape shows a line break as \n; the answer keeps its lines.
		for _, line := range strings.Split(r.Answer, "\n") {
			b.WriteString(report.Escape(strings.TrimSuffix(line, "\r")))
			b.WriteString("\n")
		}
	}
	switch {
	case r.Inconclusive != "":
		fmt.Fprintf(&b, "inconclusive: %s\n", report.Escape(r.Inconclusive))
	case !r.Passed:
		why := r.Error
		if why == "" {
			why = r.Outcome
		}
		fmt.Fprintf(&b, "failed: %s\n", report.Escape(why))
	}
	b.WriteString("\n")
	c.Stdout.Write(b.Bytes())
}
