package config

import (
	"fmt"
	"strings"

	"github.com/mcplint/mcplint/sdk"
)

// Check reads the config file at path for `mcplint config verify`: unlike
// Load it keeps going past structural errors, so that the settings of
// every rule in rules are checked in the same pass and a user fixes all of
// it at once. cfg holds what is valid (nil when the file cannot be read
// or is not TOML), for checking plugin settings next; errs is every
// problem, in file order. With rules nil no rule settings are checked.
func Check(path string, known Known, rules []sdk.Rule) (cfg *Config, errs Errors) {
	data, err := read(path)
	if err != nil {
		return nil, Errors{err.(*Error)}
	}
	cfg, errs = parse(path, data, known)
	if cfg == nil {
		return nil, errs
	}
	if rules == nil {
		return cfg, errs
	}
	if err := cfg.ConfigureRules(rules); err != nil {
		errs = append(errs, asErrors(cfg.Path, err)...)
	}
	errs.sort()
	return cfg, errs
}

// asErrors returns err's *Errors, or err as one *Error of file.
func asErrors(file string, err error) Errors {
	switch e := err.(type) {
	case Errors:
		return e
	case *Error:
		return Errors{e}
	}
	return Errors{{File: file, Msg: err.Error()}}
}

// PluginSettingsError places what plugin said of its settings: of its
// [plugin.settings] table when rule is "", else of [rules.settings."plugin/rule"].
// A complaint that names a key (encoding/json's `unknown field "prefx"`)
// points at that key; any other at the table.
func (c *Config) PluginSettingsError(plugin, rule, msg string) *Error {
	var path keyPath
	table := ""
	if rule == "" {
		table = "[plugin.settings] of plugin " + fmt.Sprintf("%q", plugin)
		if ep, ok := c.pluginAt[plugin]; ok {
			path = ep.with("settings")
		}
	} else {
		name := plugin + "/" + rule
		table = fmt.Sprintf("[rules.settings.%q]", name)
		path = keyPath{"rules", "settings", name}
	}
	msg = strings.TrimPrefix(msg, "json: ")
	at := path
	if field, ok := unknownField(fmt.Errorf("json: %s", msg)); ok && path != nil {
		at = findKey(c.pos, path, field)
		msg = fmt.Sprintf("unknown setting %q", field)
	}
	p := c.pos.at(at)
	return &Error{File: c.Path, Line: p.Line, Column: p.Column, Msg: fmt.Sprintf("%s: the plugin rejects it: %s", table, msg)}
}

// PluginEntryError places a problem with a plugin as a whole (it could not
// start) at its [[plugin]] entry, or at the top of the file for a plugin
// found in a plugin folder.
func (c *Config) PluginEntryError(plugin, msg string) *Error {
	p := c.pos.at(c.pluginAt[plugin])
	return &Error{File: c.Path, Line: p.Line, Column: p.Column, Msg: fmt.Sprintf("plugin %q %s", plugin, msg)}
}
