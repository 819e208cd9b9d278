package jsonref_test

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/mcplint/mcplint/internal/jsonref"
	"github.com/mcplint/mcplint/internal/schemawalk"
)

// suiteFiles are the stored files of the JSON Schema Test Suite, with the
// draft each is written for.
var suiteFiles = map[string]jsonref.Draft{
	"tests/draft2020-12/ref.json":                          jsonref.Draft2020,
	"tests/draft2020-12/anchor.json":                       jsonref.Draft2020,
	"tests/draft2020-12/optional/anchor.json":              jsonref.Draft2020,
	"tests/draft2020-12/optional/refOfUnknownKeyword.json": jsonref.Draft2020,
	"tests/draft2019-09/ref.json":                          jsonref.Draft2019,
	"tests/draft7/ref.json":                                jsonref.Draft7,
	"tests/draft6/ref.json":                                jsonref.Draft6,
	"tests/draft4/ref.json":                                jsonref.Draft4,
}

type suiteGroup struct {
	Description string
	Schema      any
	Tests       []struct {
		Description string
		Data        any
		Valid       bool
	}
}

// TestSuite validates every case of the suite's reference groups with a
// small evaluator whose only way to follow a reference is this package:
// the suite's verdicts are the facts, so a reference resolved to the wrong
// schema, or not at all, turns a verdict.
func TestSuite(t *testing.T) {
	cases := 0
	for file, draft := range suiteFiles {
		raw, err := os.ReadFile(filepath.Join("testdata", "JSON-Schema-Test-Suite", file))
		if err != nil {
			t.Fatal(err)
		}
		var groups []suiteGroup
		if err := json.Unmarshal(raw, &groups); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		for _, g := range groups {
			e := &evaluator{t: t, doc: jsonref.New(g.Schema, draft), draft: draft, group: file + ": " + g.Description}
			for _, c := range g.Tests {
				cases++
				if got := e.valid(g.Schema, c.Data, 0); got != c.Valid {
					t.Errorf("%s: %s: valid = %v, the suite says %v", e.group, c.Description, got, c.Valid)
				}
			}
		}
	}
	if cases < 300 {
		t.Errorf("only %d cases ran: the stored suite is missing files", cases)
	}
}

// evaluator validates instances with the keywords the suite's reference
// groups use. A keyword of JSON Schema it does not evaluate fails the
// test instead of passing silently.
type evaluator struct {
	t     *testing.T
	doc   *jsonref.Doc
	draft jsonref.Draft
	group string
}

// annotations are keywords that assert nothing.
var annotations = map[string]bool{
	"$schema": true, "$id": true, "id": true, "$anchor": true, "$comment": true, "$defs": true,
	"definitions": true, "description": true, "title": true, "examples": true, "default": true,
}

func (e *evaluator) valid(schema, v any, depth int) bool {
	if depth > 64 {
		e.t.Fatalf("%s: evaluation nests past 64 schemas", e.group)
	}
	switch s := schema.(type) {
	case bool:
		return s
	case map[string]any:
		return e.object(s, v, depth)
	}
	e.t.Fatalf("%s: %v is not a schema", e.group, schema)
	return false
}

func (e *evaluator) object(s map[string]any, v any, depth int) bool {
	if ref, ok := s["$ref"].(string); ok {
		res := e.doc.Resolve(s, ref)
		if res.Kind != jsonref.Local {
			e.t.Errorf("%s: $ref %q: kind %v, miss %+v", e.group, ref, res.Kind, res.Miss)
			return false
		}
		if !e.valid(res.Target, v, depth+1) {
			return false
		}
		if e.draft != jsonref.Draft2020 && e.draft != jsonref.Draft2019 {
			return true // draft-07 and earlier: "$ref" overrides its siblings
		}
	}
	ok := true
	for kw, arg := range s {
		if kw == "$ref" || annotations[kw] {
			continue
		}
		if !e.keyword(s, kw, arg, v, depth) {
			ok = false
		}
	}
	return ok
}

func (e *evaluator) keyword(s map[string]any, kw string, arg, v any, depth int) bool {
	obj, isObj := v.(map[string]any)
	arr, isArr := v.([]any)
	num, isNum := v.(float64)
	switch kw {
	case "type":
		return hasType(v, arg.(string))
	case "enum":
		for _, x := range arg.([]any) {
			if equal(x, v) {
				return true
			}
		}
		return false
	case "const":
		return equal(arg, v)
	case "maximum":
		return !isNum || num <= arg.(float64)
	case "minimum":
		return !isNum || num >= arg.(float64)
	case "maxItems":
		return !isArr || float64(len(arr)) <= arg.(float64)
	case "required":
		for _, name := range arg.([]any) {
			if _, ok := obj[name.(string)]; isObj && !ok {
				return false
			}
		}
		return true
	case "properties":
		for name, sub := range arg.(map[string]any) {
			if x, ok := obj[name]; isObj && ok && !e.valid(sub, x, depth+1) {
				return false
			}
		}
		return true
	case "additionalProperties":
		props, _ := s["properties"].(map[string]any)
		for name, x := range obj {
			if _, declared := props[name]; !declared && !e.valid(arg, x, depth+1) {
				return false
			}
		}
		return true
	case "prefixItems":
		for i, sub := range arg.([]any) {
			if i < len(arr) && !e.valid(sub, arr[i], depth+1) {
				return false
			}
		}
		return true
	case "items":
		if list, tuple := arg.([]any); tuple {
			for i, sub := range list {
				if i < len(arr) && !e.valid(sub, arr[i], depth+1) {
					return false
				}
			}
			return true
		}
		from := 0
		if p, ok := s["prefixItems"].([]any); ok {
			from = len(p)
		}
		for i := from; i < len(arr); i++ {
			if !e.valid(arg, arr[i], depth+1) {
				return false
			}
		}
		return true
	case "allOf", "anyOf":
		for _, sub := range arg.([]any) {
			if e.valid(sub, v, depth+1) == (kw == "anyOf") {
				return kw == "anyOf"
			}
		}
		return kw == "allOf"
	case "not":
		return !e.valid(arg, v, depth+1)
	case "if":
		if e.valid(arg, v, depth+1) {
			then, ok := s["then"]
			return !ok || e.valid(then, v, depth+1)
		}
		otherwise, ok := s["else"]
		return !ok || e.valid(otherwise, v, depth+1)
	case "then", "else":
		return true // with "if"
	}
	if schemawalk.KeyOf(kw) != 0 {
		e.t.Fatalf("%s: the test evaluator does not evaluate %q", e.group, kw)
	}
	return true // an unknown keyword asserts nothing
}

func hasType(v any, t string) bool {
	switch x := v.(type) {
	case nil:
		return t == "null"
	case bool:
		return t == "boolean"
	case string:
		return t == "string"
	case []any:
		return t == "array"
	case map[string]any:
		return t == "object"
	case float64:
		return t == "number" || (t == "integer" && x == math.Trunc(x))
	}
	return false
}

func equal(a, b any) bool {
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return string(ja) == string(jb)
}
