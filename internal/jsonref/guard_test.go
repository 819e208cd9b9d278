package jsonref_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/internal/jsonref"
)

// walker visits a schema and, through its references and "anyOf"
// members, everything it leads to, as a rule that looks through
// references does.
type walker struct {
	doc     *jsonref.Doc
	guard   jsonref.Guard
	visits  int
	refused int
	deepest int
}

func (w *walker) walk(schema any, hops int) {
	w.visits++
	w.deepest = max(w.deepest, hops)
	m, ok := schema.(map[string]any)
	if !ok {
		return
	}
	if ref, ok := m["$ref"].(string); ok {
		res := w.doc.Resolve(m, ref)
		if res.Kind == jsonref.Local {
			if w.guard.Enter(res.Target) {
				w.walk(res.Target, hops+1)
				w.guard.Leave()
			} else {
				w.refused++
			}
		}
	}
	list, _ := m["anyOf"].([]any)
	for _, sub := range list {
		w.walk(sub, hops)
	}
}

// chain is a schema whose root references $defs/d0, which references d1,
// and so on to d(n-1), which is a string.
func chain(t *testing.T, n int) any {
	var b strings.Builder
	b.WriteString(`{"$ref": "#/$defs/d0", "$defs": {`)
	for i := range n - 1 {
		fmt.Fprintf(&b, `"d%d": {"$ref": "#/$defs/d%d"}, `, i, i+1)
	}
	fmt.Fprintf(&b, `"d%d": {"type": "string"}}}`, n-1)
	return decode(t, b.String())
}

func TestGuardChain(t *testing.T) {
	for _, n := range []int{jsonref.MaxHops, jsonref.MaxHops + 1, 10 * jsonref.MaxHops} {
		root := chain(t, n)
		w := &walker{doc: jsonref.New(root, jsonref.Draft2020)}
		w.walk(root, 0)
		wantRefused := 0
		if n > jsonref.MaxHops {
			wantRefused = 1
		}
		if w.deepest != min(n, jsonref.MaxHops) || w.refused != wantRefused {
			t.Errorf("a chain of %d: followed %d deep, refused %d; want %d, %d", n, w.deepest, w.refused, min(n, jsonref.MaxHops), wantRefused)
		}
	}
}

func TestGuardCycle(t *testing.T) {
	for _, schema := range []string{
		`{"$ref": "#"}`,
		`{"anyOf": [{"$ref": "#"}]}`,
		`{"$ref": "#/$defs/a", "$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"anyOf": [{"$ref": "#/$defs/a"}]}}}`,
	} {
		root := decode(t, schema)
		w := &walker{doc: jsonref.New(root, jsonref.Draft2020)}
		w.walk(root, 0)
		if w.refused != 1 || w.deepest > 3 {
			t.Errorf("%s: refused %d, followed %d deep; want the cycle refused once", schema, w.refused, w.deepest)
		}
	}
}

// TestGuardFanOut checks a schema of exponentially many paths: each of
// forty definitions references the next twice, 2^40 paths in all. Without
// MaxSteps the walk does not end; with it, it follows no more than
// MaxSteps references.
func TestGuardFanOut(t *testing.T) {
	const levels = 40
	var b strings.Builder
	b.WriteString(`{"$ref": "#/$defs/d0", "$defs": {`)
	for i := range levels {
		fmt.Fprintf(&b, `"d%d": {"anyOf": [{"$ref": "#/$defs/d%d"}, {"$ref": "#/$defs/d%d"}]}, `, i, i+1, i+1)
	}
	fmt.Fprintf(&b, `"d%d": {"type": "string"}}}`, levels)
	root := decode(t, b.String())
	w := &walker{doc: jsonref.New(root, jsonref.Draft2020)}
	w.walk(root, 0)
	if w.visits > 4*jsonref.MaxSteps || w.refused == 0 {
		t.Errorf("visited %d schemas, refused %d references; want at most %d visits", w.visits, w.refused, 4*jsonref.MaxSteps)
	}
}
