package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/mcplint/mcplint/config"
	"github.com/mcplint/mcplint/engine"
	"github.com/mcplint/mcplint/engine/report"
	"github.com/mcplint/mcplint/rules"
	"github.com/mcplint/mcplint/sdk"
)

func init() {
	register(command{name: "rules", summary: "list every rule with its category, severity and whether it is on", run: runRules})
}

// ruleRow is one line of `mcplint rules`, and one object of its --json form.
type ruleRow struct {
	Name     string       `json:"name"`
	Category string       `json:"category"`
	Severity sdk.Severity `json:"severity"`
	Enabled  bool         `json:"enabled"`
	Default  bool         `json:"default"`
	Summary  string       `json:"summary"`
	Source   string       `json:"source"`
	OWASP    string       `json:"owasp,omitempty"`
	CWE      string       `json:"cwe,omitempty"`
}

func runRules(ctx context.Context, c *cli, args []string) int {
	fs := flag.NewFlagSet("rules", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	asJSON := fs.Bool("json", false, "print JSON instead of a table")
	cfgPath := fs.String("config", "", "read `FILE` instead of the nearest .mcplint.toml")
	noPlugins := fs.Bool("no-plugins", false, "leave out plugin rules (and do not start plugins)")
	if err := parseFlags(fs, args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(c.Stdout, "Usage: mcplint rules [--json] [--config FILE]\n\nLists every rule, plugin rules included: name, category, severity (after [rules.severity]),\nand whether it is on under the current configuration.")
			return exitOK
		}
		return usageError(c, "rules: %v", err)
	}
	if fs.NArg() > 0 {
		return usageError(c, "rules takes no arguments")
	}
	var cfg *config.Config
	var all []sdk.Rule
	if *noPlugins {
		all = rules.All()
		var err error
		if cfg, err = loadConfig(c, *cfgPath, all); err != nil {
			fmt.Fprintln(c.Stderr, err)
			return exitUsage
		}
	} else {
		var host *engine.PluginHost
		var code int
		if cfg, host, all, code = withPluginRules(ctx, c, *cfgPath); host == nil {
			return code
		}
		defer host.Close()
	}
	sel := engine.SelectionFrom(cfg.Rules, nil, nil, nil)
	var rows []ruleRow
	for _, r := range all {
		m := r.Meta()
		sev := m.Severity
		if o, ok := cfg.Rules.Severity[m.Name]; ok {
			sev = o
		}
		rows = append(rows, ruleRow{Name: m.Name, Category: m.Category, Severity: sev, Enabled: sel.Enabled(m), Default: m.Default, Summary: m.Summary, Source: m.Source, OWASP: m.OWASP, CWE: m.CWE})
	}
	if *asJSON {
		enc := json.NewEncoder(c.Stdout)
		enc.SetIndent("", "  ")
		if rows == nil {
			rows = []ruleRow{}
		}
		if err := enc.Encode(rows); err != nil {
			return exitUsage
		}
		return exitOK
	}
	tw := tabwriter.NewWriter(c.Stdout, 2, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "RULE\tCATEGORY\tSEVERITY\tSTATE\tSUMMARY")
	for _, r := range rows {
		state := "off"
		if r.Enabled {
			state = "on"
		}
		// A plugin's rule names and summaries are its own text: escaped,
		// a terminal escape in one is shown, not obeyed.
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", report.Escape(r.Name), report.Escape(r.Category), r.Severity, state, report.Escape(r.Summary))
	}
	tw.Flush()
	return exitOK
}
