package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/mcplint/mcplint/config"
	"github.com/mcplint/mcplint/internal/plural"
	"github.com/mcplint/mcplint/rules"
	"github.com/mcplint/mcplint/sdk"
)

// openConfig finds and reads the config (--config, MCPLINT_CONFIG, the
// nearest .mcplint.toml, or defaults) for a lint, through the same check
// as `config verify --no-plugins`: a file that verify refuses is refused
// here with the same list of problems. The lint's engine.Run then
// configures the rules, once, plugin rules included.
func openConfig(c *cli, flagPath string) (*config.Config, error) {
	return loadConfig(c, flagPath, rules.All())
}

// loadConfig finds and reads the config (--config, MCPLINT_CONFIG, the
// nearest .mcplint.toml, or defaults) and checks it as `config verify`
// does without plugins: its structure and the settings of every rule of
// all, every problem in one pass. The error lists them as verify does,
// naming the file as the user would write it.
func loadConfig(c *cli, flagPath string, all []sdk.Rule) (*config.Config, error) {
	path, err := config.Resolve(c.Dir, flagPath, c.Getenv)
	if err != nil {
		return nil, relativeToDir(c, err)
	}
	if path == "" {
		return config.Default(), nil
	}
	cfg, errs := config.Check(path, knownNames(c, all), all)
	if len(errs) > 0 {
		return nil, configProblems(c, path, errs)
	}
	warnDeprecated(c, path, cfg)
	return cfg, nil
}

// warnDeprecated prints a warning for each key of cfg written in an old
// spelling that still works, the file as the user would write it.
func warnDeprecated(c *cli, path string, cfg *config.Config) {
	if cfg == nil {
		return
	}
	shown := displayPath(c.Dir, path)
	for _, d := range cfg.Deprecated {
		fmt.Fprintf(c.Stderr, "mcplint: warning: %s\n", strings.Replace(d, path+":", shown+":", 1))
	}
}

// configProblems is errs as every command shows them: one FILE:LINE:COLUMN
// line a problem, the file as the user would write it, then their count.
func configProblems(c *cli, path string, errs config.Errors) error {
	shown := displayPath(c.Dir, path)
	return errors.New(strings.ReplaceAll(errs.Error(), path+":", shown+":") +
		fmt.Sprintf("\n%s: %s", shown, plural.Count(len(errs), "problem")))
}

// knownNames are the rule names and plugin names a config may use.
func knownNames(c *cli, all []sdk.Rule) config.Known {
	known := config.Known{Rules: make([]sdk.Meta, len(all)), Plugins: discoveredPlugins(c)}
	for i, r := range all {
		known.Rules[i] = r.Meta()
	}
	return known
}
