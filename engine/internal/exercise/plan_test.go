package exercise

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/engine/internal/synth"
	"github.com/mcplint/mcplint/sdk"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// noLoader refuses every document but the schema itself.
type noLoader struct{}

func (noLoader) Load(url string) (any, error) { return nil, errors.New("no loading " + url) }

// oracle compiles a schema with a fresh compiler, as a test reference.
func oracle(t *testing.T, schema any) *jsonschema.Schema {
	t.Helper()
	b, _ := json.Marshal(schema)
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.UseLoader(noLoader{})
	if err := c.AddResource("test:///s.json", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("test:///s.json")
	if err != nil {
		t.Fatalf("compile %s: %v", b, err)
	}
	return s
}

func validates(t *testing.T, s *jsonschema.Schema, args any) error {
	t.Helper()
	b, _ := json.Marshal(args)
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return s.Validate(inst)
}

func tool(name, schema string) sdk.Tool {
	var def map[string]any
	if err := json.Unmarshal([]byte(`{"name":"`+name+`","inputSchema":`+schema+`}`), &def); err != nil {
		panic(err)
	}
	return sdk.ToolFromDef(def)
}

// schemas are hand-written input schemas covering the keywords the
// generator reads.
var schemas = map[string]string{
	"empty":      `{"type":"object"}`,
	"closed":     `{"type":"object","additionalProperties":false}`,
	"formats":    `{"type":"object","properties":{"d":{"type":"string","format":"date"},"dt":{"type":"string","format":"date-time"},"e":{"type":"string","format":"email"},"u":{"type":"string","format":"uri"},"id":{"type":"string","format":"uuid"},"ip":{"type":"string","format":"ipv4"}},"required":["d","dt","e","u","id","ip"]}`,
	"bounds":     `{"type":"object","properties":{"a":{"type":"integer","minimum":3,"maximum":9},"b":{"type":"number","exclusiveMinimum":0,"exclusiveMaximum":1},"c":{"type":"integer","minimum":-5,"multipleOf":4},"d":{"type":"integer","maximum":-10}},"required":["a","b","c","d"]}`,
	"draft4":     `{"$schema":"http://json-schema.org/draft-04/schema#","type":"object","properties":{"n":{"type":"integer","minimum":0,"exclusiveMinimum":true,"maximum":2,"exclusiveMaximum":true}},"required":["n"]}`,
	"lengths":    `{"type":"object","properties":{"s":{"type":"string","minLength":12,"maxLength":14},"t":{"type":"string","maxLength":2}},"required":["s","t"]}`,
	"patterns":   `{"type":"object","properties":{"code":{"type":"string","pattern":"^[A-Z]{3}-\\d{4}$"},"slug":{"type":"string","pattern":"^[a-z0-9]+(?:-[a-z0-9]+)*$"},"alt":{"type":"string","pattern":"^(red|green|blue)$"}},"required":["code","slug","alt"]}`,
	"enums":      `{"type":"object","properties":{"unit":{"enum":["c","f"]},"k":{"const":42},"mixed":{"type":["string","null"],"enum":["x",null]}},"required":["unit","k","mixed"]}`,
	"arrays":     `{"type":"object","properties":{"tags":{"type":"array","items":{"type":"string","enum":["a","b","c"]},"minItems":2,"uniqueItems":true},"pair":{"type":"array","prefixItems":[{"type":"integer"},{"type":"string"}],"minItems":2},"none":{"type":"array","maxItems":0}},"required":["tags","pair","none"]}`,
	"nested":     `{"type":"object","properties":{"filter":{"type":"object","properties":{"range":{"type":"object","properties":{"from":{"type":"string","format":"date"},"to":{"type":"string","format":"date"}},"required":["from","to"]}},"required":["range"]}},"required":["filter"]}`,
	"refs":       `{"type":"object","$defs":{"Address":{"type":"object","properties":{"city":{"type":"string"},"zip":{"type":"string","pattern":"^[0-9]{5}$"}},"required":["city","zip"]}},"properties":{"to":{"$ref":"#/$defs/Address"},"from":{"$ref":"#/$defs/Address"}},"required":["to"]}`,
	"draft7refs": `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","definitions":{"n":{"type":"integer","minimum":10}},"properties":{"x":{"$ref":"#/definitions/n"}},"required":["x"]}`,
	"rootref":    `{"$ref":"#/$defs/Args","$defs":{"Args":{"type":"object","properties":{"q":{"type":"string","minLength":3}},"required":["q"]}}}`,
	"recursive":  `{"type":"object","$defs":{"node":{"type":"object","properties":{"name":{"type":"string"},"children":{"type":"array","items":{"$ref":"#/$defs/node"}}},"required":["name"]}},"properties":{"tree":{"$ref":"#/$defs/node"}},"required":["tree"]}`,
	"anyof":      `{"type":"object","properties":{"when":{"anyOf":[{"type":"null"},{"type":"string","format":"date"}]},"id":{"oneOf":[{"type":"integer","minimum":1},{"type":"string","pattern":"^[a-z]+$"}]}},"required":["when","id"]}`,
	"allof":      `{"allOf":[{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]},{"properties":{"b":{"type":"integer","minimum":1}},"required":["b"]}]}`,
	"defaults":   `{"type":"object","properties":{"limit":{"type":"integer","minimum":1,"maximum":50,"default":10},"order":{"type":"string","examples":["asc"],"enum":["asc","desc"]},"bad":{"type":"integer","minimum":5,"default":1}},"required":["limit","order","bad"]}`,
	"undeclared": `{"type":"object","properties":{"a":{"type":"string"}},"required":["a","ghost"]}`,
	"minprops":   `{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"},"c":{"type":"string"}},"minProperties":2}`,
	"nullable":   `{"type":"object","properties":{"n":{"type":["null","integer"],"minimum":1}},"required":["n"]}`,
	"untyped":    `{"properties":{"count":{"minimum":2},"items":{"items":{"type":"string"},"minItems":1}},"required":["count","items"]}`,
}

func TestHappyArgumentsValidate(t *testing.T) {
	for name, src := range schemas {
		tl := tool(name, src)
		got := Plan([]sdk.Tool{tl}, Options{})
		s := oracle(t, tl.InputSchema)
		happy := 0
		for _, sc := range got {
			if sc.Kind != Happy {
				continue
			}
			happy++
			if sc.BestEffort || sc.Name == NoSchema {
				t.Errorf("%s %s: flagged %v", name, sc.Name, sc.BestEffort)
			}
			if err := validates(t, s, sc.Args); err != nil {
				t.Errorf("%s %s: %s does not validate: %v", name, sc.Name, mustJSON(sc.Args), err)
			}
		}
		if happy == 0 {
			t.Errorf("%s: no happy scenario", name)
		}
	}
}

// TestSynthToolsValidate is the property over generated tool lists: every
// happy argument set of every tool validates against its schema.
func TestSynthToolsValidate(t *testing.T) {
	for seed := range int64(4) {
		var list struct {
			Tools []sdk.Tool `json:"tools"`
		}
		if err := json.Unmarshal(synth.ToolList(150, seed), &list); err != nil {
			t.Fatal(err)
		}
		for _, tl := range list.Tools {
			s := oracle(t, tl.InputSchema)
			for _, sc := range Plan([]sdk.Tool{tl}, Options{Seed: uint64(seed)}) {
				if sc.Kind != Happy {
					continue
				}
				if unsatisfiable(tl.InputSchema.(map[string]any)) {
					if !sc.BestEffort {
						t.Errorf("seed %d %s: an unsatisfiable schema's arguments are not flagged best-effort", seed, tl.Name)
					}
					continue
				}
				if err := validates(t, s, sc.Args); err != nil || sc.BestEffort {
					t.Errorf("seed %d %s %s: %s best-effort %v: %v\nschema %s", seed, tl.Name, sc.Name, mustJSON(sc.Args), sc.BestEffort, err, mustJSON(tl.InputSchema))
				}
			}
		}
	}
}

func TestEdgeScenarios(t *testing.T) {
	for _, tc := range []struct {
		schema string
		want   []string
	}{
		{`{"type":"object"}`, nil},
		{`{"type":"object","properties":{"city":{"type":"string"}},"required":["city"]}`, []string{EdgeMissing, EdgeType, EdgeEmpty}},
		{`{"type":"object","properties":{"days":{"type":"integer"}}}`, []string{EdgeType, EdgeZero}},
		{`{"type":"object","properties":{"x":{}}}`, []string{EdgeEmpty}},
		{`{"type":"object","properties":{"on":{"type":"boolean"},"tags":{"type":"array"}},"required":["on"]}`, []string{EdgeMissing, EdgeType, EdgeEmpty, EdgeZero}},
	} {
		tl := tool("t", tc.schema)
		s := oracle(t, tl.InputSchema)
		var got []string
		for _, sc := range Plan([]sdk.Tool{tl}, Options{}) {
			if sc.Kind != Edge {
				continue
			}
			got = append(got, sc.Name)
			if (sc.Name == EdgeMissing || sc.Name == EdgeType) && validates(t, s, sc.Args) == nil {
				t.Errorf("%s: %s sends %s, which the schema accepts", tc.schema, sc.Name, mustJSON(sc.Args))
			}
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: edges %v, want %v", tc.schema, got, tc.want)
		}
	}
}

func TestNoSchema(t *testing.T) {
	for _, src := range []string{`null`, `"object"`, `{"type":"string"}`, `{}`, `{"$ref":"#/nowhere"}`, `{"$ref":"https://example.com/s.json"}`} {
		got := Plan([]sdk.Tool{tool("t", src)}, Options{})
		if len(got) != 1 || got[0].Name != NoSchema || got[0].Kind != Happy || len(got[0].Args) != 0 {
			t.Errorf("%s: %+v", src, got)
		}
	}
	got := Plan([]sdk.Tool{{Name: "bare"}}, Options{})
	if len(got) != 1 || got[0].Name != NoSchema {
		t.Errorf("no inputSchema: %+v", got)
	}
}

func TestBestEffort(t *testing.T) {
	// Go's regexp has no lookahead: the value cannot be checked.
	tl := tool("t", `{"type":"object","properties":{"p":{"type":"string","pattern":"^(?=.*[0-9])[a-z0-9]{8}$"}},"required":["p"]}`)
	for _, sc := range Plan([]sdk.Tool{tl}, Options{}) {
		if sc.Kind == Happy && !sc.BestEffort {
			t.Errorf("%s: %s not flagged best-effort", sc.Name, mustJSON(sc.Args))
		}
		if sc.Kind == Happy && !strings.HasSuffix(sc.Detail(), " "+BestEffort) {
			t.Errorf("detail %q", sc.Detail())
		}
	}
}

func TestPlanIsDeterministic(t *testing.T) {
	var list struct {
		Tools []sdk.Tool `json:"tools"`
	}
	json.Unmarshal(synth.ToolList(40, 9), &list)
	a, b := Plan(list.Tools, Options{Seed: 7}), Plan(list.Tools, Options{Seed: 7})
	if !reflect.DeepEqual(a, b) {
		t.Fatal("two plans of the same tools differ")
	}
}

func TestHappyVariety(t *testing.T) {
	tl := tool("t", `{"type":"object","properties":{"city":{"type":"string"},"units":{"enum":["metric","imperial"]},"days":{"type":"integer","minimum":1,"maximum":7}},"required":["city"]}`)
	var happy []string
	for _, sc := range Plan([]sdk.Tool{tl}, Options{Scenarios: 3}) {
		if sc.Kind == Happy {
			happy = append(happy, string(mustJSON(sc.Args)))
		}
	}
	want := []string{`{"city":"Paris"}`, `{"city":"London","days":1,"units":"imperial"}`}
	if len(happy) != 3 || happy[0] != want[0] || happy[1] != want[1] {
		t.Errorf("happy arguments %q", happy)
	}
}

func TestSelect(t *testing.T) {
	yes, no := true, false
	tools := []sdk.Tool{
		{Name: "read", Annotations: &sdk.ToolAnnotations{ReadOnlyHint: &yes}},
		{Name: "write", Annotations: &sdk.ToolAnnotations{ReadOnlyHint: &no, DestructiveHint: &no}},
		{Name: "drop", Annotations: &sdk.ToolAnnotations{ReadOnlyHint: &no}},
		{Name: "silent"},
	}
	names := func(ts []sdk.Tool) (out []string) {
		for _, t := range ts {
			out = append(out, t.Name)
		}
		return out
	}
	call, risky := Select(tools, ModeReadOnly)
	if !reflect.DeepEqual(names(call), []string{"read"}) || risky != nil {
		t.Errorf("readonly: %v %v", names(call), names(risky))
	}
	call, risky = Select(tools, ModeAll)
	if len(call) != 4 || !reflect.DeepEqual(names(risky), []string{"write", "drop", "silent"}) {
		t.Errorf("all: %v %v", names(call), names(risky))
	}
	if call, _ := Select(tools, ModeNone); call != nil {
		t.Errorf("none calls %v", names(call))
	}
	var b strings.Builder
	Announce(&b, "srv", ModeAll, call, risky)
	want := `mcplint: --exercise=all: calling 4 tools of srv: "read", "write", "drop", "silent"` + "\n" +
		`mcplint: --exercise=all: 4 of them may reach beyond this machine (no openWorldHint false): "read", "write", "drop", "silent"; --exercise=closed calls none of them` + "\n" +
		`mcplint: --exercise=all: of these, not read-only: "write" (not read-only), "drop" (destructive), "silent" (no readOnlyHint)` + "\n"
	if b.String() != want {
		t.Errorf("notice\n%s\nwant\n%s", b.String(), want)
	}
}

func TestSelectClosed(t *testing.T) {
	yes, no := true, false
	tools := []sdk.Tool{
		{Name: "local", Annotations: &sdk.ToolAnnotations{ReadOnlyHint: &yes, OpenWorldHint: &no}},
		{Name: "web", Annotations: &sdk.ToolAnnotations{ReadOnlyHint: &yes, OpenWorldHint: &yes}},
		{Name: "unsaid", Annotations: &sdk.ToolAnnotations{ReadOnlyHint: &yes}},
		{Name: "write", Annotations: &sdk.ToolAnnotations{ReadOnlyHint: &no, OpenWorldHint: &no}},
	}
	call, risky := Select(tools, ModeClosed)
	if len(call) != 1 || call[0].Name != "local" || risky != nil {
		t.Errorf("closed calls %+v, risky %+v", call, risky)
	}
	var b strings.Builder
	Announce(&b, "srv", ModeReadOnly, tools[:3], nil)
	if !strings.Contains(b.String(), `2 of them may reach beyond this machine (no openWorldHint false): "web", "unsaid"`) {
		t.Errorf("notice %q", b.String())
	}
}

// server-filesystem 2026.8.31's read_text_file (its description and
// schema as listed) presents head and tail as alternatives; the server
// refuses both at once. No happy-path call may send both.
func TestPlanKeepsAlternativesApart(t *testing.T) {
	yes := true
	tool := sdk.Tool{
		Name:        "read_text_file",
		Description: "Read the complete contents of a file from the file system as text. Use the 'head' parameter to read only the first N lines of a file, or the 'tail' parameter to read only the last N lines of a file. Only works within allowed directories.",
		Annotations: &sdk.ToolAnnotations{ReadOnlyHint: &yes},
		InputSchema: map[string]any{"type": "object", "required": []any{"path"}, "properties": map[string]any{
			"path": map[string]any{"type": "string"},
			"tail": map[string]any{"type": "number", "description": "If provided, returns only the last N lines of the file"},
			"head": map[string]any{"type": "number", "description": "If provided, returns only the first N lines of the file"},
		}},
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(file, []byte("hello\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	roots := RootsFromArgs([]string{"mcp-server-filesystem", dir}, "/")
	if len(roots.Dirs) != 1 || roots.File != file {
		t.Fatalf("roots %+v", roots)
	}
	for _, sc := range Plan([]sdk.Tool{tool}, Options{Roots: roots}) {
		_, head := sc.Args["head"]
		_, tail := sc.Args["tail"]
		if sc.Kind == Happy && head && tail {
			t.Errorf("%s sends head and tail together: %v", sc.Name, sc.Args)
		}
		if sc.Kind == Happy && sc.Args["path"] != file {
			t.Errorf("%s path %v, want %s", sc.Name, sc.Args["path"], file)
		}
	}
}

func TestPathKind(t *testing.T) {
	for _, c := range []struct{ prop, tool, want string }{
		{"path", "read_text_file", "file"},
		{"path", "list_directory", "dir"},
		{"path", "directory_tree", "dir"},
		{"path", "search_files", "dir"},
		{"paths", "read_multiple_files", "file"},
		{"source", "move_file", "file"},
		{"source", "search_news", ""},
		{"file_path", "analyze", "file"},
		{"workdir", "git_status", "dir"},
		{"query", "search_files", ""},
	} {
		if got := pathKind(singular(c.prop), c.tool); got != c.want {
			t.Errorf("pathKind(%q, %q) = %q, want %q", c.prop, c.tool, got, c.want)
		}
	}
}

// git-mcp-server 2.15.3 describes its "path" as "Path to the Git
// repository": a folder, the working directory when no root is known.
func TestPathFromDescription(t *testing.T) {
	g := &gen{tool: "git_status"}
	p, ok := g.path(map[string]any{"type": "string", "description": "Path to the Git repository. Defaults to session working directory set via git_set_working_dir."}, "path")
	if !ok || p != "." {
		t.Errorf("repository path %q, %v", p, ok)
	}
	if p, ok := g.path(map[string]any{"type": "string", "description": "Path to the file to blame (relative to repository root)."}, "filePath"); ok {
		t.Errorf("file path %q without roots", p)
	}
}

func TestRootsFromAnswer(t *testing.T) {
	dir := t.TempDir()
	r := rootsFromAnswer("Allowed directories:\n" + dir + "\n/nonexistent/elsewhere")
	if !reflect.DeepEqual(r.Dirs, []string{dir}) {
		t.Errorf("local roots %v", r.Dirs)
	}
	r = rootsFromAnswer("Allowed directories: /srv/a, /srv/b.")
	if !reflect.DeepEqual(r.Dirs, []string{"/srv/a", "/srv/b"}) {
		t.Errorf("remote roots %v", r.Dirs)
	}
}

// unsatisfiable reports the synth defect no arguments can satisfy: a
// required name that is not a property, with additionalProperties false.
func unsatisfiable(schema map[string]any) bool {
	props, _ := schema["properties"].(map[string]any)
	if ap, ok := schema["additionalProperties"].(bool); !ok || ap {
		return false
	}
	for _, r := range requiredOf(schema) {
		if _, ok := props[r]; !ok {
			return true
		}
	}
	return false
}

// server-everything 2026.8.31's trigger-long-running-operation runs for
// its default 10 s unless told otherwise; a person trying it asks for one
// second, and so does every happy-path call.
func TestPlanAsksForShortWaits(t *testing.T) {
	yes := true
	tool := sdk.Tool{
		Name:        "trigger-long-running-operation",
		Description: "Demonstrates a long running operation with progress updates.",
		Annotations: &sdk.ToolAnnotations{ReadOnlyHint: &yes},
		InputSchema: map[string]any{"type": "object", "properties": map[string]any{
			"duration": map[string]any{"type": "number", "default": 10.0},
			"steps":    map[string]any{"type": "number", "default": 5.0},
		}},
	}
	happy := 0
	for _, sc := range Plan([]sdk.Tool{tool}, Options{}) {
		if sc.Kind != Happy {
			continue
		}
		happy++
		if sc.Args["duration"] != 1.0 {
			t.Errorf("%s: duration %v, want 1", sc.Name, sc.Args["duration"])
		}
	}
	if happy == 0 {
		t.Fatal("no happy-path scenario")
	}
	bounded := map[string]any{"type": "integer", "minimum": 5.0, "maximum": 60.0}
	if got := (&gen{}).shortest(bounded, true); got != 5 {
		t.Errorf("shortest of [5, 60] = %v", got)
	}
}
