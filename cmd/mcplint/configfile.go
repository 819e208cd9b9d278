package main

import (
	"github.com/mcplint/mcplint/config"
	"github.com/mcplint/mcplint/rules"
	"github.com/mcplint/mcplint/sdk"
)

// openConfig finds and reads the config (--config, MCPLINT_CONFIG, the
// nearest .mcplint.toml, or defaults) without configuring any rule: the
// lint's engine.Run does that, once. Its errors name the file as the user
// would write it.
func openConfig(c *cli, flagPath string) (*config.Config, error) {
	cfg, err := config.Open(c.Dir, flagPath, c.Getenv, knownNames(c, rules.All()))
	if err != nil {
		return nil, relativeToDir(c, err)
	}
	return cfg, nil
}

// loadConfig finds and reads the config (--config, MCPLINT_CONFIG, the
// nearest .mcplint.toml, or defaults) and checks every rule's settings.
// Its errors name the file as the user would write it.
func loadConfig(c *cli, flagPath string, all []sdk.Rule) (*config.Config, error) {
	cfg, err := config.Open(c.Dir, flagPath, c.Getenv, knownNames(c, all))
	if err == nil {
		err = cfg.ConfigureRules(all)
	}
	if err != nil {
		return nil, relativeToDir(c, err)
	}
	return cfg, nil
}

// knownNames are the rule names and plugin names a config may use.
func knownNames(c *cli, all []sdk.Rule) config.Known {
	known := config.Known{Rules: make([]sdk.Meta, len(all)), Plugins: discoveredPlugins(c)}
	for i, r := range all {
		known.Rules[i] = r.Meta()
	}
	return known
}
