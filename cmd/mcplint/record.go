package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/mcplint/mcplint/engine/record"
)

func init() {
	register(command{name: "record", summary: "run a server behind a transparent proxy that writes a trace", run: runRecord})
}

const recordUsage = `Usage: mcplint record -o TRACE.jsonl [flags] [--] COMMAND [ARGS...]
       mcplint record -o TRACE.jsonl [--listen 127.0.0.1:PORT] https://host/mcp

Runs an MCP server over stdio as a transparent proxy and records the session
as a trace that mcplint lints later. Give your MCP client (Claude Desktop,
VS Code, an agent framework) this command instead of the server's: the
client's stdin goes to the server and the server's stdout back to the client
byte for byte, stderr passes through, and every line is recorded with its
time. When the session ends (the client closes stdin, the server exits or
crashes, or mcplint record gets SIGINT/SIGTERM/SIGHUP, which it forwards to
the server's process group) the trace is written in one piece: a reader sees
the previous file or the complete new one. mcplint record exits with the
server's status.

Flags:
%s
The server gets --grace to exit once the client has closed its stdin or a
signal came, then SIGTERM, then SIGKILL for its whole process group. The
trace holds everything both sides said, tokens and file contents
included; it is created readable by you alone.

Example (claude_desktop_config.json):
  {"mcpServers": {"weather": {
    "command": "mcplint",
    "args": ["record", "-o", "/tmp/weather.jsonl", "--", "node", "/srv/weather/index.js"]
  }}}

Then use the server from the client, quit it, and lint what was said:
  mcplint /tmp/weather.jsonl

For a Streamable HTTP server, give its URL instead of a command: mcplint
record listens on a loopback address (--listen, a free port by default),
prints the URL to give your client, forwards every request to the server
unchanged and records the exchanges (the messages, status codes, content
types, the protocol's headers, SSE ids) in the same trace format. Headers
other than the protocol's own (credentials) are forwarded, not recorded.
Ctrl-C ends the recording and writes the trace.
`

func runRecord(ctx context.Context, c *cli, args []string) int {
	fs := flag.NewFlagSet("record", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	output := fs.String("output", "", "write the trace to `FILE` (required; absolute: clients pick the working folder)")
	fs.StringVar(output, "o", "", shorthandPrefix+"output")
	grace := fs.Duration("grace", record.DefaultGrace, "wait this long for the server to exit before SIGTERM, then SIGKILL")
	maxLine := fs.Int("max-line", record.DefaultMaxLine, "record lines up to `BYTES`; longer ones are relayed, noted, not kept")
	listen := fs.String("listen", "127.0.0.1:0", "for a URL: listen on this loopback `ADDRESS` (port 0 picks a free one)")
	if err := parseFlags(fs, args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintf(c.Stdout, recordUsage, printFlags(fs))
			return exitOK
		}
		return usageError(c, "record: %v", err)
	}
	command := fs.Args()
	if len(command) == 0 {
		return usageError(c, "record: no server command: mcplint record -o TRACE.jsonl -- COMMAND [ARGS...]")
	}
	if *output == "" {
		return usageError(c, "record: no trace file: give -o TRACE.jsonl before the server command")
	}
	if *grace <= 0 || *maxLine <= 0 {
		return usageError(c, "record: --grace and --max-line must be more than zero")
	}

	// Signals are forwarded as they came; main's cancellation on the same
	// signals must not turn a SIGINT into a SIGTERM.
	sigs := make(chan os.Signal, 4)
	signal.Notify(sigs, syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP)
	defer signal.Stop(sigs)
	if len(command) == 1 && record.IsURL(command[0]) {
		res, err := record.RunHTTP(ctx, record.HTTPOptions{
			Upstream: command[0], Listen: *listen, Output: resolvePath(c.Dir, *output), Signals: sigs, MaxLine: *maxLine,
			Ready: func(url string) {
				fmt.Fprintf(c.Stderr, "mcplint record: point your client at %s (it forwards to %s); Ctrl-C ends the recording\n", url, command[0])
			},
		})
		if err != nil {
			fmt.Fprintf(c.Stderr, "mcplint: %v\n", err)
			return exitTarget
		}
		fmt.Fprintf(c.Stderr, "mcplint record: wrote %d records to %s; lint them with: mcplint %s\n", res.Records, *output, *output)
		return exitOK
	}
	// A client that vanished must not kill the proxy with SIGPIPE before it
	// has written the trace: asking for SIGPIPE turns the write into EPIPE.
	pipes := make(chan os.Signal, 1)
	signal.Notify(pipes, syscall.SIGPIPE)
	defer signal.Stop(pipes)

	res, err := record.Run(context.WithoutCancel(ctx), record.Options{
		Command: command,
		Output:  resolvePath(c.Dir, *output),
		Stdin:   c.Stdin, Stdout: c.Stdout, Stderr: c.Stderr,
		Signals: sigs,
		Grace:   *grace,
		MaxLine: *maxLine,
	})
	if err != nil {
		fmt.Fprintf(c.Stderr, "mcplint: %v\n", err)
		if res.ExitCode != 0 {
			return res.ExitCode
		}
		return exitTarget
	}
	fmt.Fprintf(c.Stderr, "mcplint record: wrote %d records to %s; lint them with: mcplint %s\n", res.Records, *output, *output)
	return res.ExitCode
}
