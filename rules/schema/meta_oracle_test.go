package schema

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// refuseLoader makes sure the oracle never fetches anything: only the
// metaschemas the library embeds can be loaded.
type refuseLoader struct{}

func (refuseLoader) Load(url string) (any, error) {
	return nil, fmt.Errorf("refusing to load %s: only bundled metaschemas are available", url)
}

var (
	oracleOnce sync.Once
	oracle     map[*dialect]*jsonschema.Schema
	oracleErr  error
)

// metaschemas compiles each dialect's metaschema once, from the copies the
// library embeds.
func metaschemas(t *testing.T) map[*dialect]*jsonschema.Schema {
	t.Helper()
	oracleOnce.Do(func() {
		c := jsonschema.NewCompiler()
		c.UseLoader(refuseLoader{})
		oracle = map[*dialect]*jsonschema.Schema{}
		for _, d := range []*dialect{draft04, draft06, draft07, draft2019, draft2020} {
			s, err := c.Compile(d.uri)
			if err != nil {
				oracleErr = fmt.Errorf("compile %s: %w", d.uri, err)
				return
			}
			oracle[d] = s
		}
	})
	if oracleErr != nil {
		t.Fatal(oracleErr)
	}
	return oracle
}

// mutations are keyword values, good and bad, tried on every object node of
// every fixture schema in every dialect.
var mutations = []string{
	`{"type":"strng"}`, `{"type":[]}`, `{"type":["string","string"]}`, `{"type":["string","null"]}`, `{"type":5}`,
	`{"minLength":-1}`, `{"minLength":1.5}`, `{"minLength":"1"}`, `{"maxItems":3}`, `{"maxContains":-1}`, `{"minContains":2}`,
	`{"required":true}`, `{"required":[]}`, `{"required":["a","a"]}`, `{"required":["a",1]}`, `{"required":"a"}`,
	`{"enum":[]}`, `{"enum":[1,1]}`, `{"enum":"a"}`, `{"enum":[{"a":1},{"a":1}]}`, `{"const":null}`,
	`{"items":[{}]}`, `{"items":[]}`, `{"items":{"type":"string"}}`, `{"items":true}`, `{"items":5}`,
	`{"prefixItems":[]}`, `{"prefixItems":[true]}`, `{"prefixItems":5}`, `{"additionalItems":5}`, `{"additionalItems":false}`,
	`{"exclusiveMinimum":true}`, `{"exclusiveMinimum":true,"minimum":1}`, `{"exclusiveMaximum":3}`, `{"exclusiveMaximum":3,"maximum":4}`,
	`{"multipleOf":0}`, `{"multipleOf":-2}`, `{"multipleOf":0.5}`, `{"maximum":"1"}`, `{"minimum":null}`,
	`{"additionalProperties":"no"}`, `{"additionalProperties":false}`, `{"additionalProperties":true}`,
	`{"properties":[]}`, `{"properties":{"a":5}}`, `{"properties":{"a":true}}`, `{"patternProperties":{"^a":1}}`,
	`{"allOf":[]}`, `{"anyOf":{}}`, `{"oneOf":[1]}`, `{"oneOf":[true,{}]}`, `{"not":5}`, `{"not":false}`,
	`{"if":1}`, `{"then":true}`, `{"else":"x"}`, `{"contains":1}`, `{"propertyNames":1}`,
	`{"$id":"https://x.test/a#frag"}`, `{"$id":"https://x.test/a#"}`, `{"$id":5}`, `{"id":5}`,
	`{"$anchor":"1a"}`, `{"$anchor":"a:b"}`, `{"$anchor":"_a"}`, `{"$dynamicAnchor":5}`, `{"$dynamicRef":5}`,
	`{"$recursiveAnchor":true}`, `{"$recursiveAnchor":"a"}`, `{"$recursiveRef":5}`, `{"$vocabulary":{"https://x.test/v":1}}`,
	`{"$comment":1}`, `{"title":1}`, `{"description":[]}`, `{"format":1}`, `{"readOnly":"x"}`, `{"deprecated":1}`,
	`{"examples":1}`, `{"examples":[]}`, `{"uniqueItems":1}`, `{"contentEncoding":1}`, `{"contentSchema":1}`,
	`{"unevaluatedItems":1}`, `{"unevaluatedProperties":{"type":1}}`,
	`{"dependencies":{"a":1}}`, `{"dependencies":{"a":[]}}`, `{"dependencies":{"a":["b","b"]}}`, `{"dependencies":{"a":{"type":1}}}`,
	`{"dependentRequired":{"a":["b","b"]}}`, `{"dependentRequired":{"a":{}}}`, `{"dependentSchemas":{"a":1}}`,
	`{"definitions":{"a":1}}`, `{"definitions":[]}`, `{"$ref":5}`, `{"$schema":5}`,
}

// TestMetaMatchesLibrary holds checkMeta to the metaschemas: on every
// fixture schema and every mutation of it, in every dialect, it finds a
// violation exactly when validating the schema against its metaschema
// (with a general JSON Schema library) fails. The deliberate differences
// are left out: regular expressions (checked for ECMA-262 here; with RE2,
// or not at all, by the library), "$defs" before 2019-09 (checked here),
// and formats the library asserts for old drafts.
func TestMetaMatchesLibrary(t *testing.T) {
	metas := metaschemas(t)
	var bases []map[string]any
	files, _ := filepath.Glob("testdata/*/*.json")
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var top any
		if json.Unmarshal(data, &top) != nil {
			continue
		}
		collectSchemas(top, &bases)
	}
	if bases = dedupe(bases); len(bases) < 30 {
		t.Fatalf("only %d distinct fixture schemas to compare on", len(bases))
	}
	// Spread a fixed budget over the distinct shapes: the mutations, not the
	// bases, are what exercise the keywords.
	budget := 16
	if testing.Short() {
		budget = 5
	}
	if len(bases) > budget {
		picked := make([]map[string]any, 0, budget)
		for i := range budget {
			picked = append(picked, bases[i*len(bases)/budget])
		}
		bases = picked
	}
	var muts []map[string]any
	for _, m := range mutations {
		var v map[string]any
		if err := json.Unmarshal([]byte(m), &v); err != nil {
			t.Fatalf("mutation %s: %v", m, err)
		}
		muts = append(muts, v)
	}
	compared := 0
	for bi, base := range bases {
		variants := []map[string]any{base}
		for _, m := range muts {
			variants = append(variants, mutateAll(base, m)...)
		}
		for vi, variant := range variants {
			for d, meta := range metas {
				schema := withDialect(variant, d)
				if !comparable(schema, d) {
					continue
				}
				compared++
				want := meta.Validate(schema) == nil
				got := checkMeta(schema, d, nil)
				if want != (len(got) == 0) {
					src, _ := json.Marshal(schema)
					t.Errorf("%s, schema %d variant %d: library valid=%v, checkMeta found %v\n%s", d.name, bi, vi, want, got, src)
				}
			}
		}
	}
	t.Logf("compared %d documents from %d fixture schemas", compared, len(bases))
}

// collectSchemas gathers every inputSchema/outputSchema object in a
// fixture, at most one level deep in "tools".
func collectSchemas(v any, out *[]map[string]any) {
	var tools []any
	switch x := v.(type) {
	case []any:
		tools = x
	case map[string]any:
		tools, _ = x["tools"].([]any)
	}
	for _, t := range tools {
		tm, _ := t.(map[string]any)
		for _, f := range []string{"inputSchema", "outputSchema"} {
			if s, ok := tm[f].(map[string]any); ok && len(mustJSON(s)) < 4000 {
				*out = append(*out, s)
			}
		}
	}
}

// dedupe drops schemas that are the same JSON, and schemas whose shape
// (keywords, ignoring names and values) another one already has.
func dedupe(list []map[string]any) []map[string]any {
	seen := map[string]bool{}
	var out []map[string]any
	for _, s := range list {
		k := shape(s)
		if !seen[k] {
			seen[k] = true
			out = append(out, s)
		}
	}
	return out
}

// shape renders a schema's structure: its keywords and value kinds, with
// other keys (property names) folded together and scalars reduced to their
// kind.
func shape(v any) string {
	switch x := v.(type) {
	case map[string]any:
		var parts []string
		for k, c := range x {
			if !schemaKeywords[k] {
				k = "_"
			}
			parts = append(parts, k+":"+shape(c))
		}
		slices.Sort(parts)
		parts = slices.Compact(parts)
		return "{" + strings.Join(parts, ",") + "}"
	case []any:
		var parts []string
		for _, c := range x {
			parts = append(parts, shape(c))
		}
		return "[" + strings.Join(parts, ",") + "]"
	}
	return kindOf(v)
}

// schemaKeywords are the keys shape keeps.
var schemaKeywords = func() map[string]bool {
	m := map[string]bool{}
	for _, mut := range mutations {
		var v map[string]any
		_ = json.Unmarshal([]byte(mut), &v)
		for k := range v {
			m[k] = true
		}
	}
	return m
}()

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// mutateAll returns one copy of base per object node, with m's keys set on
// that node (the root and its direct subschemas only, to keep the corpus
// small).
func mutateAll(base map[string]any, m map[string]any) []map[string]any {
	var paths [][]string
	var find func(v any, path []string)
	find = func(v any, path []string) {
		obj, ok := v.(map[string]any)
		if !ok || len(path) > 2 {
			return
		}
		paths = append(paths, append([]string(nil), path...))
		for _, kw := range []string{"properties", "$defs", "definitions"} {
			if sub, ok := obj[kw].(map[string]any); ok {
				for name, s := range sub {
					find(s, append(path, kw, name))
				}
			}
		}
		for _, kw := range []string{"items", "not", "additionalProperties"} {
			find(obj[kw], append(path, kw))
		}
	}
	find(base, nil)
	var out []map[string]any
	for _, p := range paths {
		c := deepCopy(base).(map[string]any)
		var node any = c
		for _, tok := range p {
			node = node.(map[string]any)[tok]
		}
		for k, v := range m {
			node.(map[string]any)[k] = deepCopy(v)
		}
		out = append(out, c)
	}
	return out
}

func deepCopy(v any) any {
	var c any
	_ = json.Unmarshal([]byte(mustJSON(v)), &c)
	return c
}

func withDialect(s map[string]any, d *dialect) map[string]any {
	c := deepCopy(s).(map[string]any)
	c["$schema"] = d.uri
	return c
}

var (
	strictRef = regexp.MustCompile(`^[A-Za-z0-9._~:/?#\[\]@!$&'()*+,;=-]*$`)
)

// comparable leaves out documents where checkMeta differs from the
// library on purpose.
func comparable(doc map[string]any, d *dialect) bool {
	ok := true
	var visit func(v any, key string)
	visit = func(v any, key string) {
		switch x := v.(type) {
		case map[string]any:
			for k, c := range x {
				if k == "patternProperties" || k == "pattern" {
					ok = false
				}
				if k == "$defs" && !d.since(draft2019) {
					ok = false
				}
				if k == "examples" && d == draft06 {
					ok = false
				}
				visit(c, k)
			}
		case []any:
			for _, c := range x {
				visit(c, key)
			}
		case string:
			if (key == "$ref" || key == "$id" || key == "id" || key == "$schema") && !strictRef.MatchString(x) {
				ok = false
			}
			if key == "$id" && strings.Contains(x, "#") && !d.since(draft2019) {
				ok = false
			}
		}
	}
	visit(doc, "")
	return ok
}
