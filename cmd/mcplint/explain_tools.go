package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/mcplint/mcplint/engine/report"
	"github.com/mcplint/mcplint/internal/capability"
	"github.com/mcplint/mcplint/internal/plural"
	"github.com/mcplint/mcplint/sdk"
)

const explainToolsUsage = `Usage: mcplint explain --tools [--server NAME] [TARGET...] [-- COMMAND ARGS...]

Reads the servers as the lint command does and prints, for each tool, the
capability labels the toxic-flow rule reads and the evidence for each:

  private-data       reads the user's files, mail, messages, repositories, databases
  untrusted-content  takes in text others write: web pages, issues, comments, messages
  outbound-sink      sends data where others read it: mail, chat, issues, uploads, pushes
  destructive        deletes, overwrites or stops things
  code-execution     runs code or commands the model writes

A tool with no label is listed as such. The JSON report (--format json)
carries the same labels in each target's "tools".

Flags:
%s`

// runExplainTools prints the capability labels of every tool of the
// servers named.
func runExplainTools(ctx context.Context, c *cli, args []string) int {
	fs := flag.NewFlagSet("explain --tools", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	server := fs.String("server", "", "with a client config, explain only the server `NAME`")
	positional, command, err := parseInterspersed(fs, args)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintf(c.Stdout, explainToolsUsage, printFlags(fs))
			return exitOK
		}
		return usageError(c, "explain --tools: %v", err)
	}
	snaps, skipped, err := loadSnapshots(ctx, c, loadRequest{positional: positional, command: command, server: *server})
	if err != nil {
		fmt.Fprintf(c.Stderr, "mcplint explain --tools: %v\n", err)
		return exitTarget
	}
	for _, s := range skipped {
		fmt.Fprintf(c.Stderr, "mcplint explain --tools: %s: skipped: %s\n", report.Escape(s.Name), report.Escape(s.Reason))
	}
	if len(snaps) == 0 {
		return exitTarget
	}
	writeToolCapabilities(c.Stdout, snaps)
	return exitOK
}

func writeToolCapabilities(w io.Writer, snaps []*sdk.Snapshot) {
	for n, s := range snaps {
		if n > 0 {
			fmt.Fprintln(w)
		}
		fmt.Fprintf(w, "%s (%s)\n", report.Escape(s.Name), plural.Count(len(s.Tools), "tool"))
		for i, caps := range capability.Of(context.Background(), s) {
			name := report.Escape(s.Tools[i].Name)
			if len(caps) == 0 {
				fmt.Fprintf(w, "  %s: no label\n", name)
				continue
			}
			labels := make([]string, len(caps))
			for k, cp := range caps {
				labels[k] = string(cp.Label)
			}
			fmt.Fprintf(w, "  %s: %s\n", name, strings.Join(labels, ", "))
			for _, cp := range caps {
				for _, e := range cp.Evidence {
					fmt.Fprintf(w, "      %-17s %s\n", cp.Label, report.Escape(e))
				}
			}
		}
	}
}
