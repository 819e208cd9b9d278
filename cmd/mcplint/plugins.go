package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"

	"github.com/mcplint/mcplint/config"
	"github.com/mcplint/mcplint/engine"
	"github.com/mcplint/mcplint/engine/report"
	"github.com/mcplint/mcplint/rules"
	"github.com/mcplint/mcplint/sdk"
)

func init() {
	register(command{name: "plugins", summary: "list discovered rule plugins, their versions, rules and pins", run: runPlugins})
}

// startPlugins discovers and starts the plugins the config names or the
// plugin folders hold. The caller must Close the host.
func startPlugins(ctx context.Context, c *cli, cfg *config.Config, projectDir string) (*engine.PluginHost, error) {
	return engine.StartPlugins(ctx, cfg, projectDir, homeDir(c))
}

// homeDir is $HOME as the command sees it, else the user's home folder.
func homeDir(c *cli) string {
	if h := c.Getenv("HOME"); h != "" {
		return h
	}
	home, _ := os.UserHomeDir()
	return home
}

// withPluginRules reads the config and starts its plugins, telling stderr of
// each plugin that could not start, and returns the built-in rules and the
// plugins' rules together. The caller must Close the host. A nil host comes
// with the exit code of what went wrong, already explained.
func withPluginRules(ctx context.Context, c *cli, cfgPath string) (*config.Config, *engine.PluginHost, []sdk.Rule, int) {
	all := rules.All()
	cfg, err := loadConfig(c, cfgPath, all)
	if err != nil {
		fmt.Fprintln(c.Stderr, err)
		return nil, nil, nil, exitUsage
	}
	host, err := startPlugins(ctx, c, cfg, configDir(cfg, c.Dir))
	if err != nil {
		fmt.Fprintf(c.Stderr, "mcplint: %v\n", err)
		return nil, nil, nil, exitUsage
	}
	for _, p := range host.Failed() {
		fmt.Fprintf(c.Stderr, "mcplint: %v\n", p.Err)
	}
	return cfg, host, append(all, host.Rules()...), exitOK
}

func runPlugins(ctx context.Context, c *cli, args []string) int {
	fs := flag.NewFlagSet("plugins", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	if err := parseFlags(fs, args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(c.Stdout, "Usage: mcplint plugins\n\nStarts every plugin named in .mcplint.toml ([[plugin]]) or found in\n./.mcplint/plugins and ~/.mcplint/plugins (files named mcplint-plugin-NAME),\nand lists its version, sdk version, pin status and rules.")
			return exitOK
		}
		return usageError(c, "plugins: %v", err)
	}
	cfg, err := loadConfig(c, "", rules.All())
	if err != nil {
		fmt.Fprintln(c.Stderr, err)
		return exitUsage
	}
	host, err := startPlugins(ctx, c, cfg, configDir(cfg, c.Dir))
	if err != nil {
		fmt.Fprintf(c.Stderr, "mcplint: %v\n", err)
		return exitUsage
	}
	defer host.Close()
	if len(host.Plugins) == 0 {
		fmt.Fprintln(c.Stdout, "No plugins: add a [[plugin]] entry to .mcplint.toml, or put mcplint-plugin-NAME in ./.mcplint/plugins or ~/.mcplint/plugins.")
		return exitOK
	}
	tw := tabwriter.NewWriter(c.Stdout, 2, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "PLUGIN\tVERSION\tSDK\tPIN\tFROM\tPATH")
	failed := false
	for _, p := range host.Plugins {
		pin := "unpinned"
		switch {
		case p.Pinned:
			pin = "sha256 ok"
		case p.SHA256 != "":
			pin = "SHA256 MISMATCH"
		}
		version, sdkVersion := "-", "-"
		if p.Info != nil {
			version, sdkVersion = p.Info.Version, p.Info.SdkVersion
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", report.Escape(p.Name), report.Escape(version), report.Escape(sdkVersion), pin, p.Origin, report.Escape(p.Path))
	}
	tw.Flush()
	for _, p := range host.Plugins {
		fmt.Fprintln(c.Stdout)
		if p.Err != nil {
			failed = true
			fmt.Fprintf(c.Stdout, "%s: error: %v\n", p.Name, p.Err)
			continue
		}
		var names []string
		for _, r := range p.Info.Rules {
			state := ""
			if !r.Default {
				state = " (off by default)"
			}
			// The plugin's own text, escaped: a terminal escape in a
			// rule's name or summary is shown, not obeyed.
			names = append(names, fmt.Sprintf("  %s/%s  %s  %s%s", report.Escape(p.Name), report.Escape(r.Name), report.Escape(r.Severity), report.Escape(r.Summary), state))
		}
		fmt.Fprintf(c.Stdout, "%s rules:\n%s\n", report.Escape(p.Name), strings.Join(names, "\n"))
	}
	if failed {
		return exitTarget
	}
	return exitOK
}
