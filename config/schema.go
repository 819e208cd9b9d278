package config

import (
	"bytes"
	"encoding/json"
	"reflect"
	"sort"
	"strings"

	"github.com/mcplint/mcplint/internal/compat"
	"github.com/mcplint/mcplint/sdk"
)

// JSONSchema renders the JSON Schema of .mcplint.toml for editors (Taplo,
// Even Better TOML): every key with its description and default, rule and
// category names to complete, and, for each configurable rule, the shape
// of its [rules.settings.NAME] table, read from the struct its Configure
// decodes into. mcplint's own checks stay stricter (a glob's syntax, a
// duration's); the schema is for completion and early red squiggles.
func JSONSchema(rules []sdk.Rule) ([]byte, error) {
	sorted := append([]sdk.Rule(nil), rules...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].Meta().Name < sorted[j].Meta().Name })
	var names []any
	ruleProps := map[string]any{}
	settings := map[string]any{}
	for _, r := range sorted {
		m := r.Meta()
		names = append(names, m.Name)
		ruleProps[m.Name] = map[string]any{"description": m.Summary, "enum": []string{"error", "warning", "info"}}
		if c, ok := r.(sdk.Configurable); ok && m.Name != CompatRule {
			if s := settingsSchema(c); s != nil {
				s["description"] = "Settings of " + m.Name + ": " + m.Summary
				settings[m.Name] = s
			}
		}
	}
	var categories []any
	for _, c := range sdk.Categories {
		categories = append(categories, c)
	}
	pluginRule := map[string]any{"type": "string", "pattern": `^[A-Za-z0-9][A-Za-z0-9_.-]*/[^/]+$`, "description": "a plugin rule, \"plugin/rule\""}
	ruleName := map[string]any{"anyOf": []any{map[string]any{"enum": names}, pluginRule}}
	ruleOrCategory := map[string]any{"anyOf": []any{
		map[string]any{"enum": names, "description": "a rule"},
		map[string]any{"enum": categories, "description": "a category"},
		pluginRule,
	}}
	str := func(desc string, more ...any) map[string]any {
		s := map[string]any{"type": "string", "description": desc}
		for i := 0; i+1 < len(more); i += 2 {
			s[more[i].(string)] = more[i+1]
		}
		return s
	}
	table := func(desc string, props map[string]any) map[string]any {
		return map[string]any{"type": "object", "description": desc, "properties": props, "additionalProperties": false}
	}
	glob := "a glob: * any run of characters, ? one, [a-z] a class, \\ escapes"

	schema := map[string]any{
		"$schema":              "http://json-schema.org/draft-07/schema#",
		"$id":                  SchemaURL,
		"title":                ".mcplint.toml",
		"description":          "Configuration of mcplint, the linter for MCP servers.",
		"type":                 "object",
		"required":             []string{"version"},
		"additionalProperties": false,
		"properties": map[string]any{
			"version": map[string]any{"description": "The config format version.", "const": FormatVersion},
			"server": withNot(table("What mcplint lints when given no target.", map[string]any{
				"command": map[string]any{"type": "array", "minItems": 1, "items": map[string]any{"type": "string"},
					"description": "The server's argv, run without a shell, from the config file's folder. Exclusive with target."},
				"target":        str("A tool list, trace, client config or server folder, relative to the config file. Exclusive with command.", "minLength", 1),
				"env":           map[string]any{"type": "object", "description": "Environment overlaid on the server process.", "additionalProperties": map[string]any{"type": "string"}},
				"headers":       map[string]any{"type": "object", "description": "HTTP headers sent to a URL target (credentials); ${env:VAR} reads the environment. Never printed or reported.", "additionalProperties": map[string]any{"type": "string"}},
				"discover-wait": str("How long the server/discover era probe waits alone before initialize is sent beside it, a Go duration (default 3s, at most half of timeout). It decides no era: a late answer to discover still counts.", "pattern", `^([0-9]+(\.[0-9]*)?(ns|us|µs|ms|s|m|h))+$`, "default", "3s"),
				"timeout":       str("Per-request deadline, a Go duration (default 10s).", "pattern", `^([0-9]+(\.[0-9]*)?(ns|us|µs|ms|s|m|h))+$`, "default", "10s"),
				"startup-timeout": str("How long a server started over stdio may take to write its first line, a Go duration (--startup-timeout), never less than timeout. Default 1m when the command goes through a package launcher or container runner (npx, bunx, pnpm dlx, yarn dlx, npm exec, uvx, uv run, pipx run, docker run, podman run, deno run of a remote specifier, go run of pkg@version), which may download the server first; 30s for any other command.",
					"pattern", `^([0-9]+(\.[0-9]*)?(ns|us|µs|ms|s|m|h))+$`),
				"name":     str("The server to pick from a client config (--server)."),
				"probes":   str("Conformance probes to run (--probes).", "enum", ProbeSets, "default", "default"),
				"exercise": str("Which tools to call with generated arguments (--exercise).", "enum", ExerciseModes, "default", "none"),
				"max-file-size": str("The largest file target mcplint reads (--max-file-size): bytes, or a number with KB, MB, GB, KiB, MiB or GiB.",
					"pattern", `^\s*[0-9]+(\.[0-9]*)?\s*(B|KB|MB|GB|KiB|MiB|GiB)?\s*$`, "default", "256MiB"),
				"max_file_size": str("The old spelling of max-file-size, which still works.",
					"pattern", `^\s*[0-9]+(\.[0-9]*)?\s*(B|KB|MB|GB|KiB|MiB|GiB)?\s*$`, "deprecated", true),
			}), []string{"command", "target"}),
			"rules": table("Which rules run and how.", map[string]any{
				"preset":  str("The starting set of rules.", "enum", Presets, "default", PresetRecommended),
				"enable":  map[string]any{"type": "array", "items": ruleOrCategory, "description": "Rules or categories to turn on."},
				"disable": map[string]any{"type": "array", "items": ruleOrCategory, "description": "Rules or categories to turn off."},
				"severity": map[string]any{"type": "object", "description": "Severity overrides by rule name.",
					"properties": ruleProps, "propertyNames": ruleName,
					"additionalProperties": map[string]any{"enum": []string{"error", "warning", "info"}}},
				"settings": map[string]any{"type": "object", "description": "Each rule's settings, [rules.settings.NAME].",
					"properties": settings, "propertyNames": ruleName, "additionalProperties": map[string]any{"type": "object"}},
			}),
			"ignore": map[string]any{"type": "array", "description": "Accepted issues: each entry silences one rule where it matches, and must say why.",
				"items": func() map[string]any {
					t := table("One accepted issue.", map[string]any{
						"rule":    map[string]any{"allOf": []any{ruleName}, "description": "The rule to silence."},
						"tool":    str("Tool names or owners (<instructions>, <prompt NAME>, <resource URI>) to match; " + glob + ". Empty matches all."),
						"server":  str("Server names to match; " + glob + ". Empty matches all."),
						"pointer": str("A JSON pointer prefix the issue must be at or below.", "pattern", `^(/([^~]|~[01])*)*$`),
						"reason":  str("Why this is not a defect here (required).", "pattern", `\S`),
					})
					t["required"] = []string{"rule", "reason"}
					return t
				}()},
			"plugin": map[string]any{"type": "array", "description": "Out-of-process rule plugins.",
				"items": func() map[string]any {
					t := table("One plugin.", map[string]any{
						"name":     str("The plugin's name, the prefix of its rules.", "pattern", `^[A-Za-z0-9][A-Za-z0-9_.-]*$`),
						"path":     str("The plugin executable, relative to the config file."),
						"sha256":   str("The executable's SHA-256; mcplint refuses to start a binary that differs.", "pattern", `^[0-9a-fA-F]{64}$`),
						"settings": map[string]any{"type": "object", "description": "Settings passed to the plugin as JSON."},
					})
					t["required"] = []string{"name"}
					return t
				}()},
			"compat": table("The clients the server must work with (client compatibility profiles).", map[string]any{
				"clients": map[string]any{"type": "array", "items": map[string]any{"type": "string"}, "examples": []any{compat.BuiltinNames()},
					"description": "Profiles to check the tools against (--clients): built-in (" + strings.Join(compat.BuiltinNames(), ", ") + ") or one of [compat.profiles]. Turns on the client-compatibility rule."},
				"profiles": map[string]any{"type": "object", "description": "Your own client profiles, by name; every limit needs a source.",
					"additionalProperties": typeSchema(reflect.ValueOf(compat.Profile{}))},
			}),
			"output": table("The report.", map[string]any{
				"format":    str("Report format (-f).", "enum", Formats, "default", "text"),
				"file":      str("Write the report here instead of stdout (-o)."),
				"fail-on":   str("Exit 1 when an issue is at or above this severity (--fail-on).", "enum", FailOns, "default", "error"),
				"min-grade": str("Exit 1 when a server's grade is below this (--min-grade).", "enum", Grades),
				"color":     str("Color in the text report (--color).", "enum", ColorModes, "default", "auto"),
				"max-same-issues": map[string]any{"type": "integer", "minimum": 0, "default": DefaultMaxSameIssues,
					"description": "How many issues of one rule per server the text and compact reports print; the rest are counted in one line (--max-same-issues). 0 prints all. JSON, SARIF, JUnit, GitHub and Markdown reports are never capped."},
				"help-uri": str("Where a rule's documentation is, {rule} standing for its name: the SARIF helpUri and the Markdown report's rule links. Unset, they link nowhere (SARIF carries each rule's documentation in full).", "pattern", `^https?://.*\{rule\}`),
			}),
		},
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(schema); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func withNot(t map[string]any, exclusive []string) map[string]any {
	t["not"] = map[string]any{"required": exclusive}
	return t
}

// settingsSchema learns a rule's settings type by handing its Configure a
// decode function that records what it is asked to fill. The value it is
// given holds the rule's defaults, which become the schema's defaults.
func settingsSchema(c sdk.Configurable) map[string]any {
	var target any
	_ = c.Configure(func(v any) error {
		target = v
		return nil
	})
	if target == nil {
		return nil
	}
	s := typeSchema(reflect.ValueOf(target))
	if s["type"] != "object" {
		return nil
	}
	return s
}

func typeSchema(v reflect.Value) map[string]any {
	for v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface {
		if v.IsNil() {
			if v.Kind() == reflect.Pointer {
				return typeSchema(reflect.Zero(v.Type().Elem()))
			}
			return map[string]any{}
		}
		v = v.Elem()
	}
	s := map[string]any{}
	switch v.Kind() {
	case reflect.String:
		s["type"] = "string"
	case reflect.Bool:
		s["type"] = "boolean"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		s["type"] = "integer"
	case reflect.Float32, reflect.Float64:
		s["type"] = "number"
	case reflect.Slice, reflect.Array:
		s["type"] = "array"
		s["items"] = typeSchema(reflect.Zero(v.Type().Elem()))
	case reflect.Map:
		s["type"] = "object"
		s["additionalProperties"] = typeSchema(reflect.Zero(v.Type().Elem()))
	case reflect.Struct:
		props := map[string]any{}
		addFields(v, props)
		s["type"] = "object"
		s["properties"] = props
		s["additionalProperties"] = false
		return s
	default:
		return s
	}
	if !v.IsZero() && (v.Kind() != reflect.Slice || v.Len() > 0) {
		s["default"] = v.Interface()
	}
	return s
}

func addFields(v reflect.Value, props map[string]any) {
	t := v.Type()
	for i := range t.NumField() {
		f := t.Field(i)
		tag, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		switch {
		case tag == "-":
		case f.Anonymous && tag == "" && f.Type.Kind() == reflect.Struct:
			addFields(v.Field(i), props)
		case !f.IsExported():
		default:
			if tag == "" {
				tag = f.Name
			}
			props[tag] = typeSchema(v.Field(i))
		}
	}
}
