package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/mcplint/mcplint/engine"
	"github.com/mcplint/mcplint/engine/ruledoc"
	"github.com/mcplint/mcplint/rules"
	"github.com/mcplint/mcplint/sdk"
)

func init() {
	register(command{name: "explain", summary: "print a rule's documentation, or with --tools each tool's capability labels and why", run: runExplain})
}

func runExplain(ctx context.Context, c *cli, args []string) int {
	if len(args) > 0 && args[0] == "--tools" {
		return runExplainTools(ctx, c, args[1:])
	}
	if len(args) != 1 || args[0] == "-h" || args[0] == "--help" {
		if len(args) == 1 {
			fmt.Fprintln(c.Stdout, "Usage: mcplint explain RULE\n       mcplint explain --tools [TARGET...] [-- COMMAND ARGS...]\n\nPrints what RULE checks, why it matters, a bad and a good example, and its source.\n'mcplint rules' lists the rules. With --tools, prints each tool's capability labels\n(private data, untrusted content, outbound sink, destructive, code execution) and\nthe evidence for each, as the toxic-flow rule reads them.")
			return exitOK
		}
		return usageError(c, "explain takes one rule name, e.g. 'mcplint explain schema-invalid'")
	}
	all := rules.All()
	if strings.Contains(args[0], "/") {
		// A plugin rule: its doc comes from the plugin itself.
		_, host, withPlugins, code := withPluginRules(ctx, c, "")
		if host == nil {
			return code
		}
		defer host.Close()
		all = withPlugins
	}
	metas := make([]sdk.Meta, 0, len(all))
	for _, r := range all {
		m := r.Meta()
		if m.Name == args[0] {
			fmt.Fprint(c.Stdout, ruledoc.Markdown(m))
			return exitOK
		}
		metas = append(metas, m)
	}
	return usageError(c, "explain: no rule named %q%s", args[0], engine.DidYouMean(args[0], metas))
}
