package config

import (
	"errors"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/mcplint/mcplint/internal/compat"
)

// Kind is the shape of a key's value: how a key without a decoder of its
// own is read, and how the schema and the docs describe it.
type Kind string

// The kinds of keys.
const (
	KindTable    Kind = "table"           // [name], keys of its own
	KindTables   Kind = "array of tables" // [[name]] entries, keys of their own
	KindInteger  Kind = "integer"
	KindCount    Kind = "count" // an integer, 0 or more
	KindString   Kind = "string"
	KindPath     Kind = "path" // a string, a path relative to the config file's folder
	KindChoice   Kind = "choice"
	KindDuration Kind = "duration"      // a Go duration string, positive
	KindSize     Kind = "size"          // bytes, or a number with a unit
	KindArgv     Kind = "argv"          // an array of strings, at least one
	KindList     Kind = "list"          // an array of strings
	KindMap      Kind = "map"           // a table of strings
	KindByName   Kind = "table by name" // a table keyed by rule or profile name
)

// Key is one key of .mcplint.toml. Keys is the one list of them: the
// parser reads a table's keys through it, and the JSON schema, the lint
// flags' defaults from the file and the docs' key table are made from it.
type Key struct {
	// Table is the table the key is in: "" for the top level, else a
	// top-level key of kind KindTable or KindTables.
	Table string
	// Name is the key as written, kebab-case.
	Name string
	// Aliases are older spellings that still work, each with a
	// deprecation note.
	Aliases []string
	// Kind is the shape of its value.
	Kind Kind
	// Choices are the values a KindChoice key takes.
	Choices []string
	// Default is the value that applies when the key is left out, as the
	// schema and the docs show it; nil when none can be written.
	Default any
	// DefaultDoc is the docs' default column when Default cannot say it.
	DefaultDoc string
	// Required keys must be written.
	Required bool
	// Doc says what the key does, for the schema and the docs; it names
	// neither the flag nor the default, which come from Flag and Default.
	Doc string
	// See links the docs to more about the key (Markdown, from the README).
	See string
	// Item describes one entry of a KindTables key.
	Item string
	// Flag is the lint flag that sets what this key sets. A flag given
	// replaces the key's value, unless FlagAdds.
	Flag string
	// FlagAdds says the flag adds to the key's value (--enable, -e)
	// rather than replacing it.
	FlagAdds bool
	// Exclusive are keys of this table of which only one may be written,
	// for the schema; the table's decoder refuses both in its own words.
	Exclusive []string
	// Pattern and MinLength narrow a string in the schema; the parser's
	// own check (check or decode) is the stricter one.
	Pattern   string
	MinLength int

	// field points into the Config a key read by its Kind fills: a
	// *string, *time.Duration, *int64 or *int.
	field func(*Config) any
	// check refuses a KindString value; its error follows the key's name
	// ("server.target is empty: …").
	check func(string) error
	// decode reads a key of a bespoke shape; a key with a field needs none.
	decode func(d *decoder, path keyPath, v any)
	// schema makes a bespoke key's schema, without its description.
	schema func(s *schemaNames) map[string]any
}

// Keys lists every key, in the order the docs list them; a table's keys
// follow it, in the order errors list them as the known keys.
var Keys []*Key

// init fills Keys: a key's decoder reads its table's keys through Keys,
// which a package-level initializer may not refer to.
func init() { Keys = keyTable() }

func keyTable() []*Key {
	return []*Key{
		{Name: "version", Kind: KindInteger, Required: true,
			Doc:    "The config format version; 1 is the only one.",
			decode: (*decoder).version,
			schema: func(*schemaNames) map[string]any {
				return map[string]any{"const": FormatVersion}
			}},

		{Name: "server", Kind: KindTable, Doc: "What mcplint lints when given no target.", Exclusive: []string{"command", "target"},
			decode: (*decoder).server},
		{Table: "server", Name: "command", Kind: KindArgv,
			Doc:    "The server's argv, run without a shell, from the config file's folder. Exclusive with target.",
			decode: (*decoder).command},
		{Table: "server", Name: "target", Kind: KindString, MinLength: 1,
			Doc:   "A tool list, trace, client config or server folder, relative to the config file. Exclusive with command.",
			field: func(c *Config) any { return &c.Server.Target },
			check: func(s string) error {
				if s == "" {
					return errors.New("is empty: name a tool list, trace, client config or server folder")
				}
				return nil
			}},
		{Table: "server", Name: "env", Kind: KindMap, DefaultDoc: "`{}`", Flag: "env", FlagAdds: true,
			Doc:    "Environment overlaid on the server process.",
			decode: (*decoder).env},
		{Table: "server", Name: "headers", Kind: KindMap, DefaultDoc: "`{}`", Flag: "header", FlagAdds: true,
			Doc:    "HTTP headers sent to a URL target (credentials); ${env:VAR} reads the environment. Never printed or reported.",
			decode: (*decoder).headers},
		{Table: "server", Name: "timeout", Kind: KindDuration, Default: "10s", Flag: "timeout",
			Doc:   "Per-request deadline, a Go duration.",
			field: func(c *Config) any { return &c.Server.Timeout }},
		{Table: "server", Name: "startup-timeout", Kind: KindDuration, Flag: "startup-timeout",
			DefaultDoc: "`\"1m\"` or `\"30s\"`",
			Doc:        "How long a server started over stdio may take to write its first line, a Go duration, never less than timeout. The default is 1m when the command goes through a package launcher or container runner (npx, bunx, pnpm dlx, yarn dlx, npm exec, uvx, uv run, pipx run, docker run, podman run, deno run of a remote specifier, go run of pkg@version), which may download the server first; 30s for any other command.",
			See:        "[Live servers](#live-servers)",
			field:      func(c *Config) any { return &c.Server.StartupTimeout }},
		{Table: "server", Name: "discover-wait", Kind: KindDuration, Default: "3s", Flag: "discover-wait",
			Doc:   "How long the server/discover era probe waits alone before initialize is sent beside it, a Go duration, at most half of timeout. It decides no era: a late answer to discover still counts.",
			field: func(c *Config) any { return &c.Server.DiscoverWait }},
		{Table: "server", Name: "name", Kind: KindString, Flag: "server",
			Doc:   "The server to pick from a client config.",
			field: func(c *Config) any { return &c.Server.Name }},
		{Table: "server", Name: "probes", Kind: KindChoice, Choices: ProbeSets, Default: "default", Flag: "probes",
			Doc:   "Conformance probes to run.",
			field: func(c *Config) any { return &c.Server.Probes }},
		{Table: "server", Name: "exercise", Kind: KindChoice, Choices: ExerciseModes, Default: "none", Flag: "exercise",
			Doc:   "Which tools to call with generated arguments.",
			field: func(c *Config) any { return &c.Server.Exercise }},
		{Table: "server", Name: "max-file-size", Aliases: []string{"max_file_size"}, Kind: KindSize, Default: "256MiB", Flag: "max-file-size",
			Doc:   "The largest file target mcplint reads: bytes, or a number with KB, MB, GB, KiB, MiB or GiB.",
			See:   "[Limits](#limits-and-hostile-inputs)",
			field: func(c *Config) any { return &c.Server.MaxFileSize }},

		{Name: "rules", Kind: KindTable, Doc: "Which rules run and how.",
			decode: (*decoder).rulesTable},
		{Table: "rules", Name: "preset", Kind: KindChoice, Choices: Presets, Default: PresetRecommended,
			Doc:   "The starting set of rules.",
			field: func(c *Config) any { return &c.Rules.Preset }},
		{Table: "rules", Name: "enable", Kind: KindList, DefaultDoc: "`[]`", Flag: "enable", FlagAdds: true,
			Doc:    "Rules or categories to turn on: rule names, categories or plugin/rule.",
			decode: func(d *decoder, path keyPath, v any) { d.cfg.Rules.Enable = d.ruleList(path, v) },
			schema: func(s *schemaNames) map[string]any {
				return map[string]any{"type": "array", "items": s.ruleOrCategory}
			}},
		{Table: "rules", Name: "disable", Kind: KindList, DefaultDoc: "`[]`", Flag: "disable", FlagAdds: true,
			Doc:    "Rules or categories to turn off: rule names, categories or plugin/rule.",
			decode: func(d *decoder, path keyPath, v any) { d.cfg.Rules.Disable = d.ruleList(path, v) },
			schema: func(s *schemaNames) map[string]any {
				return map[string]any{"type": "array", "items": s.ruleOrCategory}
			}},
		{Table: "rules", Name: "severity", Kind: KindByName, DefaultDoc: "the rule's",
			Doc:    "Severity overrides by rule name, [rules.severity]: error, warning or info.",
			decode: (*decoder).severities,
			schema: func(s *schemaNames) map[string]any {
				return map[string]any{"type": "object", "properties": s.severities, "propertyNames": s.rule,
					"additionalProperties": map[string]any{"enum": severityKeys}}
			}},
		{Table: "rules", Name: "settings", Kind: KindByName, DefaultDoc: "the rule's",
			Doc:    "Each rule's settings, [rules.settings.NAME]; mcplint explain NAME lists them, and unknown ones are errors.",
			decode: (*decoder).settings,
			schema: func(s *schemaNames) map[string]any {
				return map[string]any{"type": "object", "properties": s.settings, "propertyNames": s.rule,
					"additionalProperties": map[string]any{"type": "object"}}
			}},

		{Name: "ignore", Kind: KindTables, Doc: "Accepted issues: each entry silences one rule where it matches, and must say why.",
			Item: "One accepted issue.", decode: (*decoder).ignoreList},
		{Table: "ignore", Name: "rule", Kind: KindString, Required: true,
			Doc:    "The rule to silence.",
			decode: (*decoder).ignoreRule,
			schema: func(s *schemaNames) map[string]any {
				return map[string]any{"allOf": []any{s.rule}}
			}},
		{Table: "ignore", Name: "tool", Kind: KindString,
			Doc:    "Tool names or owners (<instructions>, <prompt NAME>, <resource URI>) to match; " + globDoc + ". Empty matches all.",
			decode: (*decoder).ignoreGlob},
		{Table: "ignore", Name: "server", Kind: KindString,
			Doc:    "Server names to match; " + globDoc + ". Empty matches all.",
			decode: (*decoder).ignoreGlob},
		{Table: "ignore", Name: "pointer", Kind: KindString, Pattern: `^(/([^~]|~[01])*)*$`,
			Doc:    "A JSON pointer prefix the issue must be at or below.",
			decode: (*decoder).ignorePointer},
		{Table: "ignore", Name: "reason", Kind: KindString, Required: true, Pattern: `\S`,
			Doc: "Why this is not a defect here.",
			decode: func(d *decoder, path keyPath, v any) {
				if s, ok := d.str(path, v); ok {
					d.ignore.Reason = strings.TrimSpace(s)
				}
			}},

		{Name: "plugin", Kind: KindTables, Doc: "Out-of-process rule plugins.",
			Item: "One plugin.", decode: (*decoder).pluginList},
		{Table: "plugin", Name: "name", Kind: KindString, Required: true, Pattern: pluginName.String(),
			Doc:    "The plugin's name, the prefix of its rules.",
			decode: (*decoder).pluginNameKey},
		{Table: "plugin", Name: "path", Kind: KindPath,
			Doc: "The plugin executable, relative to the config file.",
			decode: func(d *decoder, path keyPath, v any) {
				d.plugin.Path, _ = d.str(path, v)
			}},
		{Table: "plugin", Name: "sha256", Kind: KindString, Pattern: sha256Hex.String(),
			Doc:    "The executable's SHA-256; mcplint refuses to start a binary that differs.",
			decode: (*decoder).pluginSHA256},
		{Table: "plugin", Name: "settings", Kind: KindTable,
			Doc: "Settings passed to the plugin as JSON, [plugin.settings].",
			decode: func(d *decoder, path keyPath, v any) {
				if t, ok := d.table(path, v); ok {
					d.plugin.Settings = t
				}
			},
			schema: func(*schemaNames) map[string]any {
				return map[string]any{"type": "object"}
			}},

		{Name: "output", Kind: KindTable, Doc: "The report.",
			decode: (*decoder).output},
		{Table: "output", Name: "format", Kind: KindChoice, Choices: Formats, Default: "text", Flag: "format",
			Doc:   "Report format.",
			field: func(c *Config) any { return &c.Output.Format }},
		{Table: "output", Name: "file", Kind: KindPath, DefaultDoc: "stdout", Flag: "output",
			Doc:   "Write the report here instead of stdout.",
			field: func(c *Config) any { return &c.Output.File }},
		{Table: "output", Name: "fail-on", Kind: KindChoice, Choices: FailOns, Default: "error", Flag: "fail-on",
			Doc:   "Exit 1 when an issue is at or above this severity.",
			field: func(c *Config) any { return &c.Output.FailOn }},
		{Table: "output", Name: "min-grade", Kind: KindChoice, Choices: Grades, DefaultDoc: "none", Flag: "min-grade",
			Doc:   "Exit 1 when a server's grade is below this.",
			field: func(c *Config) any { return &c.Output.MinGrade }},
		{Table: "output", Name: "color", Kind: KindChoice, Choices: ColorModes, Default: "auto", Flag: "color",
			Doc:   "Color in the text report.",
			field: func(c *Config) any { return &c.Output.Color }},
		{Table: "output", Name: "max-same-issues", Kind: KindCount, Default: DefaultMaxSameIssues, Flag: "max-same-issues",
			Doc:   "How many issues of one rule per server the text and compact reports print; the rest are counted in one line. 0 prints all. JSON, SARIF, JUnit, GitHub and Markdown reports are never capped.",
			field: func(c *Config) any { return &c.Output.MaxSameIssues }},
		{Table: "output", Name: "help-uri", Kind: KindString, Pattern: `^https?://.*\{rule\}`, DefaultDoc: "none",
			Doc:   "Where a rule's documentation is, {rule} standing for its name (e.g. " + HelpURIExample + "): the SARIF helpUri and the Markdown report's rule links. Unset, they link nowhere (SARIF carries each rule's documentation in full).",
			field: func(c *Config) any { return &c.Output.HelpURI },
			check: CheckHelpURI},

		{Name: "compat", Kind: KindTable, Doc: "The clients the server must work with (client compatibility profiles).",
			decode: (*decoder).compat},
		{Table: "compat", Name: "clients", Kind: KindList, DefaultDoc: "`[]`", Flag: "clients",
			Doc:    "Client profiles to check the tools against: built-in (" + strings.Join(compat.BuiltinNames(), ", ") + ") or of [compat.profiles]. Turns on the client-compatibility rule.",
			decode: (*decoder).compatClients,
			schema: (*schemaNames).compatClients},
		{Table: "compat", Name: "profiles", Kind: KindByName,
			Doc:    "Your own client profiles, [compat.profiles.NAME]; every limit needs a source.",
			See:    "[your own profile](docs/clients.md#your-own-profile)",
			decode: (*decoder).compatProfiles,
			schema: (*schemaNames).compatProfiles},
	}
}

const globDoc = "a glob: * any run of characters, ? one, [a-z] a class, \\ escapes"

// tableKeys lists the keys of a table ("" for the top level), in order.
func tableKeys(table string) []*Key {
	var out []*Key
	for _, k := range Keys {
		if k.Table == table {
			out = append(out, k)
		}
	}
	return out
}

// keyNames are the names of a table's keys, in order.
func keyNames(table string) []string {
	var out []string
	for _, k := range tableKeys(table) {
		out = append(out, k.Name)
	}
	return out
}

// keyNamed finds a table's key by name or alias; alias is true for an old
// spelling.
func keyNamed(table, name string) (key *Key, alias bool) {
	for _, k := range Keys {
		if k.Table != table {
			continue
		}
		if k.Name == name {
			return k, false
		}
		for _, a := range k.Aliases {
			if a == name {
				return k, true
			}
		}
	}
	return nil, false
}

// header is how the docs and errors show a table: "[server]", "[[ignore]]".
func header(table string) string {
	if k, _ := keyNamed("", table); k != nil && k.Kind == KindTables {
		return "[[" + table + "]]"
	}
	return "[" + table + "]"
}

// Path is the key as a user writes it in prose: "server.timeout".
func (k *Key) Path() string {
	if k.Table == "" {
		return k.Name
	}
	return k.Table + "." + k.Name
}

// Description is Doc with the flag that sets the same thing, for the
// schema.
func (k *Key) Description() string {
	switch {
	case k.Flag == "":
		return k.Doc
	case k.FlagAdds:
		return k.Doc + " Flag: --" + k.Flag + ", which adds to it."
	}
	return k.Doc + " Flag: --" + k.Flag + ", which wins over it."
}

// FlagValue is the key's value in c as its flag takes it (a path made
// relative to the working directory), and false when the file leaves the
// key unset or the flag does not replace it: a flag that adds to a key,
// and --clients, meet the file's value in the engine.
func (k *Key) FlagValue(c *Config) (string, bool) {
	if k.Flag == "" || k.FlagAdds || k.field == nil {
		return "", false
	}
	switch p := k.field(c).(type) {
	case *string:
		if *p == "" {
			return "", false
		}
		if k.Kind == KindPath {
			return filepath.Join(c.Dir(), *p), true
		}
		return *p, true
	case *time.Duration:
		return p.String(), *p != 0
	case *int64:
		return strconv.FormatInt(*p, 10), *p != 0
	case *int:
		return strconv.Itoa(*p), true
	}
	return "", false
}

// read decodes one key's value into d's Config: by its own decoder, or by
// its Kind into its field.
func (k *Key) read(d *decoder, path keyPath, v any) {
	if k.decode != nil {
		k.decode(d, path, v)
		return
	}
	switch p := k.field(d.cfg).(type) {
	case *string:
		var s string
		var ok bool
		if k.Kind == KindChoice {
			s, ok = d.enum(path, v, k.Choices)
		} else {
			s, ok = d.str(path, v)
		}
		if ok && k.check != nil {
			if err := k.check(s); err != nil {
				d.errorf(path, "%s %v", name(path), err)
				return
			}
		}
		if ok {
			*p = s
		}
	case *time.Duration:
		if t, ok := d.duration(path, v); ok {
			*p = t
		}
	case *int64:
		if n, ok := d.size(path, v); ok {
			*p = n
		}
	case *int:
		if n, ok := d.count(path, v); ok {
			*p = n
		}
	}
}
