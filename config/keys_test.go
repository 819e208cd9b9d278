package config

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestKeysAreComplete: every key of the table says what it does, is read
// by something, and reaches the schema and the docs, so that a key added
// to Keys without them fails here.
func TestKeysAreComplete(t *testing.T) {
	data, err := JSONSchema(nil)
	if err != nil {
		t.Fatal(err)
	}
	var schema map[string]any
	if err := json.Unmarshal(data, &schema); err != nil {
		t.Fatal(err)
	}
	docs := KeysMarkdown()
	seen := map[string]bool{}
	fields := map[string]string{} // address in cfg → key
	cfg := Default()
	for _, k := range Keys {
		t.Run(k.Path(), func(t *testing.T) {
			if seen[k.Path()] {
				t.Fatal("listed twice")
			}
			seen[k.Path()] = true
			if k.Table != "" {
				if parent, _ := keyNamed("", k.Table); parent == nil || parent.Kind != KindTable && parent.Kind != KindTables {
					t.Errorf("its table %q is no top-level table of Keys", k.Table)
				}
			}
			if k.Name != strings.ToLower(k.Name) || strings.Contains(k.Name, "_") {
				t.Errorf("%q is not kebab-case: name it in kebab-case and keep the old spelling as an alias", k.Name)
			}
			if strings.TrimSpace(k.Doc) == "" {
				t.Error("no Doc")
			}
			if k.Kind == KindTables && k.Item == "" {
				t.Error("an array of tables with no Item")
			}
			if k.Kind == KindChoice && len(k.Choices) == 0 {
				t.Error("a choice with no Choices")
			}
			if (k.decode == nil) == (k.field == nil) {
				t.Error("want exactly one of decode (a bespoke shape) and field (read by its Kind)")
			}
			if k.field != nil {
				checkFieldKind(t, k)
				at := fmt.Sprintf("%p", k.field(cfg))
				if other, dup := fields[at]; dup {
					t.Errorf("reads into the field of %s", other)
				}
				fields[at] = k.Path()
			}
			if k.Kind == KindByName && k.schema == nil {
				t.Error("a table by name needs a schema of its own")
			}
			prop := schemaProperty(schema, k.Table, k.Name)
			if prop == nil {
				t.Fatal("missing from the schema")
			}
			if prop["description"] != k.Description() {
				t.Errorf("the schema describes it as %q, want %q", prop["description"], k.Description())
			}
			for _, a := range k.Aliases {
				old := schemaProperty(schema, k.Table, a)
				if old == nil || old["deprecated"] != true {
					t.Errorf("its old spelling %q is not in the schema as deprecated: %v", a, old)
				}
			}
			isTable := k.Table == "" && (k.Kind == KindTable || k.Kind == KindTables)
			if row := "| `" + k.docName() + "` |"; !isTable && !strings.Contains(docs, row) {
				t.Errorf("the docs' table has no row %q", row)
			}
		})
	}
}

// checkFieldKind: a key read by its Kind points at a field of the type
// that Kind is read into.
func checkFieldKind(t *testing.T, k *Key) {
	t.Helper()
	want := map[Kind]string{
		KindString: "*string", KindPath: "*string", KindChoice: "*string",
		KindDuration: "*time.Duration", KindSize: "*int64", KindCount: "*int",
	}[k.Kind]
	got := fmt.Sprintf("%T", k.field(Default()))
	if want == "" {
		t.Errorf("a %s key cannot be read by its Kind: give it a decoder", k.Kind)
	} else if got != want {
		t.Errorf("a %s key points at a %s, want %s", k.Kind, got, want)
	}
}

// schemaProperty finds a key's schema: a top-level property, or one of
// its table's (of the table's items, for an array of tables).
func schemaProperty(schema map[string]any, table, name string) map[string]any {
	props, _ := schema["properties"].(map[string]any)
	if table != "" {
		t, _ := props[table].(map[string]any)
		if items, ok := t["items"].(map[string]any); ok {
			t = items
		}
		props, _ = t["properties"].(map[string]any)
	}
	p, _ := props[name].(map[string]any)
	return p
}

// TestKeysReadByKind: each key read by its Kind takes a value of that
// kind into its Config field, under its name and under each old spelling,
// and FlagValue gives it back as its flag would take it.
func TestKeysReadByKind(t *testing.T) {
	samples := map[Kind]struct{ toml, flag string }{
		KindString:   {`"x"`, "x"},
		KindPath:     {`"out/x"`, "cfg/out/x"},
		KindDuration: {`"1m30s"`, "1m30s"},
		KindSize:     {`"2KiB"`, "2048"},
		KindCount:    {`7`, "7"},
	}
	for _, k := range Keys {
		if k.field == nil {
			continue
		}
		for _, spelling := range append([]string{k.Name}, k.Aliases...) {
			sample, ok := samples[k.Kind]
			if k.Kind == KindChoice {
				last := k.Choices[len(k.Choices)-1]
				sample, ok = struct{ toml, flag string }{fmt.Sprintf("%q", last), last}, true
			}
			if !ok {
				t.Errorf("%s: no sample of a %s key", k.Path(), k.Kind)
				continue
			}
			if k.Name == "help-uri" {
				sample.toml, sample.flag = fmt.Sprintf("%q", HelpURIExample), HelpURIExample
			}
			src := fmt.Sprintf("version = 1\n[%s]\n%s = %s\n", k.Table, spelling, sample.toml)
			cfg, err := Parse("cfg/.mcplint.toml", []byte(src), Known{})
			if err != nil {
				t.Errorf("%s:\n%s: %v", k.Path(), src, err)
				continue
			}
			if zero := fmt.Sprint(deref(k.field(Default()))); fmt.Sprint(deref(k.field(cfg))) == zero {
				t.Errorf("%s = %s left its field at %s", spelling, sample.toml, zero)
			}
			got, ok := k.FlagValue(cfg)
			switch {
			case k.Flag == "" && ok:
				t.Errorf("%s has no flag, yet FlagValue gives %q", k.Path(), got)
			case k.Flag != "" && (!ok || got != sample.flag):
				t.Errorf("%s = %s: FlagValue = %q, %v; want %q", spelling, sample.toml, got, ok, sample.flag)
			}
			if (len(cfg.Deprecated) > 0) != (spelling != k.Name) {
				t.Errorf("%s: deprecation notes %q", spelling, cfg.Deprecated)
			}
		}
	}
}

func deref(p any) any {
	switch p := p.(type) {
	case *string:
		return *p
	case *time.Duration:
		return *p
	case *int64:
		return *p
	case *int:
		return *p
	}
	return p
}
