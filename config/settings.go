package config

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/mcplint/mcplint/sdk"
)

// Rules declare their settings with json struct tags (the same struct a
// plugin receives as JSON), so a [rules.settings.NAME] table goes TOML ->
// generic value -> JSON -> a strict json decode, and the decoder's errors
// are mapped back onto the TOML keys.

func settingsDecoder(file string, pos positions, path keyPath, rule string, table map[string]any) func(any) error {
	return tableDecoder(file, pos, path, "rules.settings."+rule, fmt.Sprintf("rule %q", rule), table)
}

// tableDecoder decodes the table at path, named name ("rules.settings.X"),
// strictly into a value of the json-tagged type its func is given; errors
// name the TOML key at fault and say what the table is for (subject).
func tableDecoder(file string, pos positions, path keyPath, name, subject string, table map[string]any) func(any) error {
	return func(v any) error {
		fail := func(at keyPath, format string, a ...any) error {
			p := pos.at(at)
			return &Error{File: file, Line: p.Line, Column: p.Column, Msg: fmt.Sprintf(format, a...)}
		}
		if !finite(table) {
			return fail(path, "[%s] holds nan or inf, which no setting accepts", name)
		}
		data, err := json.Marshal(table)
		if err != nil {
			return fail(path, "[%s] cannot be passed to the %s: %v", name, subject, err)
		}
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.DisallowUnknownFields()
		err = dec.Decode(v)
		if err == nil {
			return nil
		}
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) && te.Field != "" {
			fields := strings.Split(te.Field, ".")
			got := any(nil)
			if g, ok := lookup(table, fields); ok {
				got = g
			}
			gotText := "a JSON " + te.Value
			if got != nil {
				gotText = tomlType(got)
			}
			return fail(path.with(fields...), "%s.%s must be %s, not %s", name, te.Field, goTypeName(te.Type), gotText)
		}
		if field, ok := unknownField(err); ok {
			at := findKey(pos, path, field)
			hint := ""
			// The decoder does not say how deep the key was; hints come
			// from the top-level fields, so give them for top-level keys.
			if len(at) == len(path)+1 {
				known := jsonFields(reflect.TypeOf(v))
				if hint = didYouMean(field, known); hint == "" && len(known) > 0 {
					hint = " (known settings: " + strings.Join(known, ", ") + ")"
				}
			}
			return fail(at, "unknown setting %q for %s%s", field, subject, hint)
		}
		return fail(path, "[%s]: %v", name, strings.TrimPrefix(err.Error(), "json: "))
	}
}

func unknownField(err error) (string, bool) {
	rest, ok := strings.CutPrefix(err.Error(), "json: unknown field ")
	if !ok {
		return "", false
	}
	f, uerr := strconv.Unquote(rest)
	return f, uerr == nil
}

// findKey returns the first key named field under path, in file order.
func findKey(pos positions, path keyPath, field string) keyPath {
	prefix := path.String() + "\x1f"
	var best keyPath
	var bestAt Position
	for k, at := range pos {
		if !strings.HasPrefix(k, prefix) {
			continue
		}
		segs := strings.Split(k, "\x1f")
		if segs[len(segs)-1] != field {
			continue
		}
		if best == nil || at.Line < bestAt.Line || at.Line == bestAt.Line && at.Column < bestAt.Column {
			best, bestAt = segs, at
		}
	}
	if best == nil {
		return path
	}
	return best
}

func lookup(v any, fields []string) (any, bool) {
	for _, f := range fields {
		m, ok := v.(map[string]any)
		if !ok {
			return nil, false
		}
		if v, ok = m[f]; !ok {
			return nil, false
		}
	}
	return v, true
}

// goTypeName says in TOML's words what a settings field holds.
func goTypeName(t reflect.Type) string {
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "a boolean"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "an integer"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.Map, reflect.Struct:
		return "a table"
	case reflect.Pointer:
		return goTypeName(t.Elem())
	}
	return "a " + t.String()
}

// jsonFields lists the settings a struct accepts, by their json names.
func jsonFields(t reflect.Type) []string {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil || t.Kind() != reflect.Struct {
		return nil
	}
	var out []string
	for i := range t.NumField() {
		f := t.Field(i)
		tag, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		switch {
		case tag == "-":
		case f.Anonymous && tag == "":
			out = append(out, jsonFields(f.Type)...)
		case !f.IsExported():
		case tag != "":
			out = append(out, tag)
		default:
			out = append(out, f.Name)
		}
	}
	sort.Strings(out)
	return out
}

// ConfigureRules calls Configure on every configurable rule: with its
// [rules.settings.NAME] table, or with no settings so its defaults apply.
// A settings table for a rule that takes none is an error, since it would
// otherwise be silently ignored. Tables for plugin rules missing from
// rules are skipped: their plugin has not started. Call it on every rule,
// enabled or not, so that settings are checked either way.
func (c *Config) ConfigureRules(rules []sdk.Rule) error {
	var errs Errors
	add := func(name string, err error) {
		var ce *Error
		var list Errors
		switch {
		case errors.As(err, &list):
			errs = append(errs, list...)
		case errors.As(err, &ce):
			errs = append(errs, ce)
		default:
			p := c.Rules.settingsAt[name]
			errs = append(errs, &Error{File: c.Path, Line: p.Line, Column: p.Column, Msg: fmt.Sprintf("rule %q rejected its settings: %v", name, err)})
		}
	}
	seen := map[string]bool{}
	for _, r := range rules {
		name := r.Meta().Name
		seen[name] = true
		decode, has := c.Rules.Settings[name]
		cr, configurable := r.(sdk.Configurable)
		switch {
		case configurable && has:
			if err := cr.Configure(decode); err != nil {
				add(name, err)
			}
		case configurable:
			if err := cr.Configure(func(any) error { return nil }); err != nil {
				add(name, err)
			}
		case has:
			add(name, &Error{File: c.Path, Line: c.Rules.settingsAt[name].Line, Column: c.Rules.settingsAt[name].Column,
				Msg: fmt.Sprintf("rule %q takes no settings: remove [rules.settings.%s]", name, name)})
		}
	}
	for name := range c.Rules.Settings {
		if !seen[name] && !strings.Contains(name, "/") {
			add(name, &Error{File: c.Path, Line: c.Rules.settingsAt[name].Line, Column: c.Rules.settingsAt[name].Column,
				Msg: fmt.Sprintf("[rules.settings.%s] names no rule this mcplint runs", name)})
		}
	}
	if len(errs) == 0 {
		return nil
	}
	errs.sort()
	return errs
}
