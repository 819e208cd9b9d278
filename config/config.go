// Package config reads .mcplint.toml: discovery from the working directory
// up, strict decoding (unknown keys are errors with file:line:column),
// defaults and validation.
package config

import (
	"fmt"
	"net/url"
	"path/filepath"
	"strings"
	"time"

	"github.com/mcplint/mcplint/sdk"
)

// FileName is the name mcplint looks for from the working directory up.
const FileName = ".mcplint.toml"

// EnvVar names the environment variable that points at a config file. The
// --config flag wins over it; it wins over discovery.
const EnvVar = "MCPLINT_CONFIG"

// FormatVersion is the only config format version this mcplint reads.
const FormatVersion = 1

// Presets of [rules] preset.
const (
	PresetRecommended = "recommended"
	PresetAll         = "all"
	PresetNone        = "none"
)

// Presets lists the accepted [rules] preset values.
var Presets = []string{PresetRecommended, PresetAll, PresetNone}

// Formats are the names of the report formats, in the order the help lists
// them: the one list that [output] format, --format and the help accept
// (engine/report has a writer for each).
var Formats = []string{"text", "compact", "json", "jsonl", "sarif", "junit", "github", "markdown"}

// FailOns lists the [output] fail-on values, strictest first.
var FailOns = []string{"info", "warning", "error", "never"}

// Grades lists the [output] min-grade values, best first.
var Grades = []string{"A", "B", "C", "D", "F"}

// ProbeSets lists the [server] probes values.
var ProbeSets = []string{"none", "default", "all"}

// ExerciseModes lists the [server] exercise values: "none" calls no tool, "readonly" only
// tools annotated readOnlyHint, "closed" only read-only tools that also declare
// openWorldHint false, "all" every tool.
var ExerciseModes = []string{"none", "readonly", "closed", "all"}

// ColorModes lists the [output] color values.
var ColorModes = []string{"auto", "always", "never"}

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
	Compat  Compat

	// Deprecated are notes, FILE:LINE:COLUMN: message, about keys written
	// in an old spelling that still works, for the commands to show.
	Deprecated []string

	// pos are the positions of the file's keys and pluginAt the key path of
	// each [[plugin]] entry by name, to place the errors that plugins
	// report about their settings.
	pos      positions
	pluginAt map[string]keyPath
}

// Dir is the folder relative paths in the config are resolved against: the
// config file's folder, or "." for defaults.
func (c *Config) Dir() string {
	if c.Path == "" {
		return "."
	}
	return filepath.Dir(c.Path)
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
	// Headers are sent with every request to a URL target (credentials);
	// ${env:VAR} (or ${VAR}) in a value is read from the environment.
	// Values are never printed or reported.
	Headers map[string]string
	// Timeout is the per-request deadline; zero means the default.
	Timeout time.Duration
	// StartupTimeout is how long a server may take to write its first
	// line (--startup-timeout), never less than Timeout; zero means the
	// default (1m for a command through a package launcher or container
	// runner, 30s for any other).
	StartupTimeout time.Duration
	// DiscoverWait is how long server/discover waits alone before
	// initialize is sent beside it (--discover-wait); zero means 3s.
	DiscoverWait time.Duration
	// Name picks one server of a client config (--server).
	Name string
	// Probes is one of ProbeSets (--probes); empty means the default.
	Probes string
	// Exercise is one of ExerciseModes (--exercise); empty means "none".
	Exercise string
	// MaxFileSize caps the size of a file target (--max-file-size) in
	// bytes; zero means inputfile.DefaultMaxSize.
	MaxFileSize int64
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
	// decoded strictly into the rule's own settings type. An error from it
	// is a *Error that names the file, line and column of the bad key.
	Settings map[string]func(v any) error

	// settingsAt places each settings table for errors that are not about
	// one key (a rule's own validation).
	settingsAt map[string]Position
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
	// Format is one of Formats (-f).
	Format string
	// File is where the report goes (-o); empty means stdout.
	File string
	// FailOn is one of FailOns (--fail-on).
	FailOn string
	// MinGrade is one of Grades (--min-grade); empty means no grade gate.
	MinGrade string
	// Color is one of ColorModes (--color).
	Color string
	// MaxSameIssues is how many issues of one rule per target the text
	// and compact reports print (--max-same-issues); 0 prints them all.
	// The machine formats are never capped.
	MaxSameIssues int
	// HelpURI is where a rule's documentation is, with {rule} standing for
	// its name: the SARIF report's helpUri and the Markdown report's rule
	// links. Empty (the default) links nowhere: the SARIF rules carry
	// their documentation in full.
	HelpURI string
}

// DefaultMaxSameIssues is [output] max-same-issues when the file leaves it
// out: golangci-lint's default for its max-same-issues.
const DefaultMaxSameIssues = 3

// Default is the configuration that applies when no file is found: every
// value a file leaves out takes its value from here.
func Default() *Config {
	return &Config{
		Version: FormatVersion,
		Rules:   Rules{Preset: PresetRecommended},
		Output:  Output{Format: "text", FailOn: "error", Color: "auto", MaxSameIssues: DefaultMaxSameIssues},
	}
}

// HelpURIExample is a help-uri a user can copy: the rule reference in a
// repository of one's own.
const HelpURIExample = "https://github.com/ORG/REPO/blob/main/docs/rules.md#{rule}"

// CheckHelpURI checks an [output] help-uri: an absolute http or https
// address that says where the rule's name goes with {rule}.
func CheckHelpURI(s string) error {
	u, err := url.Parse(strings.ReplaceAll(s, "{rule}", "r"))
	switch {
	case err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "":
		return fmt.Errorf("is %q: want an http or https address such as %q", s, HelpURIExample)
	case !strings.Contains(s, "{rule}"):
		return fmt.Errorf("is %q: put {rule} where the rule's name goes, e.g. %q", s, HelpURIExample)
	}
	return nil
}
