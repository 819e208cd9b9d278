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
	var ruleNames []any
	ruleProps := map[string]any{}
	settings := map[string]any{}
	for _, r := range sorted {
		m := r.Meta()
		ruleNames = append(ruleNames, m.Name)
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
	names := &schemaNames{
		rule: map[string]any{"anyOf": []any{map[string]any{"enum": ruleNames}, pluginRule}},
		ruleOrCategory: map[string]any{"anyOf": []any{
			map[string]any{"enum": ruleNames, "description": "a rule"},
			map[string]any{"enum": categories, "description": "a category"},
			pluginRule,
		}},
		severities: ruleProps,
		settings:   settings,
	}
	schema := names.table("")
	schema["$schema"] = "http://json-schema.org/draft-07/schema#"
	schema["$id"] = SchemaURL
	schema["title"] = ".mcplint.toml"
	schema["description"] = "Configuration of mcplint, the linter for MCP servers."
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(schema); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// schemaNames are the parts of the schema made from the rules, for the
// keys that take rule names.
type schemaNames struct {
	rule, ruleOrCategory map[string]any
	// severities and settings are the properties of [rules.severity] and
	// [rules.settings], one a rule.
	severities, settings map[string]any
}

// table is the schema of a table's keys: the document's for "", else an
// object, or for [[table]] entries an object's (its item).
func (s *schemaNames) table(table string) map[string]any {
	props := map[string]any{}
	var required []string
	for _, k := range tableKeys(table) {
		props[k.Name] = s.key(k)
		for _, a := range k.Aliases {
			old := s.key(k)
			delete(old, "default")
			old["description"] = "The old spelling of " + k.Name + ", which still works."
			old["deprecated"] = true
			props[a] = old
		}
		if k.Required {
			required = append(required, k.Name)
		}
	}
	t := map[string]any{"type": "object", "properties": props, "additionalProperties": false}
	if len(required) > 0 {
		t["required"] = required
	}
	return t
}

// key is one key's schema.
func (s *schemaNames) key(k *Key) map[string]any {
	var out map[string]any
	switch {
	case k.schema != nil:
		out = k.schema(s)
	case k.Kind == KindTable:
		out = s.table(k.Name)
	case k.Kind == KindTables:
		item := s.table(k.Name)
		item["description"] = k.Item
		out = map[string]any{"type": "array", "items": item}
	default:
		out = kindSchema(k)
	}
	if len(k.Exclusive) > 0 {
		out["not"] = map[string]any{"required": k.Exclusive}
	}
	if k.Default != nil {
		out["default"] = k.Default
	}
	out["description"] = k.Description()
	return out
}

const (
	durationPattern = `^([0-9]+(\.[0-9]*)?(ns|us|µs|ms|s|m|h))+$`
	sizePattern     = `^\s*[0-9]+(\.[0-9]*)?\s*(B|KB|MB|GB|KiB|MiB|GiB)?\s*$`
)

// kindSchema is the schema of a key read by its Kind.
func kindSchema(k *Key) map[string]any {
	str := func(more ...any) map[string]any {
		out := map[string]any{"type": "string"}
		for i := 0; i+1 < len(more); i += 2 {
			out[more[i].(string)] = more[i+1]
		}
		if k.Pattern != "" {
			out["pattern"] = k.Pattern
		}
		if k.MinLength > 0 {
			out["minLength"] = k.MinLength
		}
		return out
	}
	switch k.Kind {
	case KindChoice:
		return str("enum", k.Choices)
	case KindDuration:
		return str("pattern", durationPattern)
	case KindSize:
		return str("pattern", sizePattern)
	case KindCount:
		return map[string]any{"type": "integer", "minimum": 0}
	case KindInteger:
		return map[string]any{"type": "integer"}
	case KindArgv:
		return map[string]any{"type": "array", "minItems": 1, "items": map[string]any{"type": "string"}}
	case KindList:
		return map[string]any{"type": "array", "items": map[string]any{"type": "string"}}
	case KindMap:
		return map[string]any{"type": "object", "additionalProperties": map[string]any{"type": "string"}}
	}
	return str()
}

func (s *schemaNames) compatClients() map[string]any {
	return map[string]any{"type": "array", "items": map[string]any{"type": "string"}, "examples": []any{compat.BuiltinNames()}}
}

func (s *schemaNames) compatProfiles() map[string]any {
	return map[string]any{"type": "object", "additionalProperties": typeSchema(reflect.ValueOf(compat.Profile{}))}
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
