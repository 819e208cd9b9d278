// Package config reads .mcplint.toml: discovery from the working directory
// up, strict decoding (unknown keys are errors with file:line:column),
// defaults and validation.
package config

import (
	"time"

	"github.com/mcplint/mcplint/sdk"
)

// FileName is the name mcplint looks for from the working directory up.
const FileName = ".mcplint.toml"

// Presets of [rules] preset.
const (
	PresetRecommended = "recommended"
	PresetAll         = "all"
	PresetNone        = "none"
)

// Config is a decoded, validated .mcplint.toml.
type Config struct {
	// Path is the file the config was read from; empty for defaults.
	Path string
	// Version is the config format version; 1 is the only one.
	Version int

	Server  Server
	Rules   Rules
	Ignores []Ignore
	Plugins []Plugin
	Output  Output
}

// Server is [server]: what `mcplint` lints when given no target.
type Server struct {
	// Command is an argv vector, run without a shell, relative to the
	// config file's folder.
	Command []string
	// Target is a path (a static tool list, a trace, a client config or a
	// server folder), relative to the config file's folder. Command and
	// Target are exclusive.
	Target string
	// Env overlays the environment of the server process.
	Env map[string]string
	// Timeout is the per-request deadline; zero means the default.
	Timeout time.Duration
}

// Rules is [rules].
type Rules struct {
	// Preset is PresetRecommended (the default), PresetAll or PresetNone.
	Preset string
	// Enable and Disable name rules or categories.
	Enable  []string
	Disable []string
	// Severity overrides rules' default severities.
	Severity map[string]sdk.Severity
	// Settings holds each rule's [rules.settings.NAME] table, ready to be
	// decoded strictly into the rule's own settings type.
	Settings map[string]func(v any) error
}

// Ignore is one [[ignore]] entry.
type Ignore struct {
	// Rule is a rule name (or "plugin/rule"); required.
	Rule string
	// Tool is a glob over tool names and owners ("search_*",
	// "<instructions>"); empty matches every owner.
	Tool string
	// Server is a glob over server names; empty matches every server.
	Server string
	// Pointer is a JSON pointer prefix; empty matches everywhere.
	Pointer string
	// Reason is required: why this is not a defect here.
	Reason string
	// Line and Column place the entry in the config file, for
	// unused-suppression.
	Line, Column int
}

// Plugin is one [[plugin]] entry.
type Plugin struct {
	Name     string
	Path     string
	SHA256   string
	Settings map[string]any
}

// Output is [output].
type Output struct {
	Format   string
	FailOn   string
	MinGrade string
}

// Default is the configuration used when there is no file.
func Default() *Config {
	return &Config{Version: 1, Rules: Rules{Preset: PresetRecommended}, Output: Output{Format: "text", FailOn: "error"}}
}
