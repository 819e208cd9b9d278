package exercise

import (
	"encoding/json"
	"hash/fnv"
	"maps"
	"math/rand/v2"
	"slices"
	"strconv"

	"github.com/mcplint/mcplint/internal/jsonvalid"
	"github.com/mcplint/mcplint/sdk"
)

// Scenario is one call to make: a tool, a name, and the arguments.
type Scenario struct {
	Tool string
	// Name is "happy-1" … "happy-N", one of the Edge* names, or NoSchema.
	Name string
	// Kind is Happy or Edge.
	Kind string
	// Args are the call's arguments (never nil).
	Args map[string]any
	// BestEffort marks happy arguments mcplint could not confirm against
	// the schema.
	BestEffort bool
	// OldTextUnread marks an edit whose old text could not be read from
	// the file first (fillOldText).
	OldTextUnread bool
}

// Detail is the text of the probe event recorded before the call:
// "exercise TOOL NAME", with " best-effort" and " old-text-unread" when
// they apply.
func (s Scenario) Detail() string {
	d := eventPrefix + s.Tool + " " + s.Name
	if s.BestEffort {
		d += " " + BestEffort
	}
	if s.OldTextUnread {
		d += " " + OldTextUnread
	}
	return d
}

// eventPrefix starts the Detail of every exercise probe event.
const eventPrefix = "exercise "

// Plan returns the scenarios for tools, tool by tool in the order given:
// up to opts.Scenarios happy-path argument sets, then the edge cases the
// schema allows. The arguments depend only on the tool and opts.Seed.
func Plan(tools []sdk.Tool, opts Options) []Scenario {
	n := opts.Scenarios
	if n <= 0 {
		n = DefaultScenarios
	}
	var out []Scenario
	for _, t := range tools {
		out = append(out, planTool(t, n, opts.Seed, opts.Roots)...)
	}
	return out
}

// planTool generates one tool's scenarios.
func planTool(t sdk.Tool, n int, seed uint64, roots Roots) []Scenario {
	root, ok := t.InputSchema.(map[string]any)
	h := fnv.New64a()
	h.Write([]byte(t.Name))
	g := &gen{root: root, rng: rand.New(rand.NewPCG(seed, h.Sum64())), tool: t.Name, readOnly: ReadOnly(t), roots: roots}
	var obj map[string]any
	if ok {
		obj, _ = g.resolve(root).(map[string]any)
	}
	if obj == nil || !isObjectSchema(obj) {
		return []Scenario{{Tool: t.Name, Name: NoSchema, Kind: Happy, Args: map[string]any{}}}
	}
	props, _ := obj["properties"].(map[string]any)
	var optional []string
	for _, name := range sortedKeys(props) {
		if !slices.Contains(requiredOf(obj), name) {
			optional = append(optional, name)
		}
	}
	g.exclusive = exclusivePairs(t.Description, props, optional)
	compiled, err := jsonvalid.Compile(root)
	if err != nil {
		compiled = nil
	}
	check := func(args map[string]any) (ok, known bool) {
		if compiled == nil {
			return false, false
		}
		return compiled.Validate(args) == nil, true
	}

	var out []Scenario
	seen := map[string]bool{}
	add := func(s Scenario) bool {
		key := s.Kind + string(mustJSON(s.Args))
		if seen[key] {
			return false
		}
		seen[key] = true
		out = append(out, s)
		return true
	}
	var happy []map[string]any
	for v := 0; v < 2*n && len(happy) < n; v++ {
		g.unsure, g.plain = false, false
		args := g.object(obj, v, 0)
		ok, known := check(args)
		if known && !ok {
			// An example or default that does not fit its schema is the
			// server's defect, not a reason to send bad arguments.
			g.unsure, g.plain = false, true
			args = g.object(obj, v, 0)
			ok, _ = check(args)
		}
		best := !ok && (known || g.unsure)
		if add(Scenario{Tool: t.Name, Name: happyName(len(happy) + 1), Kind: Happy, Args: args, BestEffort: best}) {
			happy = append(happy, args)
		}
	}

	g.unsure, g.plain = false, true
	full := g.object(obj, 1, 0)
	for _, e := range edges(obj, happy[0], full, g) {
		if ok, known := check(e.Args); known && ok && (e.Name == EdgeMissing || e.Name == EdgeType) {
			continue // the schema accepts it: not the broken input it is named for
		}
		e.Tool, e.Kind = t.Name, Edge
		add(e)
	}
	return out
}

func happyName(i int) string { return "happy-" + strconv.Itoa(i) }

// edges builds the edge cases: base is the first happy argument set, full
// one with every property.
func edges(obj, base, full map[string]any, g *gen) []Scenario {
	var out []Scenario
	props, _ := obj["properties"].(map[string]any)
	required := requiredOf(obj)
	for _, name := range required {
		if _, ok := base[name]; ok {
			args := maps.Clone(base)
			delete(args, name)
			out = append(out, Scenario{Name: EdgeMissing, Args: args})
			break
		}
	}
	order := append(slices.Clone(required), sortedKeys(props)...)
	for _, name := range order {
		ps, ok := g.resolve(props[name]).(map[string]any)
		if !ok {
			continue
		}
		types := typesOf(ps)
		if len(types) == 0 {
			continue
		}
		args := maps.Clone(full)
		if _, ok := args[name]; !ok {
			args = maps.Clone(base)
		}
		args[name] = wrongValue(types)
		out = append(out, Scenario{Name: EdgeType, Args: args})
		break
	}
	empty, zero := maps.Clone(full), maps.Clone(full)
	emptied, zeroed := false, false
	for _, name := range sortedKeys(full) {
		switch full[name].(type) {
		case string:
			empty[name], emptied = "", true
		case []any:
			empty[name], emptied = []any{}, true
		case map[string]any:
			empty[name], emptied = map[string]any{}, true
		case float64:
			zero[name], zeroed = 0.0, true
		case bool:
			zero[name], zeroed = false, true
		}
	}
	if emptied {
		out = append(out, Scenario{Name: EdgeEmpty, Args: empty})
	}
	if zeroed {
		out = append(out, Scenario{Name: EdgeZero, Args: zero})
	}
	return out
}

// wrongValue is a value of a JSON type none of types allows.
func wrongValue(types []string) any {
	allowed := map[string]bool{}
	for _, t := range types {
		allowed[t] = true
	}
	switch {
	case !allowed["string"]:
		return "mcplint: not a " + types[0]
	case !allowed["integer"] && !allowed["number"]:
		return 12345.0
	case !allowed["boolean"]:
		return true
	case !allowed["object"]:
		return map[string]any{"mcplint": "wrong type"}
	case !allowed["array"]:
		return []any{"wrong type"}
	}
	return nil
}

func isObjectSchema(s map[string]any) bool {
	types := typesOf(s)
	if len(types) == 0 {
		_, hasProps := s["properties"]
		return hasProps
	}
	return slices.Contains(types, "object")
}

func requiredOf(s map[string]any) []string {
	list, _ := s["required"].([]any)
	var out []string
	for _, r := range list {
		if name, ok := r.(string); ok && !slices.Contains(out, name) {
			out = append(out, name)
		}
	}
	return out
}

// typesOf is a schema's "type" as a list; nil when it has none.
func typesOf(s map[string]any) []string {
	switch t := s["type"].(type) {
	case string:
		return []string{t}
	case []any:
		var out []string
		for _, x := range t {
			if name, ok := x.(string); ok {
				out = append(out, name)
			}
		}
		return out
	}
	return nil
}

func sortedKeys[V any](m map[string]V) []string {
	return slices.Sorted(maps.Keys(m))
}

func mustJSON(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}
