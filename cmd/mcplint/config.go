package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mcplint/mcplint/config"
	"github.com/mcplint/mcplint/engine"
	"github.com/mcplint/mcplint/rules"
)

const configUsage = `Usage:
  mcplint config verify [-c FILE] [--no-plugins]   check a config file; exit 0 when valid, 2 when not
  mcplint config schema                            print the JSON Schema of .mcplint.toml

verify checks the file the lint command would use: --config FILE, else
$MCPLINT_CONFIG, else the nearest .mcplint.toml from the working directory
up. It reports every problem in one pass, each as FILE:LINE:COLUMN: message:
unknown keys and bad values, rule names, every rule's settings, and the
settings of every plugin, which it starts and asks to judge them
([plugin.settings] and [rules.settings."plugin/rule"]); --no-plugins
starts none.
`

func init() {
	register(command{name: "config", summary: "check .mcplint.toml (config verify) or print its JSON Schema (config schema)", run: runConfig})
}

func runConfig(ctx context.Context, c *cli, args []string) int {
	if len(args) == 0 {
		return usageError(c, "config needs a subcommand: verify or schema")
	}
	switch args[0] {
	case "verify":
		return runConfigVerify(ctx, c, args[1:])
	case "schema":
		if len(args) > 1 {
			return usageError(c, "config schema takes no arguments")
		}
		data, err := config.JSONSchema(rules.All())
		if err != nil {
			fmt.Fprintf(c.Stderr, "mcplint: %v\n", err)
			return exitUsage
		}
		c.Stdout.Write(data)
		return exitOK
	case "-h", "-help", "--help", "help":
		fmt.Fprint(c.Stdout, configUsage)
		return exitOK
	}
	return usageError(c, "unknown config subcommand %q: want verify or schema", args[0])
}

func runConfigVerify(ctx context.Context, c *cli, args []string) int {
	fs := flag.NewFlagSet("config verify", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var file string
	var noPlugins bool
	fs.StringVar(&file, "config", "", "the config `FILE` to check")
	fs.StringVar(&file, "c", "", shorthandPrefix+"config")
	fs.BoolVar(&noPlugins, "no-plugins", false, "do not start plugins to check their settings")
	if err := parseFlags(fs, args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(c.Stdout, configUsage)
			return exitOK
		}
		return usageError(c, "config verify: %v", err)
	}
	if fs.NArg() > 0 {
		return usageError(c, "config verify takes no arguments; name the file with --config FILE")
	}
	path, err := config.Resolve(c.Dir, file, c.Getenv)
	if err != nil {
		fmt.Fprintf(c.Stderr, "mcplint: %v\n", err)
		return exitUsage
	}
	if path == "" {
		fmt.Fprintf(c.Stderr, "mcplint: no %s in %s or any folder above it, and no --config or %s: nothing to verify (mcplint init writes one)\n",
			config.FileName, c.Dir, config.EnvVar)
		return exitUsage
	}
	if errs := verifyConfig(ctx, c, path, noPlugins); len(errs) > 0 {
		fmt.Fprintln(c.Stderr, configProblems(c, path, errs))
		return exitUsage
	}
	fmt.Fprintf(c.Stdout, "OK: %s\n", displayPath(c.Dir, path))
	return exitOK
}

// verifyConfig checks the config file at path in one pass: its structure,
// every rule's settings, and, unless noPlugins, the settings of every
// plugin, which the plugin itself judges (mcplint starts it and asks).
func verifyConfig(ctx context.Context, c *cli, path string, noPlugins bool) config.Errors {
	all := rules.All()
	known := knownNames(c, all)
	if noPlugins {
		cfg, errs := config.Check(path, known, all)
		warnDeprecated(c, path, cfg)
		return errs
	}
	// The structure first, without rule settings: plugin rules can only
	// be configured once their plugin has started.
	cfg, errs := config.Check(path, known, nil)
	if cfg == nil {
		return errs
	}
	warnDeprecated(c, path, cfg)
	host, err := engine.StartPlugins(ctx, cfg, filepath.Dir(path), homeDir(c))
	if err != nil {
		errs = append(errs, &config.Error{File: path, Msg: fmt.Sprintf("plugins: %v", err)})
		_, more := config.Check(path, known, all)
		return mergeErrors(errs, more)
	}
	defer host.Close()
	for _, p := range host.Failed() {
		why := strings.TrimPrefix(p.Err.Error(), "plugin "+p.Name+": ")
		errs = append(errs, cfg.PluginEntryError(p.Name, "could not start, so its settings were not checked: "+why))
	}
	_, more := config.Check(path, known, append(all, host.Rules()...))
	errs = mergeErrors(errs, more)
	for _, pr := range host.ValidateSettings(ctx) {
		errs = append(errs, cfg.PluginSettingsError(pr.Plugin, pr.Rule, pr.Message))
	}
	return mergeErrors(errs, nil)
}

// mergeErrors joins two lists without the errors both hold, in file order.
func mergeErrors(a, b config.Errors) config.Errors {
	seen := map[string]bool{}
	var out config.Errors
	for _, e := range append(a, b...) {
		if k := e.Error(); !seen[k] {
			seen[k] = true
			out = append(out, e)
		}
	}
	slices.SortStableFunc(out, func(x, y *config.Error) int {
		if x.Line != y.Line {
			return x.Line - y.Line
		}
		return x.Column - y.Column
	})
	return out
}

// discoveredPlugins names the plugins in the plugin folders, whose rules a
// config may name without a [[plugin]] entry. Plugins are not started.
func discoveredPlugins(c *cli) []string {
	return engine.DiscoveredPlugins(c.Dir, homeDir(c))
}
