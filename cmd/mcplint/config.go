package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/mcplint/mcplint/config"
	"github.com/mcplint/mcplint/engine"
	"github.com/mcplint/mcplint/rules"
	"github.com/mcplint/mcplint/sdk"
)

const configUsage = `Usage:
  mcplint config verify [-c FILE]   check a config file; exit 0 when valid, 2 when not
  mcplint config schema             print the JSON Schema of .mcplint.toml

verify checks the file the lint command would use: --config FILE, else
$MCPLINT_CONFIG, else the nearest .mcplint.toml from the working directory
up. Every problem is printed as FILE:LINE:COLUMN: message.
`

func init() {
	register(command{name: "config", summary: "check .mcplint.toml (config verify) or print its JSON Schema (config schema)", run: runConfig})
}

func runConfig(_ context.Context, c *cli, args []string) int {
	if len(args) == 0 {
		return usageError(c, "config needs a subcommand: verify or schema")
	}
	switch args[0] {
	case "verify":
		return runConfigVerify(c, args[1:])
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

func runConfigVerify(c *cli, args []string) int {
	fs := flag.NewFlagSet("config verify", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var file string
	fs.StringVar(&file, "config", "", "the config `FILE` to check")
	fs.StringVar(&file, "c", "", shorthandPrefix+"config")
	if err := fs.Parse(args); err != nil {
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
	all := rules.All()
	known := config.Known{Rules: make([]sdk.Meta, len(all)), Plugins: discoveredPlugins(c)}
	for i, r := range all {
		known.Rules[i] = r.Meta()
	}
	shown := displayPath(c.Dir, path)
	cfg, err := config.Load(path, known)
	if err == nil {
		err = cfg.ConfigureRules(all)
	}
	if err != nil {
		// Errors name the file as it was opened; show it as the user
		// would write it.
		fmt.Fprintln(c.Stderr, strings.ReplaceAll(err.Error(), path+":", shown+":"))
		return exitUsage
	}
	fmt.Fprintf(c.Stdout, "OK: %s\n", shown)
	return exitOK
}

// discoveredPlugins names the plugins in the plugin folders, whose rules a
// config may name without a [[plugin]] entry. Plugins are not started.
func discoveredPlugins(c *cli) []string {
	return engine.DiscoveredPlugins(c.Dir, homeDir(c))
}

// displayPath shows path relative to dir when it is inside it.
func displayPath(dir, path string) string {
	if rel, err := filepath.Rel(dir, path); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return path
}
